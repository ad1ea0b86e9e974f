import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@portal/core';
import {
  backupDatabase,
  closeDatabase,
  driverOf,
  eq,
  migrateDatabase,
  openDatabase,
  restoreDatabase,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  STRONG_PASSWORD,
  seedEmployee,
  seedEmployer,
  TEST_PUBLIC_URL,
  type TTestDb,
} from '../../../packages/api/src/test/test-db.ts';
import { createApp } from './app.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let t: TTestDb;
let companyId: string;
let dir: string;
let backupFile: string;
let restoredFile: string;
const restoredConnections: TDatabase[] = [];

/*
 * About SQLite files: the online backup and the restore copy them (`npm run db:backup`,
 * `db:restore`), so this file runs on SQLite in both suites; PostgreSQL is backed up with pg_dump
 * (docs/operations.md).
 */

const hasUser = async (db: TDatabase, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

/** Starts the portal on a database file the way main.ts does, without the listening socket. */
async function appOn(file: string) {
  const db = openDatabase(file);
  restoredConnections.push(db);
  await migrateDatabase(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATABASE_FILE: file,
    LOG_LEVEL: 'silent',
  });
  return { db, app: createApp({ db, config, logger: silent, webDist: '/nonexistent/web/dist' }) };
}

const signIn = (app: ReturnType<typeof createApp>, email: string) =>
  app.request('/api/employee/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });

describe('online backup and restore (SQLite files)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'backup-restore-'));
    backupFile = join(dir, 'backups', 'portal-backup.sqlite');
    restoredFile = join(dir, 'restored', 'portal.sqlite');
    t = await createTestDb({ dialect: 'sqlite' });
    ({ companyId } = await seedEmployer(t.db));
  });
  afterAll(async () => {
    for (const db of restoredConnections) await closeDatabase(db);
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while another connection writes, and the portal runs on the restored file', async () => {
    const kept = await seedEmployee(t.db, companyId, { email: 'kept@example.com' });

    // A second handle, like a request in the running server, holds an open write transaction
    // while the backup runs.
    const writer = t.openAnother();
    await transaction(writer, async (tx) => {
      await tx
        .insert(users)
        .values({ firstname: 'Un', lastname: 'Committed', email: 'uncommitted@example.com', role: 'employee' });
      await backupDatabase(t.db, backupFile);
    });
    await closeDatabase(writer);

    const late = await seedEmployee(t.db, companyId, { email: 'after-backup@example.com' });
    expect(await hasUser(t.db, 'uncommitted@example.com')).toBe(true);

    // Leftovers of an older database at the target must not be replayed onto the restored file.
    rmSync(join(dir, 'restored'), { recursive: true, force: true });
    restoreDatabase(backupFile, restoredFile);
    expect(existsSync(`${restoredFile}-wal`)).toBe(false);

    const { db, app } = await appOn(restoredFile);
    expect(driverOf(db).sqliteConnection?.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((await app.request('/healthz')).status).toBe(200);
    const session = await signIn(app, kept.email);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { id?: string }).id).toBeTruthy();

    expect((await signIn(app, late.email)).status).toBe(401);
    expect(await hasUser(db, late.email)).toBe(false);
    expect(await hasUser(db, 'uncommitted@example.com')).toBe(false);
  });

  it('refuses a damaged backup and removes stale -wal/-shm only when it restores', async () => {
    const target = join(dir, 'target', 'portal.sqlite');
    restoreDatabase(backupFile, target);
    const damaged = join(dir, 'damaged.sqlite');
    writeFileSync(damaged, 'this is not a database');
    expect(() => restoreDatabase(damaged, target)).toThrow(/no usable database|not a database/);
    expect(existsSync(`${target}.restoring`)).toBe(false);
    const check = openDatabase(target);
    expect(await hasUser(check, 'kept@example.com')).toBe(true);
    await closeDatabase(check);

    writeFileSync(`${target}-wal`, 'stale');
    writeFileSync(`${target}-shm`, 'stale');
    restoreDatabase(backupFile, target);
    expect(existsSync(`${target}-wal`)).toBe(false);
    expect(existsSync(`${target}-shm`)).toBe(false);
  });
});
