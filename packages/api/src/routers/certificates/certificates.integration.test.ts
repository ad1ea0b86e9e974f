import { pdfText } from '@portal/certificates/testing';
import {
  certificateForDownload,
  createProgress,
  deleteStaffMember,
  resetStaffProgress,
  syncCourses,
} from '@portal/core';
import {
  and,
  certificates,
  companies,
  courseAssignments,
  courseProgress,
  eq,
  mailOutbox,
  transaction,
  users,
} from '@portal/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  TEST_PUBLIC_URL,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
});
afterAll(() => t.cleanup());
afterEach(() => vi.useRealTimers());

const SLUGS = [
  '5-golden-rules',
  'password-security',
  'email-security',
  'malware',
  'social-engineering',
  'byod',
  'remote-work',
] as const;

type TCompanyUser = TSeededUser & { companyId: string };

/** Assigns `assigned` courses and completes the first `completed` of them, on consecutive days. */
async function train(person: TCompanyUser, assigned: number, completed: number) {
  for (const [index, slug] of SLUGS.slice(0, assigned).entries()) {
    await transaction(t.db, (tx) =>
      tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).onConflictDoNothing(),
    );
    if (index >= completed) continue;
    await createProgress(t.db, { ...person, lang: 'de' }, slug);
    await transaction(t.db, (tx) =>
      tx
        .update(courseProgress)
        .set({ status: 'completed', completedAt: new Date(Date.UTC(2026, 9, index + 1, 9)) })
        .where(and(eq(courseProgress.userId, person.id), eq(courseProgress.courseSlug, slug))),
    );
  }
}

async function completeOne(person: TCompanyUser, slug: (typeof SLUGS)[number]) {
  await transaction(t.db, (tx) =>
    tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).onConflictDoNothing(),
  );
  await createProgress(t.db, { ...person, lang: 'de' }, slug);
  await transaction(t.db, (tx) =>
    tx
      .update(courseProgress)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(courseProgress.userId, person.id), eq(courseProgress.courseSlug, slug))),
  );
}

async function company(name: string) {
  const employer = await seedEmployer(t.db, { companyName: name });
  const learner = async (input: { firstname?: string; lastname?: string; role?: 'employee' | 'manager' } = {}) => {
    const person = (await seedEmployee(t.db, employer.companyId, input)) as TCompanyUser;
    return { person, ...callerFor(t.db, { token: (await sessionFor(t.db, person)).token }) };
  };
  return { employer, learner };
}

/** Makes the policyholder's settings complete (spec §5), which the proof of insurance needs. */
async function completeSettings(employer: TCompanyUser) {
  await transaction(t.db, async (tx) => {
    await tx.update(users).set({ salutation: 'Mrs' }).where(eq(users.id, employer.id));
    await tx
      .update(companies)
      .set({
        street: 'Hafenstraße 7',
        postCode: '20457',
        city: 'Hamburg',
        phoneNumber: '040 123456',
        insuranceNumber: 'AS-0123456789',
      })
      .where(eq(companies.id, employer.companyId));
  });
}

