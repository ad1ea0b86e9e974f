/**
 * Child process of crash-consistency.integration.test.ts: runs one large transaction on a database
 * file so the test can SIGKILL it halfway. Not part of the application.
 *
 * stdout protocol: `in-transaction` once the transaction has written its first row (a temporary
 * trigger, which lives only in this connection, reports it), `done` after the commit.
 */
import { writeSync } from 'node:fs';
import { openDatabase } from '@portal/db';
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

let marked = false;
db.$client.function('crash_mark', () => {
  if (!marked) say('in-transaction');
  marked = true;
  return null;
});
const firstWrite = args.mode === 'import' ? 'users' : 'mail_outbox';
db.$client.exec(`CREATE TEMP TRIGGER crash_mark AFTER INSERT ON main.${firstWrite} BEGIN SELECT crash_mark(); END`);

const meta = { ip: '192.0.2.99', publicUrl: 'http://localhost:3000' };
say('started');
if (args.mode === 'import') {
  const rows = Array.from({ length: args.rows }, (_, index) => ({
    line: index + 2,
    firstname: 'Crash',
    lastname: `Person ${index + 1}`,
    email: `crash.${index + 1}@firma.example`,
    errors: [],
  }));
  importEmployeeList(db, args.admin, { companyId: args.companyId, rows, filename: 'crash.csv' }, meta);
} else {
  await resetCompanyProgress(db, args.admin, args.companyId, meta, meta.publicUrl);
}
say('done');
db.$client.close();
