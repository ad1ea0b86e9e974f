import { addDays, berlinDay, CERTIFICATE_MIN_COURSES, daysBetween } from '@portal/validators';
import { absenceOn, dueState, effectiveDueOn, type TAbsenceDays } from '../due-dates/effective-due.ts';
import type { courseCatalog } from '../learning/catalog.ts';
import type { TReminderCourse } from '../mail/reminder-mails.ts';
import {
  reasonKey,
  type TCompany,
  type TCourseDue,
  type TPerson,
  type TPersonSummary,
  type TPlan,
  type TReason,
} from './reminder-plan.ts';
import type { TPeopleSlice } from './reminder-read.ts';

/** The employer is told this many days before the company certificate runs out (issue 22). */
export const CERTIFICATE_NOTICE_DAYS = 30;

export interface TDayContext {
  today: string;
  publicUrl: string;
  catalog: ReturnType<typeof courseCatalog>;
}

/**
 * One person's part of the daily run (ADR 033): the yearly refresher when their certificate runs
 * out within 30 days (and the new certificate once it is passed again), and the learner's mail
 * listing the courses due soon or overdue, at most one in the company's gap of days. Adds what it
 * decides to `plan`; returns what the company's digest and alerts need to know of the person.
 */
export function planPerson(
  company: TCompany,
  person: TPerson,
  data: TPeopleSlice & { absencesOf: Map<string, TAbsenceDays[]> },
  plan: TPlan,
  day: TDayContext,
): TPersonSummary {
  const { settings } = company;
  const { today, publicUrl, catalog } = day;
  const own = data.absencesOf.get(person.id) ?? [];
  const absent = absenceOn(own, today) !== undefined;
  const courses: TCourseDue[] = (data.assignmentsOf.get(person.id) ?? []).map((row) => ({
    slug: row.slug,
    completed: row.status === 'completed',
    dueOn: effectiveDueOn({
      assignedAt: new Date(Number(row.assignedAt)),
      personalDueOn: row.personalDueOn,
      courseDueOn: company.courseDueOn.get(row.slug) ?? null,
      defaultDueDays: settings.defaultDueDays,
      absences: own,
    }),
  }));
  const log = data.logOf.get(person.id) ?? [];
  const push = (reason: Omit<TReason, 'companyId' | 'userId'>) => {
    const full = { companyId: company.id, userId: person.id, ...reason };
    plan.reasons.push(full);
    return reasonKey(full);
  };
  const titleOf = (slug: string) => catalog.get(slug as never)?.text[person.lang].title;

  // The refresher: 30 days before a personal certificate runs out, its holder's courses open again.
  const certificate = data.personalOf.get(person.id);
  if (certificate && !absent) {
    const validUntil = berlinDay(certificate.validUntil);
    const completedCourses = courses.filter((course) => course.completed);
    if (validUntil <= addDays(today, CERTIFICATE_NOTICE_DAYS) && completedCourses.length > 0) {
      const key = `certificate@${certificate.id}`;
      const logged = new Set(log.filter((row) => row.kind === 'refresher').map((row) => row.key));
      if (logged.has(key)) {
        // Reopened on an earlier day: once every assigned course is completed again, the new
        // certificate is issued (here, or earlier when the learner opens the certificate page).
        const renewedKey = `renewed@${certificate.id}`;
        if (
          !logged.has(renewedKey) &&
          courses.length >= CERTIFICATE_MIN_COURSES &&
          courses.every((course) => course.completed)
        ) {
          plan.renewals.set(push({ kind: 'refresher', key: renewedKey }), {
            person,
            companyId: company.id,
            company: company.name,
          });
        }
      } else {
        const reasonId = push({ kind: 'refresher', key });
        plan.refreshers.add(reasonId);
        // Reopened courses are not completed any more: the reminders and the company's figures
        // below already see them as open (their due dates start from today).
        for (const course of completedCourses) {
          course.completed = false;
          course.dueOn = settings.defaultDueDays === null ? null : addDays(today, settings.defaultDueDays);
        }
        if (person.reachable) {
          plan.mails.set(reasonId, {
            to: person.email,
            lang: person.lang,
            userId: person.id,
            companyId: company.id,
            mail: {
              template: 'refresher_notice',
              params: {
                name: person.firstname,
                company: company.name,
                validUntil,
                courses: completedCourses.flatMap((course) => {
                  const title = titleOf(course.slug);
                  return title ? [{ title, link: `${publicUrl}/trainings/${course.slug}` }] : [];
                }),
              },
            },
          });
        }
      }
    }
  }

  const stateOf = (course: TCourseDue) =>
    course.completed || course.dueOn === null ? null : dueState(course.dueOn, today, settings.remindDaysBefore);
  const summary: TPersonSummary = {
    person,
    absent,
    courses: courses.length,
    completed: courses.filter((course) => course.completed).length,
    overdue: courses.some((course) => stateOf(course) === 'overdue'),
    dueSoon: courses.some((course) => stateOf(course) === 'due_soon'),
  };

  // The learner's mail.
  if (!person.reachable || absent) return summary;
  let lastMail: string | null = null;
  for (const row of log)
    if (row.kind === 'learner_mail' && (lastMail === null || row.sentOn > lastMail)) lastMail = row.sentOn;
  if (lastMail !== null && daysBetween(lastMail, today) < settings.reminderGapDays) return summary;
  const sent = new Set(log.map((row) => `${row.kind}|${row.key}`));
  const listed: TReminderCourse[] = [];
  for (const course of courses) {
    const state = stateOf(course);
    const title = titleOf(course.slug);
    if (!title || course.dueOn === null) continue;
    const key = `${course.slug}@${course.dueOn}`;
    const link = `${publicUrl}/trainings/${course.slug}`;
    if (state === 'overdue' && settings.remindOverdue && !sent.has(`overdue|${key}`)) {
      push({ kind: 'overdue', key });
      listed.push({ slug: course.slug, title, link, dueOn: course.dueOn, overdue: true });
    } else if (
      state === 'due_soon' &&
      settings.remindBefore &&
      !sent.has(`due_soon|${key}`) &&
      !sent.has(`overdue|${key}`)
    ) {
      push({ kind: 'due_soon', key });
      listed.push({ slug: course.slug, title, link, dueOn: course.dueOn, overdue: false });
    }
  }
  if (listed.length === 0) return summary;
  listed.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  plan.learnerCourses.set(person.id, listed);
  plan.mails.set(push({ kind: 'learner_mail', key: today }), {
    to: person.email,
    lang: person.lang,
    userId: person.id,
    companyId: company.id,
    mail: {
      template: 'learner_reminder',
      params: { name: person.firstname, company: company.name, courses: listed, gapDays: settings.reminderGapDays },
    },
  });
  return summary;
}
