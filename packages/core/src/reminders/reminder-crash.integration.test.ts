import { asc, companies, courseAssignments, eq, mailOutbox, reminderSettings, transaction, users } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock } from '../clock.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { runReminders } from './reminder-run.ts';

/*
 * Issue 22: a reminder run stopped half way (after its first batch of companies) is taken up again
 * by the job queue's retry and finishes: every learner is reminded, none twice.
 */

let t: TTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

// Wednesday 2 December 2026, 10:00 in Berlin; assignments from 26 days before, due in 30 days:
// due on 4 December, so due soon.
const NOW = new Date('2026-12-02T09:00:00Z');
const ASSIGNED = new Date('2026-11-04T09:00:00Z');

async function seedCompany(n: number) {
  await transaction(t.db, async (tx) => {
    const companyId = crypto.randomUUID();
    const owner = crypto.randomUUID();
    const learner = crypto.randomUUID();
    await tx.insert(companies).values({ id: companyId, companyName: `Absturz ${n} GmbH` });
    await tx.insert(users).values([
      {
        id: owner,
        firstname: 'Chefin',
        lastname: `${n}`,
        email: `chefin.${n}@absturz.example`,
        role: 'employer',
        companyId,
        active: true,
        orderProcessingAccepted: true,
      },
      {
        id: learner,
        firstname: 'Lerner',
        lastname: `${n}`,
        email: `lerner.${n}@absturz.example`,
        role: 'employee',
        companyId,
        active: true,
      },
    ]);
    await tx.update(companies).set({ ownerId: owner }).where(eq(companies.id, companyId));
    await tx.insert(courseAssignments).values({ userId: learner, courseSlug: 'malware', assignedAt: ASSIGNED });
    await tx
      .insert(reminderSettings)
      .values({ companyId, defaultDueDays: 30, managerDigest: false, completionAlert: false });
  });
}

describe('a reminder run stopped half way', () => {
  it('is retried by the job queue and reminds everyone exactly once', async () => {
    for (let n = 1; n <= 5; n++) await seedCompany(n);
    const clock = controlledClock(NOW);
    let attempts = 0;
    const runner = createJobRunner({
      db: t.db,
      clock,
      retryDelayMs: () => 60_000,
      handlers: {
        reminders: async ({ db, now }) => {
          attempts += 1;
          const result = await runReminders(db, {
            now,
            publicUrl: 'https://portal.example',
            batchSize: 2,
            onBatch: () => {
              // The first attempt dies after its first batch of two companies.
              if (attempts === 1) throw new Error('process stopped half way');
            },
          });
          return { learnerMails: result.learnerMails };
        },
      },
    });
    await transaction(t.db, (tx) => enqueueJob(tx, { kind: 'reminders', key: 'reminders@crash', runAt: NOW }));

    const first = await runner.runDue();
    expect(first.map((run) => run.result)).toEqual(['failed']);
    const afterCrash = await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.toAddress));
    // The first batch (two companies, in id order) was written before the stop.
    expect(afterCrash).toHaveLength(2);

    clock.advance(61_000);
    const second = await runner.runDue();
    expect(second.map((run) => run.result)).toEqual(['succeeded']);
    expect(attempts).toBe(2);
    const mails = await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.toAddress));
    expect(mails.map((mail) => mail.toAddress)).toEqual([1, 2, 3, 4, 5].map((n) => `lerner.${n}@absturz.example`));
    expect(new Set(mails.map((mail) => mail.template))).toEqual(new Set(['learner_reminder']));
  });
});
