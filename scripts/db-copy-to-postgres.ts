/**
 * `npm run db:copy-to-postgres [-- --from <file>] [-- --to <url>]`: moves a pilot from the embedded
 * SQLite database to PostgreSQL (issue 16). Reads `--from` (default DATABASE_FILE or
 * ./data/portal.sqlite), writes into `--to` (default DATABASE_URL), which must be empty; verifies
 * every table's row count and checksum before it commits. Stop the portal first, so nothing is
 * written to the file after the copy's snapshot; then start it with DATABASE_URL set.
 * docs/operations.md, "Moving a pilot to PostgreSQL".
 */
import { parseArgs } from 'node:util';
import { CopyRefusedError, copySqliteToPostgres, dialectOfLocation } from '@portal/db';
import { databaseLabel } from '../apps/server/src/database-label.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: process.env.DATABASE_FILE ?? './data/portal.sqlite' },
    to: { type: 'string', default: process.env.DATABASE_URL },
  },
});
const from = values.from as string;
const to = values.to;
if (!to || dialectOfLocation(to) !== 'postgres') {
  console.error('Name the target: --to postgres://user:password@host:5432/database, or set DATABASE_URL.');
  process.exit(2);
}

console.log(`copying ${databaseLabel(from)} into ${databaseLabel(to)}`);
const started = Date.now();
let shown = '';
try {
  const tables = await copySqliteToPostgres(from, to, {
    onProgress(event) {
      if (event.phase === 'checked') console.log(`target is empty; copying ${event.tables} tables in one transaction`);
      if (event.phase === 'copying' && event.done > 0) {
        // A line per tenth of a table, and its last.
        const tenth = Math.floor((event.done * 10) / event.total);
        const line = `${event.table}:${tenth}`;
        if (line === shown) return;
        shown = line;
        console.log(`  ${event.table}: ${event.done.toLocaleString('en')} of ${event.total.toLocaleString('en')} rows`);
      }
    },
  });
  console.log('verified (rows, checksum of the rows as the portal reads them):');
  const width = Math.max(...tables.map((table) => table.name.length));
  for (const table of tables)
    console.log(`  ${table.name.padEnd(width)}  ${String(table.rows).padStart(9)}  ${table.checksum.slice(0, 16)}`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s; start the portal with DATABASE_URL set.`);
} catch (error) {
  if (error instanceof CopyRefusedError) {
    console.error(`refused: ${error.message}`);
    process.exit(1);
  }
  console.error(
    `the copy failed and nothing was kept in the target: ${error instanceof Error ? error.message : error}`,
  );
  if (error instanceof Error && error.cause instanceof Error) console.error(`  cause: ${error.cause.message}`);
  process.exit(1);
}
