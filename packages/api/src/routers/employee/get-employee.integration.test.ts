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

let t: TTestDb;
let employerA: Awaited<ReturnType<typeof seedEmployer>>;
let employerB: Awaited<ReturnType<typeof seedEmployer>>;
let managerA: TSeededUser;
let employeeA1: TSeededUser;
let employeeA2: TSeededUser;
let employeeB1: TSeededUser;
let admin: TSeededUser;

beforeAll(async () => {
  t = await createTestDb();
  employerA = await seedEmployer(t.db, { companyName: 'Firma A' });
  employerB = await seedEmployer(t.db, { companyName: 'Firma B' });
  managerA = await seedEmployee(t.db, employerA.companyId, { role: 'manager' });
  employeeA1 = await seedEmployee(t.db, employerA.companyId);
  employeeA2 = await seedEmployee(t.db, employerA.companyId);
  employeeB1 = await seedEmployee(t.db, employerB.companyId);
  admin = await seedAdmin(t.db);
});
afterAll(() => t.cleanup());

const as = async (user: TSeededUser) => callerFor(t.db, { token: (await sessionFor(t.db, user)).token });

const FORBIDDEN_KEYS = /hash|secret|totp|password/i;

describe('employee.get', () => {
  it('shows oneself with the spec fields and nothing secret', async () => {
    const { caller } = await as(employeeA1);
    const me = await caller.employee.get({ id: employeeA1.id });
    expect(me).toMatchObject({
      id: employeeA1.id,
      email: employeeA1.email,
      role: 'employee',
      companyId: employerA.companyId,
      ownsOneCompany: false,
      assignedCourseList: [],
      lang: 'de',
    });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    expect(Object.keys(me)).not.toContain('passwordHash');
    expect(Object.keys(me)).not.toContain('totpSecret');
    expect(Object.keys(me).filter((key) => FORBIDDEN_KEYS.test(key))).toEqual([]);
    expect(JSON.stringify(me)).not.toContain('$argon2');
  });

  it('an employer sees people of the own company, and owns it', async () => {
    const { caller } = await as(employerA);
    expect((await caller.employee.get({ id: employeeA1.id })).id).toBe(employeeA1.id);
    expect((await caller.employee.get({ id: managerA.id })).role).toBe('manager');
    const self = await caller.employee.get({ id: employerA.id });
    expect(self.ownsOneCompany).toBe(true);
    expect(self.orderProcessingAccepted).toBe(true);
    expect(self.acceptanceDate).toBe(self.orderProcessingAcceptedAt);
    expect(self.acceptanceDate).not.toBeNull();
  });

  it('a manager sees people of the own company', async () => {
    const { caller } = await as(managerA);
    expect((await caller.employee.get({ id: employeeA2.id })).id).toBe(employeeA2.id);
  });

  it('another company answers exactly like an id that does not exist', async () => {
    const { caller, errorOf } = await as(employerA);
    const foreign = await errorOf(caller.employee.get({ id: employeeB1.id }));
    const missing = await errorOf(caller.employee.get({ id: crypto.randomUUID() }));
    expect(foreign.error.code).toBe('NOT_FOUND');
    expect(foreign.shape).toEqual(missing.shape);
    expect(foreign.shape.data.messageKey).toBe('errors.NOT_FOUND');
    const otherEmployer = await errorOf(caller.employee.get({ id: employerB.id }));
    expect(otherEmployer.error.code).toBe('NOT_FOUND');
    const anAdmin = await errorOf(caller.employee.get({ id: admin.id }));
    expect(anAdmin.error.code).toBe('NOT_FOUND');
  });

  it('an employee sees neither colleagues nor the employer', async () => {
    const { caller, errorOf } = await as(employeeA1);
    for (const other of [employeeA2, managerA, employerA, employeeB1]) {
      const { error } = await errorOf(caller.employee.get({ id: other.id }));
      expect(error.code).toBe('NOT_FOUND');
    }
  });

  it('an admin sees anyone', async () => {
    const { caller } = await as(admin);
    for (const other of [employeeA1, employeeB1, employerB, managerA, admin]) {
      const view = await caller.employee.get({ id: other.id });
      expect(view.id).toBe(other.id);
      expect(Object.keys(view).filter((key) => FORBIDDEN_KEYS.test(key))).toEqual([]);
    }
  });

  it('needs a session', async () => {
    const { caller, errorOf } = callerFor(t.db);
    const { shape } = await errorOf(caller.employee.get({ id: employeeA1.id }));
    expect(shape.data.errorCode).toBe('AUTHORIZATION_REQUIRED');
  });
});
