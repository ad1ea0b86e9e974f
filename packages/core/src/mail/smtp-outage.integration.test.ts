import { eq, mailOutbox, transaction } from '@portal/db';
import { freePort } from '@portal/db/testing';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../api/src/test/test-db.ts';
import { enqueueMail } from './outbox.ts';
import { startSmtp, stopSmtp } from './test-smtp-server.ts';
import { backoffMs, createMailWorker, type TMailWorker } from './worker.ts';

let t: TTestDb;
let port: number;
let worker: TMailWorker;
let smtp: SMTPServer | undefined;
const received: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  t = await createTestDb();
  port = await freePort();
  worker = createMailWorker({
    db: t.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'E-Learning-Portal <no-reply@portal.example>',
    intervalMs: 60_000,
    onError: (message) => errors.push(message),
  });
});

afterAll(async () => {
  await worker.stop();
  if (smtp) await stopSmtp(smtp);
  await t.cleanup();
});

const row = async (id: string) => {
  const [found] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found;
};

describe('SMTP outage', () => {
  it('keeps the mail in the outbox while the server is down and delivers it once it is back', async () => {
    const queuedAt = new Date();
    const id = await transaction(t.db, (tx) =>
      enqueueMail(
        tx,
        {
          to: 'outage@example.com',
          lang: 'en',
          mail: { template: 'progress_reset', params: { name: 'Olga Outage', company: 'Outage Ltd' } },
        },
        queuedAt,
      ),
    );
    const subject = (await row(id))?.subject ?? '';
    expect(subject).not.toBe('');

    const firstTry = new Date(queuedAt.getTime() + 1_000);
    expect(await worker.runOnce(firstTry)).toBe(0);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting?.nextAttemptAt.getTime()).toBe(firstTry.getTime() + backoffMs(1));
    expect(errors).toHaveLength(1);

    // Before the backoff has passed the worker leaves it alone, even with the server back.
    smtp = await startSmtp(port, received);
    expect(await worker.runOnce(new Date(firstTry.getTime() + backoffMs(1) - 1_000))).toBe(0);
    expect((await row(id))?.attempts).toBe(1);
    expect(received).toEqual([]);

    expect(await worker.runOnce(new Date(firstTry.getTime() + backoffMs(1) + 1_000))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(`Subject: ${subject}`);
    expect(received[0]).toContain('outage@example.com');
  });
});
