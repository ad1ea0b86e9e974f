import {
  absences,
  and,
  courseAssignments,
  courseDueDates,
  eq,
  preparedQuery,
  reminderSettings,
  sql,
  type TDb,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { absenceOn, dueState, effectiveDueOn, type TDueState } from './effective-due.ts';
import { DEFAULT_REMINDER_SETTINGS } from './reminder-settings.ts';

export interface TLearnerDue {
  dueOn: string;
  state: TDueState;
}

// /trainings runs these on every visit: prepared once per connection, one row per assignment.
const dueRows = preparedQuery((db) =>
  db
    .select({
      slug: courseAssignments.courseSlug,
      assignedAt: courseAssignments.assignedAt,
      personalDueOn: courseAssignments.dueOn,
      courseDueOn: courseDueDates.dueOn,
      defaultDueDays: reminderSettings.defaultDueDays,
      remindDaysBefore: reminderSettings.remindDaysBefore,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(
      courseDueDates,
      and(eq(courseDueDates.companyId, users.companyId), eq(courseDueDates.courseSlug, courseAssignments.courseSlug)),
    )
    .leftJoin(reminderSettings, eq(reminderSettings.companyId, users.companyId))
    .where(eq(courseAssignments.userId, sql.placeholder('userId')))
    .prepare('due_dates_of_learner'),
);
const absenceRows = preparedQuery((db) =>
  db
    .select({ startsOn: absences.startsOn, endsOn: absences.endsOn })
    .from(absences)
    .where(eq(absences.userId, sql.placeholder('userId')))
    .prepare('absences_of_learner'),
);

/**
 * The learner's due date per assigned course, and where it stands today (ADR 033); courses without
 * a due date are missing from the map. While the learner is absent, `absentUntil` says until when.
 */
export async function learnerDueDates(
  db: TDb,
  userId: string,
  now: Date,
): Promise<{ bySlug: Map<string, TLearnerDue>; absentUntil: string | null }> {
  const rows = await dueRows(db).execute({ userId });
  const ownAbsences = await absenceRows(db).execute({ userId });
  const today = berlinDay(now);
  const bySlug = new Map<string, TLearnerDue>();
  for (const row of rows) {
    const dueOn = effectiveDueOn({
      assignedAt: row.assignedAt,
      personalDueOn: row.personalDueOn,
      courseDueOn: row.courseDueOn,
      defaultDueDays: row.defaultDueDays,
      absences: ownAbsences,
    });
    const soonDays = row.remindDaysBefore ?? DEFAULT_REMINDER_SETTINGS.remindDaysBefore;
    if (dueOn) bySlug.set(row.slug, { dueOn, state: dueState(dueOn, today, soonDays) });
  }
  return { bySlug, absentUntil: absenceOn(ownAbsences, today)?.endsOn ?? null };
}
