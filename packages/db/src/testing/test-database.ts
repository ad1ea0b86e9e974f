import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { driverOf, type TDatabase } from '../database.ts';
import type { TDialect } from '../dialect.ts';
import { closeDatabase, migrateDatabase, openDatabase } from '../open-database.ts';
import { openPostgresOrm } from '../postgres-database.ts';
import { SQLITE_MIGRATIONS_FOLDER } from '../sqlite-database.ts';
import { POSTGRES_TEMPLATE } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by vitest.global-setup.ts when the suite runs on PostgreSQL (`TEST_DATABASE=postgres`). */
    postgresUrl: string | undefined;
  }
}

/** The database a test file gets (ADR 028): its own, migrated, of the dialect the suite runs on. */
export interface TTestDatabase {
  db: TDatabase;
  dialect: TDialect;
  /** What `openDatabase` was given: the SQLite file or the PostgreSQL URL. */
  location: string;
  /** A second, independent handle on the same database (another process's view). */
  openAnother(): TDatabase;
  /** Closes the connections and removes the database. */
  cleanup(): Promise<void>;
}

/** Changes whenever a migration changes, so a stale SQLite template is never reused. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(SQLITE_MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * epic-stack: migrate once into a template file per worker, then copy it for each test file. The
 * template is written under a temporary name and renamed, so a concurrent reader never sees a
 * half-migrated file.
 */
async function sqliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), 'portal-vitest-templates');
  mkdirSync(dir, { recursive: true });
  const worker = process.env.VITEST_POOL_ID ?? String(process.pid);
  const file = join(dir, `template-${migrationsFingerprint()}-${worker}.sqlite`);
  if (!existsSync(file)) {
    const building = `${file}.${process.pid}.tmp`;
    const db = openDatabase(building);
    await migrateDatabase(db);
    driverOf(db).sqliteConnection?.pragma('wal_checkpoint(TRUNCATE)');
    await closeDatabase(db);
    for (const suffix of ['-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
    rmSync(`${building}.migration-lock`, { force: true });
    renameSync(building, file);
  }
  return file;
}

async function sqliteTestDatabase(): Promise<TTestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const file = join(dir, 'portal.sqlite');
  copyFileSync(await sqliteTemplate(), file);
  const db = openDatabase(file);
  const others: TDatabase[] = [];
  return {
    db,
    dialect: 'sqlite',
    location: file,
    openAnother() {
      const other = openDatabase(file);
      others.push(other);
      return other;
    },
    async cleanup() {
      for (const other of others) await closeDatabase(other);
      await closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTestDatabase(serverUrl: string): Promise<TTestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgresOrm(serverUrl, { poolSize: 1 });
  try {
    await admin.execute(sql.raw(`create database "${name}" template "${POSTGRES_TEMPLATE}"`));
  } finally {
    await admin.$client.end();
  }
  const location = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const db = openDatabase(location, { poolSize: 5 });
  const others: TDatabase[] = [];
  return {
    db,
    dialect: 'postgres',
    location,
    openAnother() {
      const other = openDatabase(location, { poolSize: 5 });
      others.push(other);
      return other;
    },
    async cleanup() {
      for (const other of others) await closeDatabase(other);
      await closeDatabase(db);
      const dropper = openPostgresOrm(serverUrl, { poolSize: 1 });
      try {
        await dropper.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      } finally {
        await dropper.$client.end();
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file, on the dialect the suite runs on; `sqlite` for
 * the few tests about SQLite files themselves (backups), which run in both suites.
 */
export function createTestDatabase(options: { dialect?: 'sqlite' } = {}): Promise<TTestDatabase> {
  const postgresUrl = options.dialect === 'sqlite' ? undefined : inject('postgresUrl');
  return postgresUrl ? postgresTestDatabase(postgresUrl) : sqliteTestDatabase();
}
