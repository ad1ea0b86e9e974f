import { syncCourses } from '@portal/core';
import { avvAcceptances, eq, transaction, users } from '@portal/db';
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
let employee: TSeededUser;
let employeeToken: string;

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  employer = await seedEmployer(t.db, { companyName: 'Altkunde KG' });
  employee = await seedEmployee(t.db, employer.companyId);
  employeeToken = (await sessionFor(t.db, employee)).token;
  await callerFor(t.db, { token: employer.token }).caller.trainings.assign({
    trainingSlug: 'malware',
    ownerId: employee.id,
  });
  // A policyholder from before the cut-off (2022-03-18 10:38) who never accepted the AVV.
  await transaction(t.db, async (tx) => {
    await tx.delete(avvAcceptances).where(eq(avvAcceptances.userId, employer.id));
    await tx
      .update(users)
      .set({
        orderProcessingAccepted: false,
        orderProcessingAcceptedAt: null,
        createdAt: new Date('2021-06-01T09:00:00Z'),
      })
      .where(eq(users.id, employer.id));
  });
});
afterAll(() => t.cleanup());

describe('AVV and blocked actions', () => {
  it('blocks the policyholder and the staff on the server until the AVV is accepted', async () => {
    const staff = callerFor(t.db, { token: employeeToken });
    const blockedTraining = await staff.errorOf(staff.caller.trainings.list({}));
    expect(blockedTraining.error.code).toBe('FORBIDDEN');
    expect(blockedTraining.shape.data.messageKey).toBe('errors.actions_blocked');
    expect(await staff.caller.employee.supervisorData({ id: employee.id })).toEqual({ hasOrderProcessing: false });

    const boss = callerFor(t.db, { token: employer.token });
    expect((await boss.errorOf(boss.caller.employee.list({}))).shape.data.messageKey).toBe('errors.actions_blocked');
    // Reading one's own account and the contract stays possible.
    expect((await boss.caller.employee.get({ id: employer.id })).orderProcessingAccepted).toBe(false);
    expect((await boss.caller.legal.get({ document: 'avv', lang: 'de' })).markdown).toContain('5.40');
  });

  it('records the acceptance (version, time, address) and unblocks everyone', async () => {
    const boss = callerFor(t.db, { token: employer.token, ip: '203.0.113.7' });
    const before = Date.now();
    await boss.caller.employee.update({ id: employer.id, orderProcessingAccepted: true });
    const [record] = await t.db.select().from(avvAcceptances).where(eq(avvAcceptances.userId, employer.id));
    expect(record).toMatchObject({ companyId: employer.companyId, contractVersion: '5.40', sourceIp: '203.0.113.7' });
    expect(record?.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const me = await boss.caller.employee.get({ id: employer.id });
    expect(me.orderProcessingAccepted).toBe(true);
    expect(me.acceptanceDate).not.toBeNull();

    const staff = callerFor(t.db, { token: employeeToken });
    expect(await staff.caller.employee.supervisorData({ id: employee.id })).toEqual({ hasOrderProcessing: true });
    expect((await staff.caller.trainings.list({})).map((c) => c.slug)).toEqual(['malware']);
    // A new request (the company rule is read with the session, once per request).
    const bossLater = callerFor(t.db, { token: employer.token });
    expect((await bossLater.caller.employee.list({})).total).toBeGreaterThanOrEqual(2);
  });

  it('answers supervisor data only for people one may see', async () => {
    const foreign = await seedEmployer(t.db, { companyName: 'Fremd GmbH' });
    const staff = callerFor(t.db, { token: employeeToken });
    expect((await staff.errorOf(staff.caller.employee.supervisorData({ id: foreign.id }))).error.code).toBe(
      'NOT_FOUND',
    );
    expect((await staff.errorOf(staff.caller.employee.supervisorData({ id: employer.id }))).error.code).toBe(
      'NOT_FOUND',
    );
  });
});
