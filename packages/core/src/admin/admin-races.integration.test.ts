import { eq, type TDatabase, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, STRONG_PASSWORD, seedAdmin, type TTestDb } from '../../../api/src/test/test-db.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { createAdmin, deleteAdmin } from './admins.ts';

/*
 * Two admins acting at the same moment (ADR 028). On PostgreSQL the second handle is another
 * server process and the transactions run side by side; on SQLite one process has one handle
 * (a second would block its event loop on the file lock), and the transactions take turns.
 */
let t: TTestDb;
let other: TDatabase;
const meta = { ip: '192.0.2.7' };

beforeAll(async () => {
  t = await createTestDb();
  other = t.dialect === 'postgres' ? t.openAnother() : t.db;
  // Open the pools' connections now, so that racing requests do not queue behind a connect.
  await Promise.all(
    [t.db, other].flatMap((handle) => Array.from({ length: 5 }, () => handle.select({ id: users.id }).from(users))),
  );
});
afterAll(async () => {
  await t.cleanup();
});

const asActor = (admin: { id: string; email: string; firstname: string; lastname: string }): TSessionUser => ({
  ...admin,
  role: 'admin',
  companyId: null,
  lang: 'de',
});

/** 'ok' for a call that succeeded, the message key for a refusal; anything else fails the test. */
function outcomes(results: PromiseSettledResult<unknown>[]) {
  return results
    .map((result) => {
      if (result.status === 'fulfilled') return 'ok';
      if (result.reason instanceof DomainError) return result.reason.messageKey;
      throw result.reason;
    })
    .sort();
}

const admins = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).length;

describe('admins at the same moment', () => {
  it('two admins deleting each other leave one admin, never none', async () => {
    const first = await seedAdmin(t.db);
    const second = await seedAdmin(t.db);
    expect(await admins()).toBe(2);

    const results = await Promise.allSettled([
      deleteAdmin(t.db, asActor(first), second.id, meta),
      deleteAdmin(other, asActor(second), first.id, meta),
    ]);

    expect(outcomes(results)).toEqual(['admins.last_admin', 'ok']);
    expect(await admins()).toBe(1);
  });

  it('two admins creating an admin with the same address create one', async () => {
    const creator = asActor(await seedAdmin(t.db));
    const input = {
      firstname: 'Doppel',
      lastname: 'Anlage',
      email: 'doppel@portal.example',
      password: STRONG_PASSWORD,
    };

    const results = await Promise.allSettled([
      createAdmin(t.db, creator, input, meta),
      createAdmin(other, creator, input, meta),
    ]);

    expect(outcomes(results)).toEqual(['ok', 'users.email_already_exists']);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });
});
