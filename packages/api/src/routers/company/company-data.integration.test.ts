import { companies, eq } from '@portal/db';
import { isEmployerSettingsComplete } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let employer: TSeededUser & { companyId: string; token: string };

beforeAll(async () => {
  t = await createTestDb();
  employer = await seedEmployer(t.db, { companyName: 'Daten GmbH' });
});
afterAll(() => t.cleanup());

describe('company data and the employer settings rule', () => {
  it('a fresh registration is incomplete until every field and a valid insurance number are there', async () => {
    const { caller } = callerFor(t.db, { token: employer.token });
    const me = await caller.employee.get({ id: employer.id });
    const before = await caller.company.get({ id: employer.companyId });
    expect(isEmployerSettingsComplete({ ...me, company: before })).toBe(false);
    await caller.employee.update({ id: employer.id, salutation: 'Mrs' });
    const company = await caller.company.update({
      id: employer.companyId,
      street: 'Hafenweg 3',
      postCode: '20457',
      city: 'Hamburg',
      phoneNumber: '+49 40 555',
      insuranceNumber: 'AS-4711081542',
    });
    const after = await caller.employee.get({ id: employer.id });
    expect(isEmployerSettingsComplete({ ...after, company })).toBe(true);
  });

  it('refuses placeholder insurance numbers with a translated message and changes nothing', async () => {
    const { caller, errorOf } = callerFor(t.db, { token: employer.token, acceptLanguage: 'en' });
    const [before] = await t.db.select().from(companies).where(eq(companies.id, employer.companyId));
    for (const insuranceNumber of ['AS-1111111111', 'AS-1234567890', 'AS-12345', 'XY-4711081542']) {
      const { error, shape } = await errorOf(caller.company.update({ id: employer.companyId, insuranceNumber }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(shape.data.issues?.[0]?.message).toBe('Invalid insurance number (format: AS- and 10 digits).');
    }
    expect(await t.db.select().from(companies).where(eq(companies.id, employer.companyId))).toEqual([before]);
  });

  it('names the policyholder: owner and ownsOneCompany', async () => {
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const asManager = callerFor(t.db, { token: (await sessionFor(t.db, manager)).token });
    expect(await asManager.caller.company.owner({ id: employer.companyId })).toMatchObject({
      id: employer.id,
      email: employer.email,
    });
    const boss = callerFor(t.db, { token: employer.token });
    expect(await boss.caller.employee.ownsOneCompany({ id: employer.id })).toEqual({ ownsOneCompany: true });
    expect(await boss.caller.employee.ownsOneCompany({ id: manager.id })).toEqual({ ownsOneCompany: false });
  });

  it('exports the company’s data without any secret', async () => {
    const { caller } = callerFor(t.db, { token: employer.token });
    const data = await caller.company.export({ id: employer.companyId });
    expect(data.company.companyName).toBe('Daten GmbH');
    expect(data.people.map((person) => person.email)).toContain(employer.email);
    expect(data.avvAcceptances).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password|totp|token|hash/i);
  });

  it('only the own company: others answer 404; managers read but cannot edit', async () => {
    const foreign = await seedEmployer(t.db, { companyName: 'Fremd' });
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect((await errorOf(caller.company.get({ id: foreign.companyId }))).error.code).toBe('NOT_FOUND');
    expect((await errorOf(caller.company.update({ id: foreign.companyId, city: 'X' }))).error.code).toBe('NOT_FOUND');
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const asManager = callerFor(t.db, { token: (await sessionFor(t.db, manager)).token });
    expect((await asManager.caller.company.get({ id: employer.companyId })).companyName).toBe('Daten GmbH');
    expect(
      (await asManager.errorOf(asManager.caller.company.update({ id: employer.companyId, city: 'X' }))).error.code,
    ).toBe('NOT_FOUND');
  });
});
