import { eq, sessions } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

/**
 * DECISIONS.md "Every session of a user ends on logout-everywhere, password change/reset, block
 * and deletion". Password change, reset, admin-set password and block are tested in
 * change-password, reset-password and admin.integration.test.ts, role changes and handovers in
 * staff and reset-and-handover.integration.test.ts. This covers deletion: a person removed by
 * their employer, an admin removed by another admin, a company deleted completely. (There is no
 * separate logout-everywhere call; a password change or reset is how a person ends them all.)
 */

let t: TTestDb;
let admin: TSeededUser;

beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAdmin(t.db);
});
afterAll(() => t.cleanup());

const openSessions = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

/** Who a request with this token is: the person's id, or 'signed out'. */
async function probe(token: string) {
  const { caller } = callerFor(t.db, { token });
  return (await caller.auth.me())?.id ?? 'signed out';
}

describe('deletion ends every session of the person', () => {
  it('a person deleted by their employer', async () => {
    const employer = await seedEmployer(t.db);
    const person = await seedEmployee(t.db, employer.companyId);
    const tokens = [(await sessionFor(t.db, person)).token, (await sessionFor(t.db, person)).token];
    expect(await probe(tokens[0] ?? '')).toBe(person.id);
    await callerFor(t.db, { token: employer.token }).caller.company.deleteEmployee({
      companyId: employer.companyId,
      id: person.id,
    });
    expect(await openSessions(person.id)).toEqual([]);
    for (const token of tokens) expect(await probe(token)).toBe('signed out');
    // The employer's own session goes on.
    expect(await probe(employer.token)).toBe(employer.id);
  });

  it('an admin deleted by another admin', async () => {
    const other = await seedAdmin(t.db);
    const token = (await sessionFor(t.db, other)).token;
    expect(await probe(token)).toBe(other.id);
    await callerFor(t.db, { token: (await sessionFor(t.db, admin)).token }).caller.appuser.delete({ id: other.id });
    expect(await openSessions(other.id)).toEqual([]);
    expect(await probe(token)).toBe('signed out');
  });

  it('everyone of a company deleted completely', async () => {
    const employer = await seedEmployer(t.db);
    const people = [
      employer,
      await seedEmployee(t.db, employer.companyId, { role: 'manager' }),
      await seedEmployee(t.db, employer.companyId),
    ];
    const tokens: string[] = [];
    for (const person of people) tokens.push((await sessionFor(t.db, person)).token);
    await callerFor(t.db, { token: (await sessionFor(t.db, admin)).token }).caller.employee.deleteEmployerCompletely({
      id: employer.id,
    });
    for (const person of people) expect(await openSessions(person.id)).toEqual([]);
    for (const token of [...tokens, employer.token]) expect(await probe(token)).toBe('signed out');
  });
});
