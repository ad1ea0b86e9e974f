import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/postgres.ts';

export const POSTGRES_MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations-postgres');

/** Any number stands for the migrations: one lock per database, whoever takes it. */
const MIGRATION_LOCK = 7_240_851;

export type TPostgresOrm = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/*
 * `bigint` (epoch milliseconds, counts) and `numeric` (sums) arrive as strings from node-postgres,
 * because they may exceed 2^53. This schema's values never do (milliseconds until the year
 * 287,396; counts of rows), so they are read as numbers, as SQLite returns them. drizzle passes
 * its own per-query parsers that fall back to these process-wide ones, so they are set here.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

export interface TPostgresOptions {
  /** Connections per process (ADR 028). */
  poolSize?: number;
  /** Called for errors of idle connections (a restarted server); without it they would crash the process. */
  onIdleError?: (error: Error) => void;
}

export function openPostgres(url: string, options: TPostgresOptions = {}): TPostgresOrm {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A request fails fast while the database is away instead of queueing for a connection forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  return drizzle({ client: pool, schema }) as TPostgresOrm;
}

/**
 * Applies the committed migrations. Two processes starting at once take turns: the first holds a
 * session advisory lock while it migrates, the second waits for it and then finds nothing to do.
 * (drizzle's migrator alone reads the applied migrations before its transaction, so two at once
 * would both apply the first one.)
 */
export async function migratePostgres(orm: TPostgresOrm, folder = POSTGRES_MIGRATIONS_FOLDER): Promise<void> {
  const client = await orm.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
