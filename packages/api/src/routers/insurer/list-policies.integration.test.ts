import { runReminders } from '@portal/core';
import { certificates, courseAssignments, courseDueDates, eq, loginThrottle, transaction, users } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterInputs } from '../../root.ts';
import {
  callerFor,
  completeCourses,
  createTestDb,
  nextWorkingMorning,
  seedEmployee,
  seedEmployer,
  seedInsurer,
  seedPolicyholder,
  sessionFor,
  type TTestDb,
} from '../../test/test-db.ts';

/**
 * Issue 23, point 1 (ADR 035): the insurer's portfolio call. Company-level figures per policy
 * number, computed from the company's rows; keyset paging in policy-number order that misses
 * nobody when a policyholder registers meanwhile; a search by number or name; a clear error for a
 * cursor it did not make.
 */
let t: TTestDb;
let insurerToken: string;
const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];

const policyholder = (companyName: string, policyNumber: string) => seedPolicyholder(t.db, companyName, policyNumber);

const policies = (input: RouterInputs['insurer']['policies']) =>
  callerFor(t.db, { token: insurerToken }).caller.insurer.policies(input);

beforeAll(async () => {
  t = await createTestDb();
  insurerToken = (await sessionFor(t.db, await seedInsurer(t.db))).token;
});
afterAll(() => t.cleanup());

