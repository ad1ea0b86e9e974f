import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePhishing } from '../../test/approve-phishing.ts';
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

/*
 * The learners' notice (ADR 036, works council mode): every person of a company that has started a
 * simulation is told so, and whether the policyholder sees names; a draft tells nobody, and
 * another company's campaigns never show.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('phishing.notice', () => {
  it('tells every role once a campaign has started, and whether names are seen', async () => {
    const employer = await seedEmployer(t.db, { companyName: 'Hinweis GmbH' });
    // No policy number: the provider approved its simulations (issue 37).
    await approvePhishing(t.db, employer.companyId);
    const employee = await seedEmployee(t.db, employer.companyId);
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const other = await seedEmployer(t.db, { companyName: 'Nachbar GmbH' });
    const asEmployer = callerFor(t.db, { token: employer.token }).caller;
    const noticeOf = async (person: Pick<TSeededUser, 'id' | 'role'>) =>
      callerFor(t.db, { token: (await sessionFor(t.db, person)).token }).caller.phishing.notice();

    const draft = await asEmployer.phishing.createCampaign({
      name: 'Entwurf',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      firstDay: berlinDay(new Date()),
      windowDays: 2,
    });
    expect(await noticeOf(employee)).toEqual({ simulations: false, namesVisible: false });

    await asEmployer.phishing.startCampaign({ id: draft.id });
    for (const person of [employee, manager, employer]) {
      expect(await noticeOf(person)).toEqual({ simulations: true, namesVisible: false });
    }
    await asEmployer.phishing.updateSettings({ namesVisible: true });
    expect(await noticeOf(employee)).toEqual({ simulations: true, namesVisible: true });

    // The neighbour's people hear nothing of it.
    expect(await noticeOf(other)).toEqual({ simulations: false, namesVisible: false });
  });

  it('is for a company’s people: not for admins, nobody without a session', async () => {
    await expect(callerFor(t.db).caller.phishing.notice()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const admin = await seedAdmin(t.db);
    const asAdmin = callerFor(t.db, { token: (await sessionFor(t.db, admin)).token }).caller;
    // Refused as every customer call refuses an admin (no company of its own).
    await expect(asAdmin.phishing.notice()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
