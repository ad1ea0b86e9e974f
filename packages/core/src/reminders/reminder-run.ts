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
  gt,
  inArray,
  isNull,
  ne,
  reminderLog,
  reminderSettings,
  sql,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { addDays, berlinDay, CERTIFICATE_MIN_COURSES, daysBetween, isBundesland } from '@portal/validators';
import { insertCertificate } from '../certificates/certificate-record.ts';
import { personalEligibility } from '../certificates/personal-eligibility.ts';
import { absenceOn, dueState, effectiveDueOn, type TAbsenceDays } from '../due-dates/effective-due.ts';
import { DEFAULT_REMINDER_SETTINGS, type TReminderSettings } from '../due-dates/reminder-settings.ts';
import { isWorkingDay, isWorkingTime } from '../jobs/working-time.ts';
import { courseCatalog } from '../learning/catalog.ts';
import { enqueueMails, type TEnqueueMail } from '../mail/outbox.ts';
import type { TReminderCourse } from '../mail/reminder-mails.ts';
import { reopenCompletedCourses } from '../recertification/reopen-courses.ts';
import { isFirstWorkingDayOfWeek, isoWeek } from './week.ts';

/** The employer is told this many days before the company certificate runs out (issue 22). */
export const CERTIFICATE_NOTICE_DAYS = 30;
/** Companies per batch: one read of each table and one write transaction per batch. */
export const REMINDER_BATCH = 500;

export interface TReminderRunResult {
  /** Set when the run did nothing because it is not working time in Germany. */
  skipped: 'not_working_time' | null;
  companies: number;
  learnerMails: number;
  digests: number;
  alerts: number;
  /** Learners whose courses opened again as the yearly refresher. */
  refreshers: number;
}

type TKind = (typeof reminderLog.$inferInsert)['kind'];
interface TReason {
  companyId: string;
  userId: string;
  kind: TKind;
  key: string;
}
interface TPerson {
  id: string;
  companyId: string;
  role: 'employer' | 'manager' | 'employee';
  firstname: string;
  lastname: string;
  email: string;
  lang: 'de' | 'en';
  /** Signed in at least once and not blocked: only they get mail. */
  reachable: boolean;
}
interface TCourseDue {
  slug: string;
  completed: boolean;
  dueOn: string | null;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** What one batch of companies reads: everything the ladder decides on, one query per table. */
async function readBatch(db: TDatabase, companyIds: string[]) {
  const settingsRows = await db.select().from(reminderSettings).where(inArray(reminderSettings.companyId, companyIds));
  const people = await db
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
    .where(and(inArray(users.companyId, companyIds), ne(users.role, 'admin')));
  const assignments = await db
    .select({
      userId: courseAssignments.userId,
      companyId: users.companyId,
      slug: courseAssignments.courseSlug,
      assignedAt: sql<number>`${courseAssignments.assignedAt}`,
      personalDueOn: courseAssignments.dueOn,
      courseDueOn: courseDueDates.dueOn,
      status: courseProgress.status,
    })
    .from(courseAssignments)
    .innerJoin(users, eq(users.id, courseAssignments.userId))
    .leftJoin(
      courseProgress,
      and(
        eq(courseProgress.userId, courseAssignments.userId),
        eq(courseProgress.courseSlug, courseAssignments.courseSlug),
      ),
    )
    .leftJoin(
      courseDueDates,
      and(eq(courseDueDates.companyId, users.companyId), eq(courseDueDates.courseSlug, courseAssignments.courseSlug)),
    )
    .where(inArray(users.companyId, companyIds));
  const absenceRows = await db
    .select({ userId: absences.userId, startsOn: absences.startsOn, endsOn: absences.endsOn })
    .from(absences)
    .where(inArray(absences.companyId, companyIds));
  const learnerLog = await db
    .select({ userId: reminderLog.userId, kind: reminderLog.kind, key: reminderLog.key, sentOn: reminderLog.sentOn })
    .from(reminderLog)
    .where(
      and(
        inArray(reminderLog.companyId, companyIds),
        inArray(reminderLog.kind, ['learner_mail', 'due_soon', 'overdue', 'refresher']),
      ),
    );
  const companyCertificates = await db
    .select({ id: certificates.id, companyId: certificates.companyId, validUntil: certificates.validUntil })
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, 'company'),
        inArray(certificates.companyId, companyIds),
        isNull(certificates.revokedAt),
      ),
    );
  const personalCertificates = await db
    .select({ id: certificates.id, userId: certificates.userId, validUntil: certificates.validUntil })
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, 'personal'),
        inArray(certificates.companyId, companyIds),
        isNull(certificates.revokedAt),
      ),
    );
  return { settingsRows, people, assignments, absenceRows, learnerLog, companyCertificates, personalCertificates };
}

