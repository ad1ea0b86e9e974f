import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DATABASE, type TDatabase, type TDatabaseDriver, type TDb, type TTransaction } from './database.ts';
import * as schema from './schema/postgres.ts';
import { bindTables } from './tables.ts';

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

/** A drizzle handle on a pool, without the portal's driver (migrations, tests, tools). */
export function openPostgresOrm(url: string, options: TPostgresOptions = {}): TPostgresOrm {
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

/** SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 10;

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL (ADR 028): a pool per process. A transaction runs at the isolation its caller names
 * (read committed unless said otherwise) and runs again, up to ten times with a growing random
 * pause, when PostgreSQL aborts it for a serialization failure or a deadlock: both mean that
 * nothing of it was written, and running it again is what the SQL standard expects.
 */
export function openPostgres(url: string, options: TPostgresOptions = {}): TDatabase {
  bindTables('postgres');
  const orm = openPostgresOrm(url, options);
  type TPgHandle = Pick<TPostgresOrm, 'execute' | 'transaction'>;
  const asPostgres = (handle: TDb) => handle as unknown as TPgHandle;

  const base: Omit<TDatabaseDriver, 'transaction'> = {
    dialect: 'postgres',
    async rows<T>(handle: TDb, query: SQL) {
      return (await asPostgres(handle).execute(query)).rows as T[];
    },
    async execute(handle: TDb, query: SQL) {
      return (await asPostgres(handle).execute(query)).rowCount ?? 0;
    },
    migrate: () => migratePostgres(orm),
    async ping() {
      await orm.execute(sql`select 1`);
    },
    close: () => orm.$client.end(),
  };
  /** Gives a transaction handle its driver; a transaction begun on it is a savepoint. */
  const adopt = (tx: TPgHandle): TTransaction => {
    Object.defineProperty(tx, DATABASE, {
      value: {
        ...base,
        transaction: (work: (inner: TTransaction) => Promise<unknown>) => tx.transaction((inner) => work(adopt(inner))),
      },
    });
    return tx as unknown as TTransaction;
  };
  const driver: TDatabaseDriver = {
    ...base,
    async transaction(work, transactionOptions) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await orm.transaction((tx) => work(adopt(tx)), {
            isolationLevel: transactionOptions.isolation ?? 'read committed',
          });
        } catch (error) {
          const state = sqlState(error);
          if (attempt >= ATTEMPTS || !state || !RETRYABLE.has(state)) throw error;
          await pause(Math.random() * 10 * 2 ** attempt);
        }
      }
    },
  };
  Object.defineProperty(orm, DATABASE, { value: driver });
  return orm as unknown as TDatabase;
}
