import type { TCompanyCertificateContent } from '@portal/certificates';
import { and, companies, courseAssignments, courseProgress, eq, type TDb, users } from '@portal/db';
import { CERTIFICATE_MIN_COURSES, isEmployerSettingsComplete } from '@portal/validators';
import { companyHasOrderProcessing } from '../avv/order-processing.ts';
import { notFound } from '../errors.ts';
import { courseCatalog } from '../learning/catalog.ts';

/**
 * DECISIONS.md: the proof of insurance exists once the employer settings are complete and the
 * AVV is accepted. `reason` tells the page which of the two is missing.
 */
export async function companyCertificateAvailability(db: TDb, companyId: string) {
  const [row] = await db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      salutation: users.salutation,
      companyName: companies.companyName,
      street: companies.street,
      postCode: companies.postCode,
      city: companies.city,
      phoneNumber: companies.phoneNumber,
      insuranceNumber: companies.insuranceNumber,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  if (!row) throw notFound();
  const { firstname, lastname, email, salutation, ...company } = row;
  if (!isEmployerSettingsComplete({ firstname, lastname, email, salutation, company })) {
    return { available: false, reason: 'settings_incomplete' } as const;
  }
  if (!(await companyHasOrderProcessing(db, companyId))) return { available: false, reason: 'avv_missing' } as const;
  return { available: true, reason: null } as const;
}

/**
 * What the proof of insurance says right now: people with at least one assigned course
 * (enrolled), those who meet the personal certificate's rule (certified), and per assigned course
 * how many completed it. Only catalog courses count, as on the personal certificate.
 */
export async function companyCertificateContent(db: TDb, companyId: string): Promise<TCompanyCertificateContent> {
  const [company] = await db
    .select({
      name: companies.companyName,
      street: companies.street,
      postCode: companies.postCode,
      city: companies.city,
      insuranceNumber: companies.insuranceNumber,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const catalog = courseCatalog();
  const assignments = await db
    .select({ userId: courseAssignments.userId, slug: courseAssignments.courseSlug, status: courseProgress.status })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(
      courseProgress,
      and(
        eq(courseProgress.userId, courseAssignments.userId),
        eq(courseProgress.courseSlug, courseAssignments.courseSlug),
      ),
    )
    .where(eq(users.companyId, companyId));

  const people = new Map<string, { assigned: number; completed: number }>();
  const perCourse = new Map<string, { assigned: number; completed: number }>();
  for (const row of assignments) {
    if (!catalog.has(row.slug as never)) continue;
    const person = people.get(row.userId) ?? { assigned: 0, completed: 0 };
    const course = perCourse.get(row.slug) ?? { assigned: 0, completed: 0 };
    person.assigned += 1;
    course.assigned += 1;
    if (row.status === 'completed') {
      person.completed += 1;
      course.completed += 1;
    }
    people.set(row.userId, person);
    perCourse.set(row.slug, course);
  }
  const everyone = [...people.values()];
  return {
    kind: 'company',
    company,
    enrolled: everyone.length,
    certified: everyone.filter((p) => p.completed === p.assigned && p.completed >= CERTIFICATE_MIN_COURSES).length,
    courses: [...catalog.values()].flatMap((course) => {
      const figures = perCourse.get(course.meta.slug);
      if (!figures) return [];
      return [
        {
          slug: course.meta.slug,
          title: { de: course.text.de.title, en: course.text.en.title },
          assigned: figures.assigned,
          completed: figures.completed,
        },
      ];
    }),
  };
}