interface TRenewal {
  person: TPerson;
  companyId: string;
  company: string;
}

interface TCompanyRow {
  id: string;
  name: string;
  ownerId: string | null;
}

/**
 * The reminder ladder's daily run (issue 22, ADR 033), over every company whose policyholder has
 * accepted the AVV, in batches of companies. Per company, on a working day of its Bundesland:
 * - each reachable learner who is not absent today gets one mail listing their courses due within
 *   the company's days (once per course and due date) and overdue (once per course and due date),
 *   at most one mail in the company's gap of days;
 * - on the first working day of the week, each manager gets the digest of the team (counts; names
 *   of the overdue only when the employer switched names on);
 * - the employer is alerted when completion drops below the threshold (once per drop) and 30 days
 *   before the company certificate expires (once per certificate).
 * Every reason is a row of `reminder_log` with a unique key, inserted in the transaction that
 * enqueues the mail; a reason already there sends nothing, so a repeated or parallel run mails
 * nothing twice.
 */
export async function runReminders(
  db: TDatabase,
  options: {
    now: Date;
    publicUrl: string;
    batchSize?: number;
    /** Called after each batch is written (progress for operators; tests stop a run half way). */
    onBatch?: (done: TReminderRunResult) => void | Promise<void>;
  },
): Promise<TReminderRunResult> {
  const { now, publicUrl } = options;
  const result: TReminderRunResult = {
    skipped: null,
    companies: 0,
    learnerMails: 0,
    digests: 0,
    alerts: 0,
    refreshers: 0,
  };
  if (!isWorkingTime(now)) return { ...result, skipped: 'not_working_time' };
  const today = berlinDay(now);
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  let after = '';
  for (;;) {
    const batch: TCompanyRow[] = await db
      .select({ id: companies.id, name: companies.companyName, ownerId: companies.ownerId })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(and(gt(companies.id, after), eq(users.orderProcessingAccepted, true)))
      .orderBy(asc(companies.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]?.id ?? after;
    const counts = await runBatch(db, batch, { now, today, publicUrl });
    result.companies += counts.companies;
    result.learnerMails += counts.learnerMails;
    result.digests += counts.digests;
    result.alerts += counts.alerts;
    result.refreshers += counts.refreshers;
    await options.onBatch?.({ ...result });
  }
  return result;
}

async function runBatch(
  db: TDatabase,
  batch: TCompanyRow[],
  context: { now: Date; today: string; publicUrl: string },
): Promise<Omit<TReminderRunResult, 'skipped'>> {
  const { now, today, publicUrl } = context;
  const data = await readBatch(
    db,
    batch.map((company) => company.id),
  );
  const settingsOf = new Map(
    data.settingsRows.map((row) => {
      const { companyId, state, completionBelow, updatedAt: _updated, ...rest } = row;
      const settings: TReminderSettings = { ...rest, state: isBundesland(state) ? state : null };
      return [companyId, { settings, completionBelow }] as const;
    }),
  );
  const peopleOf = groupBy(
    data.people.map(
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
  const assignmentsOf = groupBy(data.assignments, (row) => row.userId);
  const absencesOf = groupBy(data.absenceRows, (row) => row.userId);
  const logOf = groupBy(data.learnerLog, (row) => row.userId);
  const certificateOf = new Map<string, { id: string; validUntil: Date }>();
  for (const certificate of data.companyCertificates) {
    const current = certificateOf.get(certificate.companyId ?? '');
    if (!current || certificate.validUntil > current.validUntil)
      certificateOf.set(certificate.companyId ?? '', certificate);
  }
  const personalOf = new Map<string, { id: string; validUntil: Date }>();
  for (const certificate of data.personalCertificates) {
    const current = personalOf.get(certificate.userId ?? '');
    if (!current || certificate.validUntil > current.validUntil) personalOf.set(certificate.userId ?? '', certificate);
  }
  const catalog = courseCatalog();

  const reasons: TReason[] = [];
  /** The mail each reason group would send, keyed by `userId|kind|key` of the reason that decides it. */
  const mails = new Map<string, TEnqueueMail>();
  const learnerCourses = new Map<string, TReminderCourse[]>();
  const completionStates: { companyId: string; below: boolean }[] = [];
  /** Refresher reasons, keyed like `mails`: their courses open again when this run inserts them. */
  const refreshers = new Map<string, boolean>();
  /** Learners who completed their refresher: their new certificate is issued when this run inserts the reason. */
  const renewals = new Map<string, TRenewal>();
  let companiesDone = 0;

  for (const company of batch) {
    const stored = settingsOf.get(company.id);
    const settings = stored?.settings ?? DEFAULT_REMINDER_SETTINGS;
    if (!isWorkingDay(now, settings.state)) continue;
    companiesDone += 1;
    const people = peopleOf.get(company.id) ?? [];
    const owner = people.find((person) => person.id === company.ownerId);

    // Per person: their courses with due dates, whether absent today.
    const dueOf = new Map<string, TCourseDue[]>();
    const absent = new Set<string>();
    for (const person of people) {
      const own: readonly TAbsenceDays[] = absencesOf.get(person.id) ?? [];
      if (absenceOn(own, today)) absent.add(person.id);
      dueOf.set(
        person.id,
        (assignmentsOf.get(person.id) ?? []).map((row) => ({
          slug: row.slug,
          completed: row.status === 'completed',
          dueOn: effectiveDueOn({
            assignedAt: new Date(Number(row.assignedAt)),
            personalDueOn: row.personalDueOn,
            courseDueOn: row.courseDueOn,
            defaultDueDays: settings.defaultDueDays,
            absences: own,
          }),
        })),
      );
    }
    const stateOf = (course: TCourseDue) =>
      course.completed || course.dueOn === null ? null : dueState(course.dueOn, today, settings.remindDaysBefore);

    // Refreshers: 30 days before a personal certificate runs out, its holder's courses open again.
    for (const person of people) {
      const certificate = personalOf.get(person.id);
      if (!certificate || absent.has(person.id)) continue;
      const validUntil = berlinDay(certificate.validUntil);
      if (validUntil > addDays(today, CERTIFICATE_NOTICE_DAYS)) continue;
      const completedCourses = (dueOf.get(person.id) ?? []).filter((course) => course.completed);
      if (completedCourses.length === 0) continue;
      const key = `certificate@${certificate.id}`;
      const logged = new Set(
        (logOf.get(person.id) ?? []).filter((row) => row.kind === 'refresher').map((row) => row.key),
      );
      if (logged.has(key)) {
        // Reopened on an earlier day: once every assigned course is completed again, the new
        // certificate is issued (here, or earlier when the learner opens the certificate page).
        const courses = dueOf.get(person.id) ?? [];
        const renewedKey = `renewed@${certificate.id}`;
        if (
          !logged.has(renewedKey) &&
          courses.length >= CERTIFICATE_MIN_COURSES &&
          courses.every((course) => course.completed)
        ) {
          reasons.push({ companyId: company.id, userId: person.id, kind: 'refresher', key: renewedKey });
          renewals.set(`${person.id}|refresher|${renewedKey}`, {
            person,
            companyId: company.id,
            company: company.name,
          });
        }
        continue;
      }
      reasons.push({ companyId: company.id, userId: person.id, kind: 'refresher', key });
      refreshers.set(`${person.id}|refresher|${key}`, person.reachable);
      // Reopened courses are not completed any more: the learner's reminders and the company's
      // figures below already see them as open (their due dates start from today).
      for (const course of completedCourses) {
        course.completed = false;
        course.dueOn = settings.defaultDueDays === null ? null : addDays(today, settings.defaultDueDays);
      }
      if (person.reachable) {
        mails.set(`${person.id}|refresher|${key}`, {
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
                const title = catalog.get(course.slug as never)?.text[person.lang].title;
                return title ? [{ title, link: `${publicUrl}/trainings/${course.slug}` }] : [];
              }),
            },
          },
        });
      }
    }

    // Learners.
    for (const person of people) {
      if (!person.reachable || absent.has(person.id)) continue;
      const log = logOf.get(person.id) ?? [];
      const lastMail = log
        .filter((row) => row.kind === 'learner_mail')
        .reduce<string | null>((latest, row) => (latest === null || row.sentOn > latest ? row.sentOn : latest), null);
      if (lastMail !== null && daysBetween(lastMail, today) < settings.reminderGapDays) continue;
      const sent = new Set(log.map((row) => `${row.kind}|${row.key}`));
      const courses: TReminderCourse[] = [];
      for (const course of dueOf.get(person.id) ?? []) {
        const state = stateOf(course);
        const key = `${course.slug}@${course.dueOn}`;
        const title = catalog.get(course.slug as never)?.text[person.lang].title;
        if (!title || course.dueOn === null) continue;
        const link = `${publicUrl}/trainings/${course.slug}`;
        if (state === 'overdue' && settings.remindOverdue && !sent.has(`overdue|${key}`)) {
          reasons.push({ companyId: company.id, userId: person.id, kind: 'overdue', key });
          courses.push({ slug: course.slug, title, link, dueOn: course.dueOn, overdue: true });
        } else if (
          state === 'due_soon' &&
          settings.remindBefore &&
          !sent.has(`due_soon|${key}`) &&
          !sent.has(`overdue|${key}`)
        ) {
          reasons.push({ companyId: company.id, userId: person.id, kind: 'due_soon', key });
          courses.push({ slug: course.slug, title, link, dueOn: course.dueOn, overdue: false });
        }
      }
      if (courses.length === 0) continue;
      courses.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
      reasons.push({ companyId: company.id, userId: person.id, kind: 'learner_mail', key: today });
      learnerCourses.set(person.id, courses);
      mails.set(`${person.id}|learner_mail|${today}`, {
        to: person.email,
        lang: person.lang,
        userId: person.id,
        companyId: company.id,
        mail: {
          template: 'learner_reminder',
          params: { name: person.firstname, company: company.name, courses, gapDays: settings.reminderGapDays },
        },
      });
    }

    // The company's figures: learners (anyone with a course), who completed all, due and absent.
    const team = people.filter((person) => person.role === 'employee' && (dueOf.get(person.id)?.length ?? 0) > 0);
    let assigned = 0;
    let completed = 0;
    for (const courses of dueOf.values()) {
      assigned += courses.length;
      completed += courses.filter((course) => course.completed).length;
    }

    // Managers: the weekly digest of their team (the company's employees, whom they manage).
    if (settings.managerDigest && team.length > 0 && isFirstWorkingDayOfWeek(today, settings.state)) {
      const present = team.filter((person) => !absent.has(person.id));
      const overduePeople = present.filter((person) =>
        (dueOf.get(person.id) ?? []).some((course) => stateOf(course) === 'overdue'),
      );
      const dueSoon = present.filter(
        (person) =>
          !overduePeople.includes(person) &&
          (dueOf.get(person.id) ?? []).some((course) => stateOf(course) === 'due_soon'),
      ).length;
      const completedAll = team.filter((person) =>
        (dueOf.get(person.id) ?? []).every((course) => course.completed),
      ).length;
      const week = isoWeek(today);
      for (const manager of people) {
        if (manager.role !== 'manager' || !manager.reachable || absent.has(manager.id)) continue;
        reasons.push({ companyId: company.id, userId: manager.id, kind: 'manager_digest', key: week });
        mails.set(`${manager.id}|manager_digest|${week}`, {
          to: manager.email,
          lang: manager.lang,
          userId: manager.id,
          companyId: company.id,
          mail: {
            template: 'manager_digest',
            params: {
              name: manager.firstname,
              company: company.name,
              day: today,
              learners: team.length,
              completedAll,
              overdue: overduePeople.length,
              dueSoon,
              absent: team.length - present.length,
              overdueNames: settings.showNames
                ? overduePeople.map((person) => `${person.firstname} ${person.lastname}`).sort()
                : null,
              link: `${publicUrl}/dashboard`,
            },
          },
        });
      }
    }

    // The employer: completion dropping below the threshold, once per drop.
    if (assigned > 0) {
      const percent = Math.floor((100 * completed) / assigned);
      const below = percent < settings.completionThreshold;
      const before = stored?.completionBelow ?? null;
      if (before !== below) completionStates.push({ companyId: company.id, below });
      if (below && before === false && settings.completionAlert && owner?.reachable) {
        const key = `completion@${today}`;
        reasons.push({ companyId: company.id, userId: owner.id, kind: 'completion_alert', key });
        mails.set(`${owner.id}|completion_alert|${key}`, {
          to: owner.email,
          lang: owner.lang,
          userId: owner.id,
          companyId: company.id,
          mail: {
            template: 'completion_alert',
            params: {
              name: owner.firstname,
              company: company.name,
              percent,
              threshold: settings.completionThreshold,
              link: `${publicUrl}/dashboard`,
            },
          },
        });
      }
    }

    // The employer: 30 days before the company certificate runs out, once per certificate.
    const certificate = certificateOf.get(company.id);
    if (settings.certificateExpiryAlert && certificate && owner?.reachable && certificate.validUntil > now) {
      const validUntil = berlinDay(certificate.validUntil);
      if (validUntil <= addDays(today, CERTIFICATE_NOTICE_DAYS)) {
        const key = `certificate@${certificate.id}`;
        reasons.push({ companyId: company.id, userId: owner.id, kind: 'certificate_expiry', key });
        mails.set(`${owner.id}|certificate_expiry|${key}`, {
          to: owner.email,
          lang: owner.lang,
          userId: owner.id,
          companyId: company.id,
          mail: {
            template: 'certificate_expiry',
            params: { name: owner.firstname, company: company.name, validUntil, link: `${publicUrl}/proofOfInsurance` },
          },
        });
      }
    }
  }

  const counts = await writeBatch(db, {
    reasons,
    mails,
    learnerCourses,
    completionStates,
    refreshers,
    renewals,
    today,
    now,
  });
  return { companies: companiesDone, ...counts };
}

