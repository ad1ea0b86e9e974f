import { companies, courseAssignments, eq, type TDb, users } from '@portal/db';
import { notFound } from '../errors.ts';
import { findCourse } from '../learning/catalog.ts';

export interface TImportContext {
  companyId: string;
  companyName: string;
  owner: { id: string; email: string; firstname: string; lastname: string; lang: 'de' | 'en' } | null;
  /** The courses the policyholder has assigned to themself (ADR 018: the default for imported people). */
  defaultCourses: string[];
}

/** What an import and its information mail need to know about the company. */
export async function importContext(db: TDb, companyId: string): Promise<TImportContext> {
  const [company] = await db
    .select({ id: companies.id, name: companies.companyName, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const [owner] = company.ownerId
    ? await db
        .select({
          id: users.id,
          email: users.email,
          firstname: users.firstname,
          lastname: users.lastname,
          lang: users.lang,
        })
        .from(users)
        .where(eq(users.id, company.ownerId))
    : [];
  const defaultCourses = owner
    ? (
        await db
          .select({ slug: courseAssignments.courseSlug })
          .from(courseAssignments)
          .where(eq(courseAssignments.userId, owner.id))
      )
        .map((row) => row.slug)
        // A course removed from the content keeps old assignments, but nobody new gets it.
        .filter((slug) => findCourse(slug) !== undefined)
    : [];
  return { companyId: company.id, companyName: company.name, owner: owner ?? null, defaultCourses };
}
