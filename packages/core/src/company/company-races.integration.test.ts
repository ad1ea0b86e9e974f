import { randomUUID } from 'node:crypto';
import { and, asc, certificates, companies, eq, mailOutbox, type TDatabase, transaction, users } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../auth/sessions.ts';
import { deleteStaffMember, toggleStaffRole, updateStaffMember } from '../employees/manage-employee.ts';
import { DomainError } from '../errors.ts';
import { syncCourses } from '../learning/catalog.ts';
import { updateCompany } from './company-data.ts';
import { handOverPolicyholder } from './handover.ts';
import { resetCompanyProgress } from './reset-company-progress.ts';

/**
 * The company actions that must not lose a race (ADR 028): on PostgreSQL the two requests of each
 * case run side by side, on SQLite one after the other; either way the company ends with exactly
 * one policyholder who owns it, and a reset happens once. Each case runs on several fresh
 * companies, so PostgreSQL gets many chances to interleave the statements.
 */

const META = { ip: '203.0.113.9' };
const ROUNDS = 8;
let t: TTestDatabase;
let db: TDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  await syncCourses(db);
});
afterAll(() => t?.cleanup());

type TActor = TSessionUser & { companyId: string };

/** A company with its policyholder (AVV accepted) and two active employees. */
async function company(): Promise<{ owner: TActor; a: string; b: string; companyId: string }> {
  return transaction(db, async (tx) => {
    const [created] = await tx
      .insert(companies)
      .values({ companyName: 'Wettlauf GmbH', street: 'Weg 1', postCode: '12345', city: 'Stadt' })
      .returning({ id: companies.id });
    if (!created) throw new Error('no company');
    const person = (role: 'employer' | 'employee') => ({
      id: randomUUID(),
      firstname: role === 'employer' ? 'Olga' : 'Emil',
      lastname: 'Race',
      email: `${randomUUID()}@race.example`,
      role,
      companyId: created.id,
      active: true,
      isFirstLogin: false,
      orderProcessingAccepted: role === 'employer',
      orderProcessingAcceptedAt: role === 'employer' ? new Date('2026-01-02T03:04:05Z') : null,
    });
    const owner = person('employer');
    const a = person('employee');
    const b = person('employee');
    await tx.insert(users).values([owner, a, b]);
    await tx.update(companies).set({ ownerId: owner.id }).where(eq(companies.id, created.id));
    return {
      owner: { ...owner, companyId: created.id, lang: 'de' as const },
      a: a.id,
      b: b.id,
      companyId: created.id,
    };
  });
}

/** Exactly one person of the company is policyholder, they own it and hold the accepted AVV. */
async function expectOnePolicyholder(companyId: string) {
  const employers = await db
    .select({ id: users.id, accepted: users.orderProcessingAccepted })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'employer')));
  const [row] = await db.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, companyId));
  expect(employers).toHaveLength(1);
  expect(row?.ownerId).toBe(employers[0]?.id);
  expect(employers[0]?.accepted).toBe(true);
  return employers[0]?.id as string;
}

/** Both outcomes of two racing calls; a failure must be a DomainError (never a database error). */
async function race(first: () => Promise<unknown>, second: () => Promise<unknown>) {
  const results = await Promise.allSettled([first(), second()]);
  for (const result of results) {
    if (result.status === 'rejected' && !(result.reason instanceof DomainError)) throw result.reason;
  }
  return results.map((result) => (result.status === 'fulfilled' ? 'ok' : (result.reason as DomainError).kind)) as [
    string,
    string,
  ];
}

describe('races of the company actions', () => {
  it('two handovers at once: one wins, the other changes nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, a, b, companyId } = await company();
      const outcome = await race(
        () => handOverPolicyholder(db, owner, { id: a, role: 'manager' }, META),
        () => handOverPolicyholder(db, owner, { id: b, role: 'employee' }, META),
      );
      expect(outcome.filter((kind) => kind === 'ok')).toHaveLength(1);
      expect(outcome).toContain('FORBIDDEN');
      const holder = await expectOnePolicyholder(companyId);
      const roles = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.id));
      const loser = holder === a ? b : a;
      expect(roles.find((person) => person.id === loser)?.role).toBe('employee');
      expect(roles.find((person) => person.id === owner.id)?.role).toBe(holder === a ? 'manager' : 'employee');
    }
  });

  it('a handover against a role change, a deletion or a name change of the successor', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const edit of ['toggle', 'delete', 'rename'] as const) {
        const { owner, a, companyId } = await company();
        const handover = () => handOverPolicyholder(db, owner, { id: a, role: 'manager' }, META);
        const change = () =>
          edit === 'toggle'
            ? toggleStaffRole(db, owner, { id: a, expectedRole: 'manager' }, META)
            : edit === 'delete'
              ? deleteStaffMember(db, owner, a, META)
              : updateStaffMember(db, owner, { id: a, firstname: 'Neu', lastname: 'Name' }, META);
        // Either may start first (on SQLite that one also commits first).
        const [handedOver, changed] =
          round % 2 === 0 ? await race(handover, change) : ((await race(change, handover)).reverse() as string[]);
        const holder = await expectOnePolicyholder(companyId);
        const [successor] = await db.select({ role: users.role }).from(users).where(eq(users.id, a));
        if (handedOver === 'ok') {
          // A change that came first still applied (a manager may take over); one that came
          // second refused to touch the new policyholder. Nobody deletes them.
          expect(holder, edit).toBe(a);
          expect(successor?.role, edit).toBe('employer');
          expect(edit === 'delete' ? ['FORBIDDEN'] : ['ok', 'FORBIDDEN'], edit).toContain(changed);
        } else {
          // Only a deletion that came first stops the handover: the successor is not found.
          expect([edit, handedOver]).toEqual(['delete', 'NOT_FOUND']);
          expect(changed).toBe('ok');
          expect(holder).toBe(owner.id);
          expect(successor).toBeUndefined();
        }
      }
    }
  });

  it("a handover against the policyholder's edit of the company data", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, a, companyId } = await company();
      const outcome = await race(
        () => handOverPolicyholder(db, owner, { id: a, role: 'employee' }, META),
        () => updateCompany(db, owner, companyId, { city: 'Anderswo' }, META),
      );
      expect(outcome[0]).toBe('ok');
      expect(await expectOnePolicyholder(companyId)).toBe(a);
      const [row] = await db.select({ city: companies.city }).from(companies).where(eq(companies.id, companyId));
      // Before the handover the edit counts; after it the former policyholder may not edit any more.
      expect(row?.city).toBe(outcome[1] === 'ok' ? 'Anderswo' : 'Stadt');
      expect(['ok', 'NOT_FOUND']).toContain(outcome[1]);
    }
  });

  it('two resets at once: the company is reset, mailed and certified once', async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { owner, companyId } = await company();
      const reset = () => resetCompanyProgress(db, owner, companyId, META, 'http://localhost:3000');
      const outcome = await race(reset, reset);
      expect(outcome.filter((kind) => kind === 'ok')).toHaveLength(1);
      expect(outcome).toContain('CONFLICT');
      const mails = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.template, 'progress_reset')));
      expect(mails).toHaveLength(1);
      const issued = await db
        .select({ id: certificates.id })
        .from(certificates)
        .where(and(eq(certificates.companyId, companyId), eq(certificates.kind, 'company')));
      expect(issued).toHaveLength(1);
    }
  });
});