/**
 * One transaction per batch. The reasons are inserted first (`on conflict do nothing`, returning
 * what this run inserted); a mail goes out only for reasons this run inserted. A learner's mail
 * lists only the courses whose reasons it inserted, and goes out only if its own day row (at most
 * one mail a day) was inserted too.
 */
async function writeBatch(
  db: TDatabase,
  input: {
    reasons: TReason[];
    mails: Map<string, TEnqueueMail>;
    learnerCourses: Map<string, TReminderCourse[]>;
    completionStates: { companyId: string; below: boolean }[];
    refreshers: Map<string, boolean>;
    renewals: Map<string, TRenewal>;
    today: string;
    now: Date;
  },
): Promise<{ learnerMails: number; digests: number; alerts: number; refreshers: number }> {
  const { reasons, mails, learnerCourses, completionStates, refreshers, renewals, today, now } = input;
  if (reasons.length === 0 && completionStates.length === 0)
    return { learnerMails: 0, digests: 0, alerts: 0, refreshers: 0 };
  // Read committed: each reason's unique key decides; a reason another run inserted first (or is
  // inserting, on PostgreSQL: the insert waits for it) is not returned, so its mail is not sent.
  return transaction(db, async (tx) => {
    const inserted = new Set<string>();
    for (let start = 0; start < reasons.length; start += 500) {
      const rows = await tx
        .insert(reminderLog)
        .values(reasons.slice(start, start + 500).map((reason) => ({ ...reason, sentOn: today, createdAt: now })))
        .onConflictDoNothing()
        .returning({ userId: reminderLog.userId, kind: reminderLog.kind, key: reminderLog.key });
      for (const row of rows) inserted.add(`${row.userId}|${row.kind}|${row.key}`);
    }
    let reopened = 0;
    for (const key of refreshers.keys()) {
      if (!inserted.has(key)) continue;
      await reopenCompletedCourses(tx, key.slice(0, key.indexOf('|')), now);
      reopened += 1;
    }
    for (const [key, renewal] of renewals) {
      if (inserted.has(key)) await issueRenewedCertificate(tx, renewal, now);
    }
    const outgoing: TEnqueueMail[] = [];
    let learnerMails = 0;
    let digests = 0;
    let alerts = 0;
    for (const [key, mail] of mails) {
      if (!inserted.has(key)) continue;
      if (mail.mail.template === 'learner_reminder') {
        const userId = mail.userId ?? '';
        const courses = (learnerCourses.get(userId) ?? []).filter((course) =>
          inserted.has(`${userId}|${course.overdue ? 'overdue' : 'due_soon'}|${course.slug}@${course.dueOn}`),
        );
        if (courses.length === 0) continue;
        outgoing.push({ ...mail, mail: { ...mail.mail, params: { ...mail.mail.params, courses } } });
        learnerMails += 1;
      } else {
        outgoing.push(mail);
        if (mail.mail.template === 'manager_digest') digests += 1;
        else if (mail.mail.template !== 'refresher_notice') alerts += 1;
      }
    }
    await enqueueMails(tx, outgoing, now);
    await saveCompletionStates(tx, completionStates, now);
    return { learnerMails, digests, alerts, refreshers: reopened };
  });
}

/** The new personal certificate after a refresher: a new code, valid 12 months from today. */
async function issueRenewedCertificate(tx: TTransaction, renewal: TRenewal, now: Date) {
  const { person, companyId, company } = renewal;
  const eligibility = await personalEligibility(tx, person.id, person.lang);
  if (!eligibility.eligible) return;
  await insertCertificate(
    tx,
    { kind: 'personal', userId: person.id, companyId },
    {
      kind: 'personal',
      holder: { firstname: person.firstname, lastname: person.lastname },
      companyName: company,
      courses: eligibility.certificateCourses,
    },
    now,
  );
}

async function saveCompletionStates(tx: TTransaction, states: { companyId: string; below: boolean }[], now: Date) {
  for (let start = 0; start < states.length; start += 500) {
    await tx
      .insert(reminderSettings)
      .values(
        states
          .slice(start, start + 500)
          .map(({ companyId, below }) => ({ companyId, completionBelow: below, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: reminderSettings.companyId,
        set: { completionBelow: sql.raw('excluded.completion_below') },
      });
  }
}
