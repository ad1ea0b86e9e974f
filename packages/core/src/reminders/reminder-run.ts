import { dialectOf, type TDatabase } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { isWorkingDay, isWorkingTime } from '../jobs/working-time.ts';
import { courseCatalog } from '../learning/catalog.ts';
import { planCompany } from './company-reminders.ts';
import { planPerson } from './person-reminders.ts';
import { emptyPlan, type TCompany, type TPerson, type TPersonSummary } from './reminder-plan.ts';
import { readCompanies, readEligibleCompanies, readPeopleSlice } from './reminder-read.ts';
import { writePlan } from './reminder-write.ts';

export { CERTIFICATE_NOTICE_DAYS } from './person-reminders.ts';

/** Companies per page: the company-wide rows are read once per page. */
export const REMINDER_BATCH = 100;
/**
 * How the run cuts its work (ADR 033), per dialect: `slice` people per write transaction, their
 * rows read in chunks of `read` people, and the event loop given back between the steps and every
 * `read` people of computing.
 * - SQLite runs every statement on the event loop, so a slice is small enough that a request
 *   waits a few milliseconds at most.
 * - PostgreSQL holds the loop only while computing; fewer, larger transactions save commits. But
 *   from about 150 people in one read the planner takes a parallel worker, ten times slower on two
 *   cores, so a slice is read in chunks of 100 (docs/benchmarks.md).
 */
export const REMINDER_SLICE = {
  sqlite: { slice: 50, read: 50 },
  postgres: { slice: 500, read: 100 },
} as const;

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

/** Lets pending I/O (requests to the same process) run before the next slice. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The reminder ladder's daily run (issue 22, ADR 033), over every company whose policyholder has
 * accepted the AVV, on a working day of the company's Bundesland. Each person's part is decided
 * by `planPerson` (learner mail, yearly refresher), each company's by `planCompany` once all its
 * people are visited (digest, alerts). Every reason is a row of `reminder_log` with a unique key,
 * inserted in the transaction that enqueues the mail; a reason already there sends nothing, so a
 * repeated or parallel run, or one that stopped half way, mails nothing twice.
 */
export async function runReminders(
  db: TDatabase,
  options: {
    now: Date;
    publicUrl: string;
    /** Companies per page (REMINDER_BATCH). */
    batchSize?: number;
    /** People per slice and per read (REMINDER_SLICE of the database's dialect). */
    sliceSize?: number;
    /** Called after each page is written (progress for operators; tests stop a run half way). */
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
  const day = { now, today, publicUrl, catalog: courseCatalog() };
  const cut = REMINDER_SLICE[dialectOf(db)];
  const sliceSize = options.sliceSize ?? cut.slice;
  const readSize = options.sliceSize ?? cut.read;
  const eligible = await readEligibleCompanies(db);
  const pageSize = options.batchSize ?? REMINDER_BATCH;
  for (let start = 0; start < eligible.length; start += pageSize) {
    const page = eligible.slice(start, start + pageSize);
    const { companies, absencesOf } = await readCompanies(db, page);
    await yieldToEventLoop();
    const visited = companies.filter((company) => isWorkingDay(now, company.settings.state));
    result.companies += visited.length;

    // Slices of people across the page's companies; a company's own part follows in the slice
    // that holds its last person, when its people's summaries are all known.
    let people: { company: TCompany; person: TPerson }[] = [];
    let finished: TCompany[] = [];
    const summariesOf = new Map<string, TPersonSummary[]>();
    const flush = async () => {
      const plan = emptyPlan();
      if (people.length > 0) {
        const data = await readPeopleSlice(
          db,
          people.map((entry) => entry.person.id),
          readSize,
        );
        for (const [index, { company, person }] of people.entries()) {
          if (index % readSize === 0) await yieldToEventLoop();
          summariesOf.get(company.id)?.push(planPerson(company, person, { ...data, absencesOf }, plan, day));
        }
      }
      for (const company of finished) {
        planCompany(company, summariesOf.get(company.id) ?? [], plan, day);
        summariesOf.delete(company.id);
      }
      await yieldToEventLoop();
      const counts = await writePlan(db, plan, day);
      result.learnerMails += counts.learnerMails;
      result.digests += counts.digests;
      result.alerts += counts.alerts;
      result.refreshers += counts.refreshers;
      people = [];
      finished = [];
      await yieldToEventLoop();
    };
    for (const company of visited) {
      summariesOf.set(company.id, []);
      for (const person of company.people) {
        people.push({ company, person });
        if (people.length >= sliceSize) await flush();
      }
      finished.push(company);
    }
    if (people.length > 0 || finished.length > 0) await flush();
    await options.onBatch?.({ ...result });
  }
  return result;
}
