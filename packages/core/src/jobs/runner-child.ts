/**
 * Test helper (runner-kill.integration.test.ts): one "server process" whose job runner claims the
 * due jobs and then hangs in the handler, as a process does that is killed half way.
 * `node --import tsx runner-child.ts <database>`; the test kills it with SIGKILL.
 */
import { openDatabase } from '@portal/db';
import { createJobRunner } from './runner.ts';

const [location] = process.argv.slice(2);
if (!location) throw new Error('usage: runner-child.ts <database>');
const db = openDatabase(location, { poolSize: 2 });
const runner = createJobRunner({
  db,
  handlers: {
    'half-way': () => {
      process.stdout.write('claimed\n');
      return new Promise(() => {});
    },
  },
});
await runner.runDue();