describe('personal certificate', () => {
  it('is issued with 6 completed assigned courses, and the same certificate comes back until something changes', async () => {
    const { learner } = await company('Sechs GmbH');
    const { person, caller } = await learner({ firstname: 'Jürgen', lastname: 'Groß' });
    await train(person, 6, 6);
    const status = await caller.certificates.personalStatus();
    expect(status).toMatchObject({ eligible: true, minimum: 6, assignedCount: 6, completedCount: 6, missing: [] });

    const issued = await caller.certificates.issuePersonal();
    expect(issued.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(issued.kind).toBe('personal');
    expect(new Date(issued.validUntil).getUTCFullYear()).toBe(new Date(issued.issuedAt).getUTCFullYear() + 1);
    expect(await caller.certificates.issuePersonal()).toEqual(issued);

    const document = await certificateForDownload(t.db, { ...person, lang: 'de' }, issued.code, TEST_PUBLIC_URL);
    expect(document.verifyUrl).toBe(`${TEST_PUBLIC_URL}/verify/${issued.code}`);
    expect(document.content).toMatchObject({
      kind: 'personal',
      holder: { firstname: 'Jürgen', lastname: 'Groß' },
      companyName: 'Sechs GmbH',
    });
    if (document.content.kind !== 'personal') throw new Error('expected a personal certificate');
    expect(document.content.courses.map((course) => course.slug)).toEqual(SLUGS.slice(0, 6));

    // A seventh completed course is a new fact: a new certificate with a new code; the old one stays valid.
    await completeOne(person, 'remote-work');
    const next = await caller.certificates.issuePersonal();
    expect(next.code).not.toBe(issued.code);
    expect((await caller.certificates.verify({ code: issued.code })).status).toBe('valid');
  });

  it('is refused with 5 completed courses, and the page lists what is missing', async () => {
    const { learner } = await company('Fünf GmbH');
    const fiveOfFive = await learner();
    await train(fiveOfFive.person, 5, 5);
    const tooFew = await fiveOfFive.caller.certificates.personalStatus();
    expect(tooFew).toMatchObject({ eligible: false, assignedCount: 5, completedCount: 5, missing: [] });
    const refused = await fiveOfFive.errorOf(fiveOfFive.caller.certificates.issuePersonal());
    expect(refused.error.code).toBe('FORBIDDEN');
    expect(refused.shape.message).toBe('Ihr Zertifikat ist noch nicht verfügbar');

    const fiveOfSix = await learner();
    await train(fiveOfSix.person, 6, 5);
    const missing = await fiveOfSix.caller.certificates.personalStatus();
    expect(missing.eligible).toBe(false);
    expect(missing.missing).toEqual([
      { slug: 'byod', title: 'Private Geräte im Job (BYOD)', status: 'not_started', completedAt: null },
    ]);
    expect((await fiveOfSix.errorOf(fiveOfSix.caller.certificates.issuePersonal())).error.code).toBe('FORBIDDEN');
    expect(await t.db.select().from(certificates).where(eq(certificates.userId, fiveOfSix.person.id))).toEqual([]);
  });

  it('is the holder’s alone: a colleague and another company’s people get 404 for its file', async () => {
    const { employer, learner } = await company('Eigen GmbH');
    const holder = await learner();
    await train(holder.person, 6, 6);
    const { code } = await holder.caller.certificates.issuePersonal();
    const colleague = (await learner()).person;
    const foreign = await seedEmployer(t.db, { companyName: 'Fremd AG' });
    for (const stranger of [colleague, employer, foreign]) {
      await expect(certificateForDownload(t.db, { ...stranger, lang: 'de' }, code, TEST_PUBLIC_URL)).rejects.toThrow(
        'errors.NOT_FOUND',
      );
    }
  });
});

describe('verification page /verify/{code}', () => {
  it('says valid for a fresh certificate, expired after 12 months, unknown for a made-up code, and shows only holder and dates', async () => {
    const { learner } = await company('Prüf GmbH');
    const { person, caller } = await learner({ firstname: 'Maria', lastname: 'Schäfer' });
    await train(person, 6, 6);
    const issued = await caller.certificates.issuePersonal();
    const anonymous = callerFor(t.db).caller;

    const fresh = await anonymous.certificates.verify({ code: issued.code.toLowerCase().replace(/-/g, ' ') });
    expect(fresh).toEqual({
      status: 'valid',
      code: issued.code,
      kind: 'personal',
      issuedAt: issued.issuedAt,
      validUntil: issued.validUntil,
      revokedAt: null,
      revokedReason: null,
      holder: 'Maria S.',
      currentCode: null,
    });
    const leaked = JSON.stringify(fresh);
    for (const secret of [person.email, 'Schäfer', 'Prüf GmbH', 'malware', person.id])
      expect(leaked).not.toContain(secret);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(new Date(issued.validUntil).getTime() - 60_000));
    expect((await anonymous.certificates.verify({ code: issued.code })).status).toBe('valid');
    vi.setSystemTime(new Date(new Date(issued.issuedAt).getTime() + 366 * 86_400_000));
    expect((await anonymous.certificates.verify({ code: issued.code })).status).toBe('expired');
    vi.useRealTimers();

    expect(await anonymous.certificates.verify({ code: 'ABCD-EFGH-JKLM' })).toMatchObject({
      status: 'unknown',
      holder: null,
      issuedAt: null,
    });
    expect((await anonymous.certificates.verify({ code: 'not a code' })).status).toBe('unknown');
  });

  it('says revoked after a reset of the person’s training, and erases the holder when the person is deleted', async () => {
    const { employer, learner } = await company('Widerruf GmbH');
    const actor = { ...employer, lang: 'de' as const };
    const anonymous = callerFor(t.db).caller;

    const reset = await learner();
    await train(reset.person, 6, 6);
    const first = await reset.caller.certificates.issuePersonal();
    await resetStaffProgress(t.db, actor, reset.person.id, { ip: '192.0.2.1' });
    expect(await anonymous.certificates.verify({ code: first.code })).toMatchObject({
      status: 'revoked',
      revokedReason: 'progress_reset',
      holder: 'Max B.',
    });
    await expect(
      certificateForDownload(t.db, { ...reset.person, lang: 'de' }, first.code, TEST_PUBLIC_URL),
    ).rejects.toThrow();

    const leaving = await learner({ firstname: 'Lena', lastname: 'Lange' });
    await train(leaving.person, 6, 6);
    const second = await leaving.caller.certificates.issuePersonal();
    await deleteStaffMember(t.db, actor, leaving.person.id, { ip: '192.0.2.1' });
    expect(await anonymous.certificates.verify({ code: second.code })).toMatchObject({
      status: 'revoked',
      revokedReason: 'holder_deleted',
      holder: null,
    });
    const [tombstone] = await t.db.select().from(certificates).where(eq(certificates.code, second.code));
    expect(tombstone).toMatchObject({ content: null, userId: null, companyId: null });
  });
});

