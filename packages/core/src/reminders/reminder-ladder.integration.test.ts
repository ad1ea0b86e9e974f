import {
  absences,
  asc,
  certificates,
  companies,
  courseAssignments,
  courseCycles,
  courseProgress,
  eq,
  inArray,
  mailOutbox,
  reminderSettings,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { addDays, berlinDay, dayNumber } from '@portal/validators';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_TOTP_KEY } from '../auth/totp-secret-seal.ts';
import { issuePersonalCertificate } from '../certificates/issue-certificates.ts';
import { verifyCertificate } from '../certificates/verify-certificate.ts';
import { controlledClock } from '../clock.ts';
import { createJobHandlers, JOB_SCHEDULES } from '../jobs/builtin-jobs.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { berlinTime } from '../jobs/working-time.ts';
import { courseCatalog } from '../learning/catalog.ts';

/*
 * Issue 22, "done when": 400 days of one company with 20 learners (two of them absent for a
 * while), driven through the job runner with a controlled clock, on SQLite and PostgreSQL; every
 * mail of the reminder ladder is asserted: to whom, which, and on which day. Then the same 400
 * days with two runners (two processes) send exactly the same mails, none twice.
 */

const PUBLIC_URL = 'https://portal.example';
const START = '2027-01-04'; // a Monday
const DAYS = 400;
// Six courses: the personal certificate needs at least six (DECISIONS.md).
const SLUGS = ['malware', 'byod', 'email-security', 'password-security', 'social-engineering', 'remote-work'] as const;

