import {
  absences,
  and,
  asc,
  certificates,
  companies,
  courseAssignments,
  courseDueDates,
  courseProgress,
  eq,
  inArray,
  isNull,
  ne,
  reminderLog,
  reminderSettings,
  sql,
  type TDatabase,
  users,
} from '@portal/db';
import { isBundesland } from '@portal/validators';
import type { TAbsenceDays } from '../due-dates/effective-due.ts';
import { DEFAULT_REMINDER_SETTINGS } from '../due-dates/reminder-settings.ts';
import type { TCompany, TPerson } from './reminder-plan.ts';

/*
 * The reminder run's reads (ADR 033). Company-wide rows are read per page of companies by company
 * id; the rows that grow with the people (assignments with progress, the reminder log, personal
 * certificates) per slice of people by user id, which both databases answer from the indexes that
 * lead with user_id, whatever the size of the company.
 */

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * Every company whose policyholder accepted the AVV, in id order: read once per run (20,000 rows
 * on the load data set), since paging it with `id > last` made PostgreSQL hash all owners again
 * for each page (30 ms a page).
 */
export function readEligibleCompanies(db: TDatabase) {
  return db
    .select({ id: companies.id, name: companies.companyName, ownerId: companies.ownerId })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(users.orderProcessingAccepted, true))
    .orderBy(asc(companies.id));
}

/** Each company of a page with its settings, people, course dates and certificate; absences by person. */
export async function readCompanies(
  db: TDatabase,
  page: readonly { id: string; name: string; ownerId: string | null }[],
): Promise<{ companies: TCompany[]; absencesOf: Map<string, TAbsenceDays[]> }> {
  const ids = page.map((company) => company.id);
  const [settingsRows, people, courseDates, absenceRows, companyCertificates] = await Promise.all([
    db.select().from(reminderSettings).where(inArray(reminderSettings.companyId, ids)),
    db
      .select({
        id: users.id,
        companyId: users.companyId,
        role: users.role,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        lang: users.lang,
        active: users.active,
        locked: users.locked,
      })
      .from(users)
      .where(and(inArray(users.companyId, ids), ne(users.role, 'admin')))
      .orderBy(asc(users.companyId), asc(users.id)),
    db.select().from(courseDueDates).where(inArray(courseDueDates.companyId, ids)),
    db
      .select({ userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
      .from(absences)
      .where(inArray(absences.companyId, ids)),
    db
      .select({ id: certificates.id, companyId: certificates.companyId, validUntil: certificates.validUntil })
      .from(certificates)
      .where(
        and(eq(certificates.kind, 'company'), inArray(certificates.companyId, ids), isNull(certificates.revokedAt)),
      ),
  ]);

  const settingsOf = new Map(settingsRows.map((row) => [row.companyId, row]));
  const peopleOf = groupBy(
    people.map(
      (person): TPerson => ({
        id: person.id,
        companyId: person.companyId ?? '',
        role: person.role as TPerson['role'],
        firstname: person.firstname,
        lastname: person.lastname,
        email: person.email,
        lang: person.lang,
        reachable: person.active && !person.locked,
      }),
    ),
    (person) => person.companyId,
  );
  const datesOf = groupBy(courseDates, (row) => row.companyId);
  const certificateOf = new Map<string, { id: string; validUntil: Date }>();
  for (const certificate of companyCertificates) {
    const current = certificateOf.get(certificate.companyId ?? '');
    if (!current || certificate.validUntil > current.validUntil)
      certificateOf.set(certificate.companyId ?? '', certificate);
  }
  return {
    companies: page.map((company): TCompany => {
      const stored = settingsOf.get(company.id);
      let settings = DEFAULT_REMINDER_SETTINGS;
      if (stored) {
        const { companyId: _company, state, completionBelow: _below, updatedAt: _updated, ...rest } = stored;
        settings = { ...rest, state: isBundesland(state) ? state : null };
      }
      return {
        ...company,
        settings,
        completionBelow: stored?.completionBelow ?? null,
        people: peopleOf.get(company.id) ?? [],
        courseDueOn: new Map((datesOf.get(company.id) ?? []).map((row) => [row.courseSlug, row.dueOn])),
        certificate: certificateOf.get(company.id),
      };
    }),
    absencesOf: groupBy(absenceRows, (row) => row.userId),
  };
}

/**
 * What the run reads per slice of people: their assignments with progress, log and personal
 * certificates, in chunks of `chunk` people, one after the other (the run takes at most three
 * connections of the pool that requests share).
 */
export async function readPeopleSlice(db: TDatabase, userIds: string[], chunk = userIds.length) {
  const merged: TPeopleRows = { assignments: [], log: [], personal: [] };
  for (let start = 0; start < userIds.length; start += chunk) {
    const part = await readPeople(db, userIds.slice(start, start + chunk));
    merged.assignments.push(...part.assignments);
    merged.log.push(...part.log);
    merged.personal.push(...part.personal);
  }
  const personalOf = new Map<string, { id: string; validUntil: Date }>();
  for (const certificate of merged.personal) {
    if (certificate.kind !== 'personal') continue;
    const current = personalOf.get(certificate.userId ?? '');
    if (!current || certificate.validUntil > current.validUntil) personalOf.set(certificate.userId ?? '', certificate);
  }
  return {
    assignmentsOf: groupBy(merged.assignments, (row) => row.userId),
    logOf: groupBy(merged.log, (row) => row.userId),
    personalOf,
  };
}

export type TPeopleSlice = Awaited<ReturnType<typeof readPeopleSlice>>;
type TPeopleRows = Awaited<ReturnType<typeof readPeople>>;

async function readPeople(db: TDatabase, userIds: string[]) {
  // Side by side: on PostgreSQL three pool connections answer at once (SQLite answers in turn).
  const [assignments, log, personal] = await Promise.all([
    db
      .select({
        userId: courseAssignments.userId,
        slug: courseAssignments.courseSlug,
        assignedAt: sql<number>`${courseAssignments.assignedAt}`,
        personalDueOn: courseAssignments.dueOn,
        status: courseProgress.status,
      })
      .from(courseAssignments)
      .leftJoin(
        courseProgress,
        and(
          eq(courseProgress.userId, courseAssignments.userId),
          eq(courseProgress.courseSlug, courseAssignments.courseSlug),
        ),
      )
      .where(inArray(courseAssignments.userId, userIds)),
    db
      .select({ userId: reminderLog.userId, kind: reminderLog.kind, key: reminderLog.key, sentOn: reminderLog.sentOn })
      .from(reminderLog)
      .where(
        and(
          inArray(reminderLog.userId, userIds),
          inArray(reminderLog.kind, ['learner_mail', 'due_soon', 'overdue', 'refresher']),
        ),
      ),
    // The kind is checked by readPeopleSlice, not in SQL: with it there, SQLite's planner walks
    // the index of all personal certificates (kind, issued_at) instead of the people's (user_id),
    // 80 ms a slice.
    db
      .select({
        id: certificates.id,
        kind: certificates.kind,
        userId: certificates.userId,
        validUntil: certificates.validUntil,
      })
      .from(certificates)
      .where(and(inArray(certificates.userId, userIds), isNull(certificates.revokedAt))),
  ]);
  return { assignments, log, personal };
}
