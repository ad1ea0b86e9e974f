/**
 * Test helper (outbox-processes.integration.test.ts): one "server process" that only sends mail.
 * `node --import tsx worker-child.ts <database> <smtp url>` runs a mail worker on that database
 * until no mail is pending any more, then stops it (handing back its leases) and exits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { closeDatabase, count, eq, mailOutbox, openDatabase } from '@portal/db';
import { createMailWorker } from './worker.ts';

async function main() {
  const [location, smtpUrl] = process.argv.slice(2);
  if (!location || !smtpUrl) throw new Error('usage: worker-child.ts <database> <smtp url>');
  const db = openDatabase(location, { poolSize: 2 });
  const worker = createMailWorker({
    db,
    smtpUrl,
    from: 'E-Learning-Portal <no-reply@portal.example>',
    intervalMs: 20,
    retryDelayMs: () => 100,
    onError: () => {},
  });
  worker.start();
  for (;;) {
    await sleep(100);
    const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    if ((row?.n ?? 0) === 0) break;
  }
  await worker.stop();
  await closeDatabase(db);
}

await main();
