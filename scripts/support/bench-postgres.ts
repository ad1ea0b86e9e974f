import { copySqliteToPostgres } from '@portal/db';
import { openPostgresOrm } from '../../packages/db/src/postgres-database.ts';
import { startPostgresCluster, type TPostgresCluster } from '../../packages/db/src/testing/postgres-cluster.ts';

/**
 * A throwaway cluster as durable as production (the test clusters switch fsync off): fsync, full
 * pages, and each commit on disk before it is answered (`synchronous_commit`, default on).
 */
export function startDurableCluster(settings: Record<string, string> = {}): Promise<TPostgresCluster> {
  return startPostgresCluster({
    settings: { fsync: 'on', full_page_writes: 'on', synchronous_commit: 'on', ...settings },
  });
}

/** Creates `database` in the cluster and copies the SQLite file into it with db:copy-to-postgres's code, timed. */
export async function copyIntoNewDatabase(cluster: TPostgresCluster, database: string, file: string) {
  const admin = openPostgresOrm(cluster.url(), { poolSize: 1 });
  await admin.execute(`create database ${database}`);
  await admin.$client.end();
  const url = cluster.url(database);
  const started = performance.now();
  const tables = await copySqliteToPostgres(file, url);
  return {
    url,
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    seconds: (performance.now() - started) / 1000,
  };
}
