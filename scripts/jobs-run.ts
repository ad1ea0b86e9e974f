/**
 * `npm run jobs:run`: runs every job that is due now on the configured database (DATABASE_URL for
 * PostgreSQL, else DATABASE_FILE), prints each run and exits; 1 if a run failed. For operators
 * who do not want to wait for the next tick of the servers' runners (ADR 032). Safe while servers
 * run: jobs are claimed with leases, so each runs once whoever takes it.
 */
import { createJobHandlers, createJobRunner, JOB_SCHEDULES, loadConfig } from '@portal/core';
import { closeDatabase, migrateDatabase, openDatabase } from '@portal/db';
import { databaseLabel } from '../apps/server/src/database-label.ts';

const config = loadConfig();
const db = openDatabase(config.databaseLocation, { poolSize: 2 });
let failed = 0;
try {
  await migrateDatabase(db);
  const runner = createJobRunner({
    db,
    handlers: createJobHandlers({
      publicUrl: config.publicUrl,
      totpKey: config.totpKey,
      phishing: config.phishing,
      dnsServers: config.DNS_SERVERS,
    }),
    schedules: JOB_SCHEDULES,
  });
  const runs = await runner.runUntilIdle();
  for (const run of runs) {
    if (run.result === 'failed') failed += 1;
    console.log(
      `${run.result.padEnd(9)} ${run.kind} (${run.key}), attempt ${run.attempt}${run.error ? `: ${run.error}` : ''}`,
    );
  }
  console.log(`${runs.length} job(s) run on ${databaseLabel(config.databaseLocation)}, ${failed} failed`);
} finally {
  await closeDatabase(db);
}
process.exit(failed > 0 ? 1 : 0);
