import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, mailOutbox, transaction } from '@portal/db';
import { freePort } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../api/src/test/test-db.ts';
import { startSmtp, stopSmtp } from './test-smtp-server.ts';

/*
 * Issue 16: two server processes share one outbox. 500 mails wait; the SMTP server is down at
 * first and comes up a little later; each process runs its mail worker (worker-child.ts). Every
 * mail must arrive exactly once and none may be left behind: the claims with leases (ADR 028)
 * keep the workers off each other's mails.
 */
const MAILS = 500;
let t: TTestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

function runWorkerProcess(location: string, smtpUrl: string): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'worker-child.ts'), location, smtpUrl],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

describe('the outbox with two processes', () => {
  it('delivers each of 500 mails exactly once while SMTP is down for a while', { timeout: 120_000 }, async () => {
    const now = new Date();
    // Read committed: the test's own rows, nothing else writes.
    await transaction(t.db, (tx) =>
      tx.insert(mailOutbox).values(
        Array.from({ length: MAILS }, (_, index) => ({
          template: 'test',
          toAddress: `person${index}@example.com`,
          lang: 'de' as const,
          subject: `Mail ${index}`,
          html: `<p>${index}</p>`,
          text: String(index),
          nextAttemptAt: now,
        })),
      ),
    );
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const received: string[] = [];
    const workers = [runWorkerProcess(t.location, smtpUrl), runWorkerProcess(t.location, smtpUrl)];
    // Both workers meet a refused connection first, then the server comes up.
    await sleep(1_500);
    const [pendingWhileDown] = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'));
    const smtp = await startSmtp(port, [], received);
    try {
      expect(await Promise.all(workers)).toEqual([0, 0]);
    } finally {
      await stopSmtp(smtp);
    }

    expect(pendingWhileDown).toBeUndefined();
    expect(received).toHaveLength(MAILS);
    expect(new Set(received).size).toBe(MAILS);
    const rows = await t.db.select({ status: mailOutbox.status, lease: mailOutbox.leaseOwner }).from(mailOutbox);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(MAILS);
    expect(rows.filter((row) => row.lease !== null)).toEqual([]);
  });
});
