/**
 * Child process of crash-consistency.integration.test.ts: runs one large transaction on a database
 * file so the test can SIGKILL it halfway. Not part of the application.
 *
 * stdout protocol: `in-transaction` once the transaction has written its first row (a temporary
 * trigger, which lives only in this connection, reports it), `done` after the commit.
 */
import { writeSync } from 'node:fs';
import { closeDatabase, type driverOf, openDatabase, transaction } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { resetCompanyProgress } from '../company/reset-company-progress.ts';
import { importEmployeeList } from '../uploads/import-employee-list.ts';

export interface TCrashChildArgs {
  mode: 'import' | 'reset';
  file: string;
  companyId: string;
  admin: TSessionUser;
  rows: number;
}

const args = JSON.parse(process.argv[2] ?? '{}') as TCrashChildArgs;
const db = openDatabase(args.file);
// writeSync: the parent must see the line while this process is still blocked in the transaction.
const say = (line: string) => writeSync(1, `${line}\n`);

/*
 * The mark has to live on the connection that writes: a temporary trigger and a function belong
 * to one SQLite connection. `@portal/db` hands out only its read connection (driverOf), so this
 * test-only child takes the write connection from a transaction handle, which on SQLite is
 * drizzle's better-sqlite3 database with `$client`. SQLite only, like the whole test.
 */
type TSqliteConnection = NonNullable<ReturnType<typeof driverOf>['sqliteConnection']>;
const writer = await transaction(db, async (tx) => (tx as unknown as { $client: TSqliteConnection }).$client);
let marked = false;
writer.function('crash_mark', () => {
  if (!marked) say('in-transaction');
  marked = true;
  return null;
});
const firstWrite = args.mode === 'import' ? 'users' : 'mail_outbox';
writer.exec(`CREATE TEMP TRIGGER crash_mark AFTER INSERT ON main.${firstWrite} BEGIN SELECT crash_mark(); END`);

const meta = { ip: '192.0.2.99', publicUrl: 'http://localhost:3000' };
say('started');
if (args.mode === 'import') {
  const rows = Array.from({ length: args.rows }, (_, index) => ({
    line: index + 2,
    firstname: 'Crash',
    lastname: `Person ${index + 1}`,
    email: `crash.${index + 1}@firma.example`,
    team: '',
    errors: [],
  }));
  await importEmployeeList(db, args.admin, { companyId: args.companyId, rows, filename: 'crash.csv' }, meta);
} else {
  await resetCompanyProgress(db, args.admin, args.companyId, meta, meta.publicUrl);
}
say('done');
await closeDatabase(db);