/** An instant at `hour:minute` Berlin time on a calendar day (winter or summer time). */
function berlinAt(day: string, hour: number, minute = 0): Date {
  for (const offset of [1, 2]) {
    const at = new Date(`${day}T${String(hour - offset).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
    if (berlinTime(at).hour === hour) return at;
  }
  throw new Error(`no ${hour}:${minute} on ${day}`);
}
const dayOf = (n: number) => addDays(START, n);
const emailOf = (tag: string, role: string, n: number) => `${tag}.${role}.${n}@leiter.example`;
/** Monday 13 September 2027: four newcomers arrive. */
const NEWCOMERS_DAY = 252;
/** Monday 20 December 2027: learners 1-5 complete their refresher. */
const REFRESHED_DAY = 350;

interface TWorld {
  tag: string;
  companyId: string;
  employer: string;
  manager: string;
  learners: string[];
  /** The personal certificates of learners 1-10 from day 10. */
  firstCertificates: string[];
}

async function seed(db: TDatabase, tag: string): Promise<TWorld> {
  return transaction(db, async (tx) => {
    const companyId = crypto.randomUUID();
    const employer = crypto.randomUUID();
    await tx
      .insert(companies)
      .values({ id: companyId, companyName: `Leiter ${tag} GmbH`, insuranceNumber: 'AS-1234567890' });
    const person = (id: string, role: 'employer' | 'manager' | 'employee', n: number, lang: 'de' | 'en' = 'de') => ({
      id,
      firstname: `Vorname${n}`,
      lastname: `Nachname${n}`,
      email: `${tag}.${role}.${n}@leiter.example`,
      role,
      companyId,
      active: true,
      isFirstLogin: false,
      lang,
      orderProcessingAccepted: role === 'employer',
      passwordHash: 'x',
    });
    await tx.insert(users).values(person(employer, 'employer', 0));
    await tx.update(companies).set({ ownerId: employer }).where(eq(companies.id, companyId));
    const manager = crypto.randomUUID();
    await tx.insert(users).values(person(manager, 'manager', 99, 'en'));
    const learners: string[] = [];
    for (let n = 1; n <= 20; n++) {
      const id = crypto.randomUUID();
      learners.push(id);
      await tx.insert(users).values(person(id, 'employee', n, n % 2 === 0 ? 'en' : 'de'));
    }
    return { tag, companyId, employer, manager, learners, firstCertificates: [] };
  });
}

/** What happens on a given day, before the morning run. */
async function events(db: TDatabase, world: TWorld, n: number, at: Date) {
  const { companyId, learners } = world;
  const learner = (k: number) => learners[k - 1] as string;
  const assign = (ids: string[]) =>
    transaction(db, (tx) =>
      tx
        .insert(courseAssignments)
        .values(ids.flatMap((userId) => SLUGS.map((courseSlug) => ({ userId, courseSlug, assignedAt: at })))),
    );
  const complete = (ids: string[]) =>
    transaction(db, (tx) =>
      tx.insert(courseProgress).values(
        ids.flatMap((userId) =>
          SLUGS.map((courseSlug) => ({
            userId,
            companyId,
            courseSlug,
            status: 'completed' as const,
            // An older version of the course than the catalog's: the refresher takes the new one.
            contentVersion: '0.9',
            startedAt: at,
            completedAt: at,
            updatedAt: at,
          })),
        ),
      ),
    );
  if (n === 0) {
    await assign(learners);
    await transaction(db, (tx) =>
      tx.insert(reminderSettings).values({ companyId, defaultDueDays: 30, state: 'BY', updatedAt: at }),
    );
    // The company certificate of last year, valid for 12 months from day 0.
    await transaction(db, (tx) =>
      tx.insert(certificates).values({
        code: `LEITER-${companyId.slice(0, 8)}`,
        kind: 'company',
        companyId,
        content: '{}',
        issuedAt: at,
        validUntil: new Date(at.getTime() + 365 * 24 * 3600 * 1000),
      }),
    );
    // Learner 19 is away from day 5 to day 60, learner 20 from day 20 to day 27.
    await transaction(db, (tx) =>
      tx.insert(absences).values([
        { userId: learner(19), companyId, startsOn: dayOf(5), endsOn: dayOf(60) },
        { userId: learner(20), companyId, startsOn: dayOf(20), endsOn: dayOf(27) },
      ]),
    );
  }
  if (n === 10) {
    await complete(learners.slice(0, 10));
    // Learners 1-10 take their personal certificates (valid until 14 January 2028).
    for (const [index, id] of learners.slice(0, 10).entries()) {
      const learner = {
        id,
        role: 'employee' as const,
        companyId,
        email: emailOf(world.tag, 'employee', index + 1),
        firstname: `Vorname${index + 1}`,
        lastname: `Nachname${index + 1}`,
        lang: 'de' as const,
      };
      world.firstCertificates.push((await issuePersonalCertificate(db, learner, 'de', at)).code);
    }
  }
  if (n === REFRESHED_DAY) {
    // Learners 1-5 complete their refresher; 6-10 do not.
    await transaction(db, (tx) =>
      tx
        .update(courseProgress)
        .set({ status: 'completed', completedAt: at, updatedAt: at })
        .where(inArray(courseProgress.userId, learners.slice(0, 5))),
    );
  }
  if (n === 35) await complete(learners.slice(10, 15));
  if (n === 200) await complete(learners.slice(15, 18));
  if (n === NEWCOMERS_DAY) {
    // Four newcomers: completion falls from 90 % to 75 %, below the threshold of 80 %.
    const newcomers: string[] = [];
    await transaction(db, async (tx) => {
      for (let k = 21; k <= 24; k++) {
        const id = crypto.randomUUID();
        newcomers.push(id);
        await tx.insert(users).values({
          id,
          firstname: `Vorname${k}`,
          lastname: `Nachname${k}`,
          email: emailOf(world.tag, 'employee', k),
          role: 'employee',
          companyId,
          active: true,
          passwordHash: 'x',
        });
      }
    });
    await assign(newcomers);
    world.learners.push(...newcomers);
  }
}

async function simulate(
  db: TDatabase,
  world: TWorld,
  runners: 1 | 2,
  options: { other?: TDatabase; reminderSlice?: number } = {},
) {
  const { other, reminderSlice } = options;
  const clock = controlledClock(berlinAt(START, 8));
  const handlers = createJobHandlers({
    publicUrl: PUBLIC_URL,
    reminderSlice,
    totpKey: DEVELOPMENT_TOTP_KEY,
    phishing: { mailDomain: 'simulation.example', linkUrl: PUBLIC_URL },
  });
  const make = (handle: TDatabase) => createJobRunner({ db: handle, clock, handlers, schedules: JOB_SCHEDULES });
  const all = runners === 2 && other ? [make(db), make(other)] : [make(db)];
  for (let n = 0; n < DAYS; n++) {
    const day = dayOf(n);
    clock.set(berlinAt(day, 8));
    await Promise.all(all.map((runner) => runner.runDue()));
    await events(db, world, n, clock.now());
    clock.set(berlinAt(day, 9, 45));
    await Promise.all(all.map((runner) => runner.runUntilIdle()));
  }
}

interface TSent {
  day: string;
  to: string;
  template: string;
  subject: string;
  text: string;
}

async function sentMails(db: TDatabase, world: TWorld): Promise<TSent[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.companyId, world.companyId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.toAddress));
  return rows.map((row) => ({
    day: berlinDay(row.createdAt),
    to: row.toAddress,
    template: row.template,
    subject: row.subject,
    text: row.text,
  }));
}

function firstWorkingDaysOfWeeks(): string[] {
  // Mondays from START for DAYS days, moved to Tuesday on the Bavarian holidays that fall on a
  // Monday in this stretch: Easter Monday, Whit Monday and All Saints' Day 2027.
  const moved = new Map([
    ['2027-03-29', '2027-03-30'],
    ['2027-05-17', '2027-05-18'],
    ['2027-11-01', '2027-11-02'],
  ]);
  const days: string[] = [];
  for (let n = 0; n < DAYS; n += 7) days.push(moved.get(dayOf(n)) ?? dayOf(n));
  return days;
}

// One database per test: the schedule's occurrences (and so its jobs) are per database.
const opened: TTestDatabase[] = [];
async function freshDatabase() {
  const t = await createTestDatabase();
  opened.push(t);
  return t;
}
afterAll(async () => {
  for (const t of opened) await t.cleanup();
});

function expectLadder(mails: TSent[], tag: string) {
  const to = (address: string) => mails.filter((mail) => mail.to === address);
  const summary = (address: string) => to(address).map((mail) => `${mail.day} ${mail.template}`);

  // Learners 1-10 completed on day 10, long before their due date (3 February), and took their
  // certificates (valid until 14 January 2028). 30 days before, on Wednesday 15 December 2027,
  // their courses open again as the refresher and they are told. 1-5 complete it on 20 December;
  // 6-10 do not: due 30 days after reopening (14 January), reminded 7 January, overdue on
  // Saturday 15 January, so told on Monday 17 January.
  for (let n = 1; n <= 5; n++) {
    expect(summary(emailOf(tag, 'employee', n)), `learner ${n}`).toEqual(['2027-12-15 refresher_notice']);
  }
  for (let n = 6; n <= 10; n++) {
    expect(summary(emailOf(tag, 'employee', n)), `learner ${n}`).toEqual([
      '2027-12-15 refresher_notice',
      '2028-01-07 learner_reminder',
      '2028-01-17 learner_reminder',
    ]);
  }
  const refresher = to(emailOf(tag, 'employee', 1))[0];
  expect(refresher?.subject).toBe('Zeit für Ihre jährliche Auffrischung');
  expect(refresher?.text).toContain('bis 14.01.2028 gültig');
  expect(refresher?.text).toContain(`${PUBLIC_URL}/trainings/malware`);
  // Learners 11-18: reminded 7 days before (Wednesday 27 January), then once overdue (Thursday
  // 4 February). 11-15 completed on day 35, 16-18 on day 200: nothing more either way.
  for (let n = 11; n <= 18; n++) {
    expect(summary(emailOf(tag, 'employee', n)), `learner ${n}`).toEqual([
      '2027-01-27 learner_reminder',
      '2027-02-04 learner_reminder',
    ]);
  }
  // Learner 19 was away from 9 January to 5 March (56 days): due 31 March instead of 3 February,
  // reminded on 24 March and overdue on 1 April; nothing while away.
  expect(summary(emailOf(tag, 'employee', 19))).toEqual(['2027-03-24 learner_reminder', '2027-04-01 learner_reminder']);
  // Learner 20 was away from 24 to 31 January (8 days): due 11 February, reminded 4 February,
  // overdue 12 February.
  expect(summary(emailOf(tag, 'employee', 20))).toEqual(['2027-02-04 learner_reminder', '2027-02-12 learner_reminder']);

  // The mails themselves: language, both courses with direct links, the line saying why.
  const [soon, overdue] = to(emailOf(tag, 'employee', 11));
  expect(soon?.subject).toBe('Erinnerung: Ihre Schulung zur Cyber-Sicherheit');
  expect(soon?.text).toContain('fällig bis 03.02.2027');
  expect(soon?.text).toContain(`${PUBLIC_URL}/trainings/malware`);
  expect(soon?.text).toContain(`${PUBLIC_URL}/trainings/byod`);
  expect(soon?.text).toContain('weil Leiter');
  expect(overdue?.subject).toBe('Überfällig: Ihre Schulung zur Cyber-Sicherheit');
  expect(overdue?.text).toContain('war fällig am 03.02.2027');
  const english = to(emailOf(tag, 'employee', 12))[0];
  expect(english?.subject).toBe('Reminder: your cyber security training');
  expect(english?.text).toContain('due by 03.02.2027');

  // The manager: one digest on the first working day of every week (Bavarian holidays moved it
  // three times), in English, counts only (names are off).
  const digests = to(emailOf(tag, 'manager', 99));
  expect(digests.map((mail) => mail.day)).toEqual(firstWorkingDaysOfWeeks());
  expect(new Set(digests.map((mail) => mail.template))).toEqual(new Set(['manager_digest']));
  const february8 = digests.find((mail) => mail.day === '2027-02-08');
  // Monday 8 February (day 35; 11-15 completed that morning): 15 of 20 completed all; 16-18
  // overdue; 20 due on 11 February; 19 away, and counted in neither.
  expect(february8?.text).toContain('People with assigned courses: 20');
  expect(february8?.text).toContain('Completed all assigned courses: 15');
  expect(february8?.text).toContain('With an overdue course: 3');
  expect(february8?.text).toContain('With a course due soon: 1');
  expect(february8?.text).toContain('Currently absent: 1');
  expect(february8?.text).not.toContain('Nachname16');

  // The newcomers of 13 September (due 13 October): reminded 6 October, overdue 14 October.
  for (let n = 21; n <= 24; n++) {
    expect(summary(emailOf(tag, 'employee', n)), `newcomer ${n}`).toEqual([
      '2027-10-06 learner_reminder',
      '2027-10-14 learner_reminder',
    ]);
  }

  // The employer: completion was below 80 % from the start (no alert: it did not drop) until
  // day 200 (90 %); the four newcomers pull it to 75 %: one alert that morning. And one notice
  // 30 days before the company certificate of day 0 runs out (4 January 2028): 5 December 2027 is
  // a Sunday, so on Monday 6 December.
  expect(summary(emailOf(tag, 'employer', 0))).toEqual([
    '2027-09-13 completion_alert',
    '2027-12-06 certificate_expiry',
  ]);
}

/** The yearly renewal: history kept, new cycle in the new version, new certificates, /verify. */
async function expectRenewal(db: TDatabase, world: TWorld) {
  const learner = (n: number) => world.learners[n - 1] as string;
  const history = await db
    .select()
    .from(courseCycles)
    .where(eq(courseCycles.userId, learner(1)));
  expect(history.map((row) => [row.courseSlug, row.cycle, row.contentVersion]).sort()).toEqual(
    SLUGS.map((slug) => [slug, 1, '0.9']).sort(),
  );
  expect(new Set(history.map((row) => berlinDay(row.completedAt ?? new Date(0))))).toEqual(new Set([dayOf(10)]));
  const current = await db
    .select()
    .from(courseProgress)
    .where(eq(courseProgress.userId, learner(1)));
  const catalog = courseCatalog();
  for (const row of current) {
    expect(row).toMatchObject({ cycle: 2, status: 'completed' });
    expect(row.contentVersion).toBe(catalog.get(row.courseSlug as never)?.meta.version);
    expect(berlinDay(row.completedAt ?? new Date(0))).toBe(dayOf(REFRESHED_DAY));
  }
  const open = await db
    .select()
    .from(courseProgress)
    .where(eq(courseProgress.userId, learner(6)));
  expect(open.map((row) => [row.status, row.cycle])).toEqual(SLUGS.map(() => ['started', 2]));

  // Learners 1-5 got a new certificate with a new code the morning they finished; 6-10 did not.
  const end = new Date(`${dayOf(DAYS - 1)}T12:00:00Z`);
  for (let n = 1; n <= 10; n++) {
    const rows = await db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, learner(n)))
      .orderBy(asc(certificates.issuedAt));
    expect(rows.length, `learner ${n}`).toBe(n <= 5 ? 2 : 1);
    const old = await verifyCertificate(db, world.firstCertificates[n - 1] as string, end);
    expect(old.status).toBe('expired');
    expect(old.validUntil?.slice(0, 10)).toBe('2028-01-14');
    if (n <= 5) {
      const renewed = rows[1];
      expect(renewed?.code).not.toBe(rows[0]?.code);
      expect(berlinDay(renewed?.issuedAt ?? new Date(0))).toBe(dayOf(REFRESHED_DAY));
      expect(old.currentCode).toBe(renewed?.code);
      expect((await verifyCertificate(db, renewed?.code ?? '', end)).status).toBe('valid');
    } else {
      expect(old.currentCode).toBeNull();
    }
  }
}

describe('the reminder ladder over 400 days (issue 22)', () => {
  it('sends exactly the ladder’s mails to whom and when, with one runner', { timeout: 600_000 }, async () => {
    const t = await freshDatabase();
    const world = await seed(t.db, 'eins');
    await simulate(t.db, world, 1);
    expectLadder(await sentMails(t.db, world), 'eins');
    await expectRenewal(t.db, world);
  });

  it('sends the same mails with two runners (two processes), none twice', { timeout: 600_000 }, async () => {
    const t = await freshDatabase();
    const other = t.dialect === 'postgres' ? t.openAnother() : t.db;
    const world = await seed(t.db, 'zwei');
    // Slices of 4 people: the company spans several slices and transactions, and its digest and
    // alerts are decided in the slice of its last person.
    await simulate(t.db, world, 2, { other, reminderSlice: 4 });
    const mails = await sentMails(t.db, world);
    expectLadder(mails, 'zwei');
    await expectRenewal(t.db, world);
    const keys = mails.map((mail) => `${mail.day}|${mail.to}|${mail.template}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(dayNumber(dayOf(DAYS - 1)) - dayNumber(START)).toBe(DAYS - 1);
  });
});
