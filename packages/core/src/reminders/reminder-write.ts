import {
  companyDueCounts,
  reminderLog,
  reminderSettings,
  sql,
  type TDatabase,
  type TTransaction,
  transaction,
} from '@portal/db';
import { insertCertificate } from '../certificates/certificate-record.ts';
import { personalEligibility } from '../certificates/personal-eligibility.ts';
import { insertOutboxRows, renderOutboxRows, type TEnqueueMail, type TOutboxRow } from '../mail/outbox.ts';
import { reopenCompletedCourses } from '../recertification/reopen-courses.ts';
import { reasonKey, type TPlan, type TRenewal } from './reminder-plan.ts';

export interface TWriteCounts {
  learnerMails: number;
  digests: number;
  alerts: number;
  refreshers: number;
}

/**
 * Writes one slice's plan in one transaction. The reasons are inserted first (`on conflict do
 * nothing`, returning what this run inserted); a mail goes out only for reasons this run inserted.
 * A learner's mail lists only the courses whose reasons it inserted, and goes out only if its own
 * day row (at most one mail a day) was inserted too. The mails are rendered before the transaction
 * opens, so it holds its locks only for the inserts.
 */
export async function writePlan(
  db: TDatabase,
  plan: TPlan,
  clock: { today: string; now: Date },
): Promise<TWriteCounts> {
  const { reasons, mails, learnerCourses, completionStates, dueCounts, refreshers, renewals } = plan;
  const { today, now } = clock;
  if (reasons.length === 0 && completionStates.length === 0 && dueCounts.length === 0)
    return { learnerMails: 0, digests: 0, alerts: 0, refreshers: 0 };
  const keys = [...mails.keys()];
  const rendered = new Map<string, TOutboxRow>(
    renderOutboxRows([...mails.values()], now).map((row, index) => [keys[index] ?? '', row]),
  );
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
      for (const row of rows) inserted.add(reasonKey(row));
    }
    let reopened = 0;
    for (const key of refreshers) {
      if (!inserted.has(key)) continue;
      await reopenCompletedCourses(tx, key.slice(0, key.indexOf('|')), now);
      reopened += 1;
    }
    for (const [key, renewal] of renewals) {
      if (inserted.has(key)) await issueRenewedCertificate(tx, renewal, now);
    }
    const outgoing: TOutboxRow[] = [];
    const counts = { learnerMails: 0, digests: 0, alerts: 0, refreshers: reopened };
    for (const [key, mail] of mails) {
      const row = rendered.get(key);
      if (!row || !inserted.has(key)) continue;
      if (mail.mail.template === 'learner_reminder') {
        const partial = learnerMailOfInserted(mail, learnerCourses, inserted, now);
        if (partial === null) continue;
        outgoing.push(partial === 'all' ? row : partial);
        counts.learnerMails += 1;
      } else {
        outgoing.push(row);
        if (mail.mail.template === 'manager_digest') counts.digests += 1;
        else if (mail.mail.template !== 'refresher_notice') counts.alerts += 1;
      }
    }
    await insertOutboxRows(tx, outgoing);
    await saveCompletionStates(tx, completionStates, now);
    await saveDueCounts(tx, dueCounts, today);
    return counts;
  });
}

/**
 * A learner's mail with only the courses whose reasons this run inserted: 'all' when every course
 * made it (the rendered row stands), null when none did, else the row rendered again. Another run
 * inserting some of the same reasons at the same moment is the only way to get a part.
 */
function learnerMailOfInserted(
  mail: TEnqueueMail,
  learnerCourses: TPlan['learnerCourses'],
  inserted: Set<string>,
  now: Date,
): TOutboxRow | 'all' | null {
  const userId = mail.userId ?? '';
  const planned = learnerCourses.get(userId) ?? [];
  const courses = planned.filter((course) =>
    inserted.has(
      reasonKey({ userId, kind: course.overdue ? 'overdue' : 'due_soon', key: `${course.slug}@${course.dueOn}` }),
    ),
  );
  if (courses.length === 0) return null;
  if (courses.length === planned.length) return 'all';
  const [row] = renderOutboxRows(
    [{ ...mail, mail: { ...mail.mail, params: { ...mail.mail.params, courses } } } as TEnqueueMail],
    now,
  );
  return row ?? null;
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

async function saveCompletionStates(tx: TTransaction, states: TPlan['completionStates'], now: Date) {
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

/** The day's due counts per company; a later run of the same or a later day overwrites them. */
async function saveDueCounts(tx: TTransaction, counts: TPlan['dueCounts'], today: string) {
  for (let start = 0; start < counts.length; start += 500) {
    await tx
      .insert(companyDueCounts)
      .values(counts.slice(start, start + 500).map((count) => ({ ...count, countedOn: today })))
      .onConflictDoUpdate({
        target: companyDueCounts.companyId,
        set: {
          overdue: sql.raw('excluded.overdue'),
          dueSoon: sql.raw('excluded.due_soon'),
          countedOn: sql.raw('excluded.counted_on'),
        },
      });
  }
}