describe('insurer.policies', () => {
  it('shows each policy’s company figures: learners, completion, proof of insurance, AVV, last activity', async () => {
    const trained = await policyholder('Geschult GmbH', 'AS-1000000001');
    const learner = await seedEmployee(t.db, trained.companyId);
    await completeCourses(t.db, { ...learner, companyId: trained.companyId }, SIX);
    const asEmployer = callerFor(t.db, { token: trained.token }).caller;
    const { code } = await asEmployer.certificates.issueCompany();

    const expired = await policyholder('Abgelaufen KG', 'AS-1000000002');
    const other = await seedEmployee(t.db, expired.companyId);
    await completeCourses(t.db, { ...other, companyId: expired.companyId }, SIX);
    const old = await callerFor(t.db, { token: expired.token }).caller.certificates.issueCompany();
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await transaction(t.db, (tx) =>
      tx.update(certificates).set({ validUntil: past }).where(eq(certificates.code, old.code)),
    );

    const fresh = await policyholder('Neu AG', 'AS-1000000003');
    // A policyholder whose AVV is not (or no longer) accepted.
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ orderProcessingAccepted: false, orderProcessingAcceptedAt: null })
        .where(eq(users.id, fresh.id)),
    );
    // A company without a policy number is not a policy.
    await transaction(t.db, (tx) => tx.delete(loginThrottle));
    await seedEmployer(t.db, { companyName: 'Ohne Nummer GmbH' });

    const { items, nextCursor } = await policies({ limit: 10 });
    expect(nextCursor).toBeNull();
    expect(items.map((row) => row.companyName)).toEqual(['Geschult GmbH', 'Abgelaufen KG', 'Neu AG']);
    const [first, second, third] = items;
    expect(first).toMatchObject({
      policyNumber: 'AS-1000000001',
      learners: 1,
      assignedCourses: 6,
      completedCourses: 6,
      completionPercent: 100,
      certificate: { state: 'valid' },
    });
    const [issued] = await t.db.select().from(certificates).where(eq(certificates.code, code));
    expect(first?.certificate.validUntil).toBe(issued?.validUntil.toISOString());
    expect(first?.lastActivityAt).not.toBeNull();
    expect(second?.certificate).toEqual({ state: 'expired', validUntil: past.toISOString() });
    expect(third).toMatchObject({
      learners: 0,
      completionPercent: 0,
      certificate: { state: 'none', validUntil: null },
    });
    expect(third?.lastActivityAt).toBeNull();
    // The AVV as the owner's record says.
    expect(items.map((row) => row.avvAccepted)).toEqual([true, true, false]);
    expect(first?.avvAcceptedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(third?.avvAcceptedAt).toBeNull();
    // Company level only: no person's name or address anywhere in the answer.
    const text = JSON.stringify(items);
    for (const person of [trained, learner, expired, other]) {
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.lastname);
    }
  });

  it('pages in policy-number order and misses nobody who registers meanwhile', async () => {
    for (const n of [11, 13, 15, 17]) await policyholder(`Seite ${n} GmbH`, `AS-20000000${n}`);
    const search = 'AS-200';
    const page1 = await policies({ limit: 2, search });
    expect(page1.items.map((row) => row.policyNumber)).toEqual(['AS-2000000011', 'AS-2000000013']);
    expect(page1.nextCursor).not.toBeNull();
    // Registered between two pages: one before the cursor, one after it.
    await policyholder('Davor GmbH', 'AS-2000000012');
    await policyholder('Danach GmbH', 'AS-2000000014');
    const page2 = await policies({ limit: 2, search, cursor: page1.nextCursor ?? '' });
    expect(page2.items.map((row) => row.policyNumber)).toEqual(['AS-2000000014', 'AS-2000000015']);
    const page3 = await policies({ limit: 2, search, cursor: page2.nextCursor ?? '' });
    expect(page3.items.map((row) => row.policyNumber)).toEqual(['AS-2000000017']);
    expect(page3.nextCursor).toBeNull();
  });

  it('orders equal policy numbers by company, so paging over them repeats and skips none', async () => {
    for (const name of ['Zwilling A', 'Zwilling B', 'Zwilling C']) await policyholder(name, 'AS-3000000000');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await policies({ limit: 1, search: 'AS-3', ...(cursor && { cursor }) });
      seen.push(...page.items.map((row) => row.companyId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('searches by the start of a policy number, with or without AS-, or by a part of the company name', async () => {
    await policyholder('Müller & Söhne 100% GmbH', 'AS-4000000001');
    await policyholder('Schmidt Logistik', 'AS-4000000002');
    const names = async (search: string) => (await policies({ limit: 50, search })).items.map((row) => row.companyName);
    expect(await names('AS-4000000002')).toEqual(['Schmidt Logistik']);
    expect(await names('400000000')).toEqual(['Müller & Söhne 100% GmbH', 'Schmidt Logistik']);
    expect(await names('as-40000000')).toEqual(['Müller & Söhne 100% GmbH', 'Schmidt Logistik']);
    expect(await names('logistik')).toEqual(['Schmidt Logistik']);
    expect(await names('100%')).toEqual(['Müller & Söhne 100% GmbH']);
    // `%` and `_` are letters, not patterns.
    expect(await names('1_0')).toEqual([]);
    expect(await names('nichts dergleichen')).toEqual([]);
  });

  it('filters by AVV and by proof of insurance, and pages within a filter', async () => {
    const search = 'AS-6';
    const withCertificate = await policyholder('Mit Nachweis GmbH', 'AS-6000000001');
    const learner = await seedEmployee(t.db, withCertificate.companyId);
    await completeCourses(t.db, { ...learner, companyId: withCertificate.companyId }, SIX);
    await callerFor(t.db, { token: withCertificate.token }).caller.certificates.issueCompany();
    const lapsed = await policyholder('Abgelaufen GmbH', 'AS-6000000002');
    const lapsedLearner = await seedEmployee(t.db, lapsed.companyId);
    await completeCourses(t.db, { ...lapsedLearner, companyId: lapsed.companyId }, SIX);
    const old = await callerFor(t.db, { token: lapsed.token }).caller.certificates.issueCompany();
    await transaction(t.db, (tx) =>
      tx
        .update(certificates)
        .set({ validUntil: new Date(Date.now() - 1000) })
        .where(eq(certificates.code, old.code)),
    );
    const open = await policyholder('Offen GmbH', 'AS-6000000003');
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ orderProcessingAccepted: false, orderProcessingAcceptedAt: null })
        .where(eq(users.id, open.id)),
    );
    await policyholder('Ohne Nachweis GmbH', 'AS-6000000004');

    const numbers = async (filter: { avv?: 'accepted' | 'open'; certificate?: 'valid' | 'expired' | 'none' }) =>
      (await policies({ limit: 50, search, ...filter })).items.map((row) => row.policyNumber);
    expect(await numbers({})).toEqual(['AS-6000000001', 'AS-6000000002', 'AS-6000000003', 'AS-6000000004']);
    expect(await numbers({ avv: 'open' })).toEqual(['AS-6000000003']);
    expect(await numbers({ avv: 'accepted' })).toEqual(['AS-6000000001', 'AS-6000000002', 'AS-6000000004']);
    expect(await numbers({ certificate: 'valid' })).toEqual(['AS-6000000001']);
    expect(await numbers({ certificate: 'expired' })).toEqual(['AS-6000000002']);
    expect(await numbers({ certificate: 'none' })).toEqual(['AS-6000000003', 'AS-6000000004']);
    expect(await numbers({ avv: 'open', certificate: 'valid' })).toEqual([]);
    // A revoked certificate is no proof: the company has none.
    await transaction(t.db, (tx) =>
      tx
        .update(certificates)
        .set({ revokedAt: new Date() })
        .where(eq(certificates.companyId, withCertificate.companyId)),
    );
    expect(await numbers({ certificate: 'none' })).toEqual(['AS-6000000001', 'AS-6000000003', 'AS-6000000004']);
    // Paging inside a filter continues after the last row of the filtered list.
    const first = await policies({ limit: 1, search, avv: 'accepted' });
    const second = await policies({ limit: 5, search, avv: 'accepted', cursor: first.nextCursor ?? '' });
    expect([...first.items, ...second.items].map((row) => row.policyNumber)).toEqual([
      'AS-6000000001',
      'AS-6000000002',
      'AS-6000000004',
    ]);
  });

  it('sorts by completion either way and by overdue learners, paging within each order', async () => {
    const search = 'AS-9';
    const none = await policyholder('Null GmbH', 'AS-9000000001');
    await seedEmployee(t.db, none.companyId).then((person) =>
      transaction(t.db, (tx) => tx.insert(courseAssignments).values({ userId: person.id, courseSlug: 'malware' })),
    );
    const half = await policyholder('Halb GmbH', 'AS-9000000002');
    const halfLearner = await seedEmployee(t.db, half.companyId);
    await completeCourses(t.db, { ...halfLearner, companyId: half.companyId }, ['malware']);
    await transaction(t.db, (tx) =>
      tx.insert(courseAssignments).values({ userId: halfLearner.id, courseSlug: 'byod' }),
    );
    const full = await policyholder('Voll GmbH', 'AS-9000000003');
    const fullLearner = await seedEmployee(t.db, full.companyId);
    await completeCourses(t.db, { ...fullLearner, companyId: full.companyId }, ['malware']);
    // Nothing assigned counts as 0 % and sorts by its policy number among the 0 % rows.
    await policyholder('Leer GmbH', 'AS-9000000000');

    const order = async (sort: RouterInputs['insurer']['policies']['sort'], limit = 50) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await policies({ limit, search, sort, ...(cursor && { cursor }) });
        seen.push(...page.items.map((row) => `${row.policyNumber.slice(-1)}:${row.completionPercent}`));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    expect(await order('completion_asc')).toEqual(['0:0', '1:0', '2:50', '3:100']);
    expect(await order('completion_asc', 1)).toEqual(['0:0', '1:0', '2:50', '3:100']);
    expect(await order('completion_desc')).toEqual(['3:100', '2:50', '0:0', '1:0']);
    expect(await order('completion_desc', 1)).toEqual(['3:100', '2:50', '0:0', '1:0']);

    // The completion bands.
    const band = async (completion: 'none' | 'partial' | 'complete') =>
      (await policies({ limit: 50, search, completion })).items.map((row) => row.companyName);
    expect(await band('none')).toEqual(['Leer GmbH', 'Null GmbH']);
    expect(await band('partial')).toEqual(['Halb GmbH']);
    expect(await band('complete')).toEqual(['Voll GmbH']);

    // A cursor of one order is refused by another.
    const first = await policies({ limit: 1, search, sort: 'completion_desc' });
    const asInsurer = callerFor(t.db, { token: insurerToken });
    const mixed = await asInsurer.errorOf(
      asInsurer.caller.insurer.policies({
        limit: 1,
        search,
        sort: 'completion_asc',
        cursor: first.nextCursor ?? '',
      }),
    );
    expect(mixed.shape.data.messageKey).toBe('insurer.invalid_cursor');

    // Overdue counts come from the reminder run: before it, none; after it, as of its day.
    expect((await policies({ limit: 50, search })).items.every((row) => row.due === null)).toBe(true);
    const day = nextWorkingMorning();
    await transaction(t.db, (tx) =>
      tx.insert(courseDueDates).values([
        { companyId: none.companyId, courseSlug: 'malware', dueOn: addDays(berlinDay(day), -1), updatedAt: day },
        { companyId: half.companyId, courseSlug: 'byod', dueOn: addDays(berlinDay(day), 2), updatedAt: day },
      ]),
    );
    await runReminders(t.db, { now: day, publicUrl: 'https://portal.example' });
    const counted = await policies({ limit: 50, search, sort: 'overdue_desc' });
    expect(counted.items.map((row) => [row.companyName, row.due?.overdue, row.due?.dueSoon])).toEqual([
      ['Null GmbH', 1, 0],
      ['Leer GmbH', 0, 0],
      ['Halb GmbH', 0, 1],
      ['Voll GmbH', 0, 0],
    ]);
    expect(counted.items[0]?.due?.countedOn).toBe(berlinDay(day));
    expect((await policies({ limit: 50, search, due: 'overdue' })).items.map((row) => row.companyName)).toEqual([
      'Null GmbH',
    ]);
  });

  it('refuses a cursor it did not make with a translated 400', async () => {
    const { caller, errorOf } = callerFor(t.db, { token: insurerToken, acceptLanguage: 'en' });
    for (const cursor of [
      'kaputt',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ]) {
      const { shape } = await errorOf(caller.insurer.policies({ limit: 5, cursor }));
      expect(shape.data.httpStatus).toBe(400);
      expect(shape.data.messageKey).toBe('insurer.invalid_cursor');
    }
    const tooMany = await errorOf(caller.insurer.policies({ limit: 500 }));
    expect(tooMany.shape.data.httpStatus).toBe(400);
  });

  it('is the insurer’s alone: admins and every company role get 404', async () => {
    const employer = await policyholder('Fremd GmbH', 'AS-5000000001');
    const { caller, errorOf } = callerFor(t.db, { token: employer.token });
    expect((await errorOf(caller.insurer.policies({ limit: 5 }))).shape.data.httpStatus).toBe(404);
  });
});
