import {
  auditLog,
  jobRuns,
  jobs,
  loginThrottle,
  mailOutbox,
  oneTimeTokens,
  sessions,
  transaction,
  users,
} from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../api/src/test/test-db.ts';
import { createOneTimeToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import { JOB_SCHEDULES } from '../jobs/builtin-jobs.ts';
import { finishedJobRetention } from '../jobs/schedules.ts';
import { runHousekeeping } from './housekeeping.ts';

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

const HOUR = 3600 * 1000;

describe('runHousekeeping', () => {
  it('removes dead sessions, tokens and throttle rows and keeps live ones', async () => {
    const { db } = t;
    const now = new Date('2026-11-21T12:00:00Z');
    const [user] = await transaction(db, (tx) =>
      tx
        .insert(users)
        .values({ firstname: 'H', lastname: 'K', email: 'hk@example.com', role: 'employee' })
        .returning({ id: users.id }),
    );
    if (!user) throw new Error('no user');
    const live = await createSession(db, {
      userId: user.id,
      role: 'employee',
      now: new Date(now.getTime() - 10 * 60 * 1000),
    });
    const idle = await createSession(db, {
      userId: user.id,
      role: 'employee',
      now: new Date(now.getTime() - 2 * HOUR),
    });
    await transaction(db, async (tx) => {
      await createOneTimeToken(tx, {
        kind: 'reset',
        userId: user.id,
        validForMs: HOUR,
        now: new Date(now.getTime() - 2 * HOUR),
      });
      await createOneTimeToken(tx, { kind: 'invitation', userId: user.id, validForMs: 14 * 24 * HOUR, now });
    });
    await transaction(db, (tx) =>
      tx.insert(loginThrottle).values([
        { key: 'account:old@example.com', attempts: 3, windowStartedAt: new Date(now.getTime() - HOUR) },
        {
          key: 'account:locked@example.com',
          attempts: 10,
          windowStartedAt: new Date(now.getTime() - HOUR),
          lockedUntil: new Date(now.getTime() + 60_000),
        },
        { key: 'ip:10.0.0.1', attempts: 1, windowStartedAt: new Date(now.getTime() - 60_000) },
        // A day's count (the report inbox's forwards per company) outlives the 15 minutes, not its day.
        { key: 'day:phishing-forwards:today', attempts: 20, windowStartedAt: new Date(now.getTime() - HOUR) },
        { key: 'day:phishing-forwards:yesterday', attempts: 20, windowStartedAt: new Date(now.getTime() - 25 * HOUR) },
      ]),
    );

    const DAY = 24 * HOUR;
    const mail = (subject: string, status: 'sent' | 'pending', sentDaysAgo: number | null) => ({
      template: 'reset',
      toAddress: 'hk@example.com',
      lang: 'de' as const,
      subject,
      html: '<p>x</p>',
      text: 'x',
      status,
      nextAttemptAt: now,
      sentAt: sentDaysAgo === null ? null : new Date(now.getTime() - sentDaysAgo * DAY),
    });
    await transaction(db, async (tx) => {
      await tx
        .insert(mailOutbox)
        .values([mail('old sent', 'sent', 31), mail('recent sent', 'sent', 29), mail('waiting', 'pending', null)]);
      await tx.insert(auditLog).values([
        { action: 'logout', at: new Date(now.getTime() - 366 * DAY) },
        { action: 'logout', at: new Date(now.getTime() - 364 * DAY) },
      ]);
      const job = (key: string, status: 'pending' | 'done' | 'failed', finishedDaysAgo: number | null) => ({
        kind: 'housekeeping',
        key,
        status,
        runAt: new Date(now.getTime() - 100 * DAY),
        finishedAt: finishedDaysAgo === null ? null : new Date(now.getTime() - finishedDaysAgo * DAY),
      });
      const [oldJob] = await tx
        .insert(jobs)
        .values([
          job('old done', 'done', 91),
          job('old failed', 'failed', 95),
          job('recent', 'done', 89),
          job('late', 'pending', null),
        ])
        .returning({ id: jobs.id });
      await tx.insert(jobRuns).values({
        jobId: oldJob?.id ?? '',
        kind: 'housekeeping',
        attempt: 1,
        owner: 'test',
        startedAt: new Date(now.getTime() - 91 * DAY),
      });
    });

    expect(await runHousekeeping(db, now)).toEqual({
      sessions: 1,
      tokens: 1,
      throttle: 2,
      mails: 1,
      auditEntries: 1,
      jobs: 2,
    });
    expect((await db.select({ key: jobs.key }).from(jobs)).map((row) => row.key).sort()).toEqual(['late', 'recent']);
    expect(await db.select({ id: jobRuns.id }).from(jobRuns)).toEqual([]);
    expect(
      (await db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject).sort(),
    ).toEqual(['recent sent', 'waiting']);
    expect(await db.select({ at: auditLog.at }).from(auditLog)).toEqual([{ at: new Date(now.getTime() - 364 * DAY) }]);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual([live.session.id]);
    expect(await db.select({ kind: oneTimeTokens.kind }).from(oneTimeTokens)).toEqual([{ kind: 'invitation' }]);
    expect((await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key).sort()).toEqual([
      'account:locked@example.com',
      'day:phishing-forwards:today',
      'ip:10.0.0.1',
    ]);
    expect(idle.session.id).not.toBe(live.session.id);
  });

  it('keeps the finished runs of a schedule that asks for less only that long (JOB_SCHEDULES)', async () => {
    const { db } = t;
    const now = new Date('2027-06-01T03:07:00Z');
    const DAY = 24 * HOUR;
    const finished = (kind: string, key: string, daysAgo: number) => ({
      kind,
      key,
      status: 'done' as const,
      runAt: new Date(now.getTime() - daysAgo * DAY),
      finishedAt: new Date(now.getTime() - daysAgo * DAY),
    });
    // Alone in the table: the first test's jobs are long finished by this date.
    await transaction(db, (tx) => tx.delete(jobs));
    await transaction(db, (tx) =>
      tx
        .insert(jobs)
        .values([
          finished('phishing-dispatch', 'dispatch 8 days', 8),
          finished('phishing-dispatch', 'dispatch 6 days', 6),
          finished('reminders', 'reminders 8 days', 8),
        ]),
    );
    const retention = finishedJobRetention(JOB_SCHEDULES);
    expect(retention).toEqual({ 'phishing-dispatch': 7 * DAY });
    expect((await runHousekeeping(db, now, retention)).jobs).toBe(1);
    const keys = (await db.select({ key: jobs.key }).from(jobs)).map((row) => row.key);
    expect(keys).toContain('dispatch 6 days');
    expect(keys).toContain('reminders 8 days');
    expect(keys).not.toContain('dispatch 8 days');
  });
});