describe('proof of insurance', () => {
  it('needs complete employer settings, then states the company’s figures; employees cannot get it', async () => {
    const { employer, learner } = await company('Nachweis GmbH');
    const boss = callerFor(t.db, { token: employer.token });
    expect(await boss.caller.certificates.companyStatus()).toEqual({ available: false, reason: 'settings_incomplete' });
    expect((await boss.errorOf(boss.caller.certificates.issueCompany())).error.code).toBe('FORBIDDEN');

    await completeSettings(employer);
    const certified = await learner();
    await train(certified.person, 6, 6);
    const halfway = await learner({ role: 'manager' });
    await train(halfway.person, 6, 3);
    await learner(); // nothing assigned: not enrolled

    expect(await boss.caller.certificates.companyStatus()).toEqual({ available: true, reason: null });
    const issued = await boss.caller.certificates.issueCompany();
    expect(issued.kind).toBe('company');
    expect(await halfway.caller.certificates.issueCompany()).toEqual(issued); // managers too, same figures, same code

    const document = await certificateForDownload(t.db, { ...employer, lang: 'de' }, issued.code, TEST_PUBLIC_URL);
    expect(document.content).toMatchObject({
      kind: 'company',
      company: {
        name: 'Nachweis GmbH',
        street: 'Hafenstraße 7',
        postCode: '20457',
        city: 'Hamburg',
        insuranceNumber: 'AS-0123456789',
      },
      enrolled: 2,
      certified: 1,
    });
    if (document.content.kind !== 'company') throw new Error('expected a company certificate');
    expect(document.content.courses.find((course) => course.slug === 'malware')).toMatchObject({
      assigned: 2,
      completed: 1,
    });
    expect(document.content.courses.find((course) => course.slug === '5-golden-rules')).toMatchObject({
      assigned: 2,
      completed: 2,
    });

    expect(await callerFor(t.db).caller.certificates.verify({ code: issued.code })).toMatchObject({
      status: 'valid',
      kind: 'company',
      holder: 'Nachweis GmbH',
    });
    expect((await certified.errorOf(certified.caller.certificates.companyStatus())).error.code).toBe('NOT_FOUND');
    await expect(
      certificateForDownload(t.db, { ...certified.person, lang: 'de' }, issued.code, TEST_PUBLIC_URL),
    ).rejects.toThrow();
  });

  it('is what the reset mails: the figures before the reset, while every earlier certificate is revoked', async () => {
    const { employer, learner } = await company('Kreislauf GmbH');
    await completeSettings(employer);
    const { person, caller } = await learner();
    await train(person, 6, 6);
    const personal = await caller.certificates.issuePersonal();
    const boss = callerFor(t.db, { token: employer.token }).caller;
    const before = await boss.certificates.issueCompany();

    await boss.progress.resetCompany({ companyId: employer.companyId });
    const anonymous = callerFor(t.db).caller;
    expect((await anonymous.certificates.verify({ code: personal.code })).revokedReason).toBe('progress_reset');
    expect((await anonymous.certificates.verify({ code: before.code })).status).toBe('revoked');

    // In the order they were written: PostgreSQL returns rows in no particular order without one.
    const mail = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, employer.email)).orderBy(mailOutbox.createdAt)
    ).at(-1);
    const [attachment] = JSON.parse(mail?.attachments ?? '[]') as { filename: string; base64: string }[];
    const code = attachment?.filename.match(/^Versicherungsnachweis-(.+)\.pdf$/)?.[1] ?? '';
    expect(await anonymous.certificates.verify({ code })).toMatchObject({
      status: 'valid',
      kind: 'company',
      holder: 'Kreislauf GmbH',
    });
    const text = pdfText(Buffer.from(attachment?.base64 ?? '', 'base64')).replace(/\s+/g, ' ');
    expect(text).toContain('Versicherungsnachweis');
    expect(text).toContain('Kreislauf GmbH');
    expect(text).toContain('AS-0123456789');
    expect(text).toContain(`Prüfcode ${code}`);
    expect(text).toContain('davon zertifiziert (100 %)');
    expect(await boss.certificates.issueCompany()).not.toEqual(before);
  });
});
