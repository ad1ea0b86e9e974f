import { pdfInfo, pdfText } from '@portal/certificates/testing';
import {
  AVV_VERSION,
  assignCourse,
  courseCatalog,
  createApiKey,
  findCourse,
  syncCourses,
  type TEvidenceFacts,
  type TEvidencePersonalCertificate,
} from '@portal/core';
import { auditLog, avvAcceptances, certificates, eq, loginThrottle, transaction, users } from '@portal/db';
import { berlinDay, formatDate } from '@portal/validators';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  completeCourses,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  seedInsurer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import type { TLogger } from '../logger.ts';

/*
 * Issue 23, point 3 (ADR 035): the evidence pack, over HTTP. Each pack is opened (fflate), its
 * evidence.json checked against what was seeded, its evidence.pdf read with poppler's pdftotext
 * and compared with the JSON; the insurer's pack names no person in any of its files, the
 * employer's adds the staff's personal certificates; everyone else is refused like on the other
 * file routes. Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */

const quiet: TLogger = { info: () => {}, warn: () => {}, error: () => {} };
const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];
/** Nina has two of the six assigned and none done, so these two courses are not at 100 %. */
const NINAS = ['password-security', 'malware'];
/** Markdown's own characters and letters beyond Latin-1: the PDF must print them as typed. */
const COMPANY_NAME = 'Łukasiewicz & Söhne | *Nachweis* GmbH';
const POLICY = 'AS-2300000003';

interface TCompany {
  companyId: string;
  employer: TSeededUser & { token: string };
  staff: TSeededUser[];
  personalCodes: string[];
  companyCode: string;
}

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let a: TCompany;
let b: TCompany;
let insurer: TSeededUser;
let admin: TSeededUser;
let apiKeyToken: string;

/** Registered, settings complete and a policy number, with the given person as policyholder. */
async function policyholder(
  companyName: string,
  policyNumber: string,
  person: { firstname: string; lastname: string },
) {
  await transaction(t.db, (tx) => tx.delete(loginThrottle));
  const employer = await seedEmployer(t.db, { companyName, ...person });
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  await asEmployer.employee.update({ id: employer.id, salutation: 'Mrs' });
  await asEmployer.company.update({
    id: employer.companyId,
    street: 'Am Deich 7',
    postCode: '25761',
    city: 'Büsum',
    phoneNumber: '04834 123456',
    insuranceNumber: policyNumber,
  });
  return employer;
}

/** A company with two certified learners, one who has not started and a manager without courses. */
async function seedCompany(tag: string, companyName: string, policyNumber: string): Promise<TCompany> {
  const employer = await policyholder(companyName, policyNumber, { firstname: 'Greta', lastname: `Gründerin${tag}` });
  const { companyId } = employer;
  const lukasz = await seedEmployee(t.db, companyId, {
    firstname: 'Łukasz',
    lastname: `Ślusarczyk${tag}`,
    email: `lukasz@${tag.toLowerCase()}.example`,
  });
  const zoe = await seedEmployee(t.db, companyId, {
    firstname: 'Zoë',
    lastname: `Zertifiziert${tag}`,
    email: `zoe@${tag.toLowerCase()}.example`,
  });
  const nina = await seedEmployee(t.db, companyId, {
    firstname: 'Nina',
    lastname: `Nochnicht${tag}`,
    email: `nina@${tag.toLowerCase()}.example`,
  });
  const manager = await seedEmployee(t.db, companyId, {
    role: 'manager',
    firstname: 'Manfred',
    lastname: `Leiter${tag}`,
    email: `leiter@${tag.toLowerCase()}.example`,
  });
  const personalCodes: string[] = [];
  for (const person of [lukasz, zoe]) {
    await completeCourses(t.db, { ...person, companyId }, SIX);
    const asPerson = callerFor(t.db, { token: (await sessionFor(t.db, person)).token }).caller;
    personalCodes.push((await asPerson.certificates.issuePersonal()).code);
  }
  for (const slug of NINAS) await assignCourse(t.db, companyId, { trainingSlug: slug, ownerId: nina.id });
  const companyCode = (await callerFor(t.db, { token: employer.token }).caller.certificates.issueCompany()).code;
  return { companyId, employer, staff: [lukasz, zoe, nina, manager], personalCodes, companyCode };
}

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: quiet, webDist: '/nonexistent/web/dist' });
  await syncCourses(t.db);
  a = await seedCompany('A', COMPANY_NAME, POLICY);
  b = await seedCompany('B', 'Fremdfirma KG', 'AS-2300000004');
  insurer = await seedInsurer(t.db);
  admin = await seedAdmin(t.db);
  apiKeyToken = (
    await createApiKey(
      t.db,
      { ...admin, role: 'admin', companyId: null, lang: 'de' },
      { name: 'Nachweis' },
      { ip: '192.0.2.1' },
    )
  ).token;
}, 120_000);
afterAll(() => t.cleanup());

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────

async function download(path: string, who: TSeededUser | null, headers: Record<string, string> = {}) {
  const all: Record<string, string> = { ...headers };
  if (who) all.authorization = `Bearer ${(await sessionFor(t.db, who)).token}`;
  return app.request(path, { headers: all });
}

/** The ZIP's files, and each file as the text a reader gets from it (pdftotext for PDFs). */
async function opened(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const texts = new Map(
    Object.entries(files).map(([name, bytes]) => [
      name,
      name.endsWith('.pdf') ? pdfText(Buffer.from(bytes), { layout: true }) : strFromU8(bytes),
    ]),
  );
  const facts = JSON.parse(texts.get('evidence.json') ?? 'null') as TEvidenceFacts;
  return { names: Object.keys(files).sort(), files, texts, facts, pdf: texts.get('evidence.pdf') ?? '' };
}

/** pdftotext's words with single spaces, for phrases that the layout may space out. */
const words = (text: string) => text.replace(/\s+/g, ' ');

const personMarkers = (company: TCompany) =>
  [company.employer, ...company.staff].flatMap((person) => [person.email, person.lastname, person.id]);

async function certificateRow(code: string) {
  const [row] = await t.db.select().from(certificates).where(eq(certificates.code, code));
  if (!row) throw new Error(`no certificate ${code}`);
  return row;
}

async function avvRecordOf(company: TCompany) {
  const [row] = await t.db.select().from(avvAcceptances).where(eq(avvAcceptances.companyId, company.companyId));
  if (!row) throw new Error('no AVV record');
  return row;
}

const auditCount = async () =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, 'evidence.downloaded'))).length;

/** What the course table must say after seedCompany: six courses, two of them with Nina's row. */
function expectedCourses(lang: 'de' | 'en') {
  // In catalog order, as the proof of insurance lists them.
  return [...courseCatalog().keys()]
    .filter((slug) => SIX.includes(slug))
    .map((slug) => {
      const assigned = NINAS.includes(slug) ? 3 : 2;
      return {
        slug,
        title: findCourse(slug)?.text[lang].title,
        assigned,
        completed: 2,
        completionPercent: Math.floor(200 / assigned),
      };
    });
}

/** The checks both variants share: the JSON's facts, and the PDF saying the same. */
async function expectCompanyFacts(facts: TEvidenceFacts, pdf: string, lang: 'de' | 'en') {
  expect(facts.format).toBe('evidence-pack/1');
  expect(facts.language).toBe(lang);
  expect(Math.abs(Date.parse(facts.generatedAt) - Date.now())).toBeLessThan(60_000);
  expect(facts.company).toEqual({
    name: COMPANY_NAME,
    policyNumber: POLICY,
    address: { street: 'Am Deich 7', postCode: '25761', city: 'Büsum' },
  });
  const certificate = await certificateRow(a.companyCode);
  expect(facts.companyCertificate).toEqual({
    code: a.companyCode,
    issuedAt: certificate.issuedAt.toISOString(),
    validUntil: certificate.validUntil.toISOString(),
    state: 'valid',
    verifyUrl: `${t.config.publicUrl}/verify/${a.companyCode}`,
  });
  expect(facts.courses).toEqual(expectedCourses(lang));
  expect(facts.totals).toEqual({ learners: 3, assigned: 14, completed: 12, completionPercent: 85 });
  const avv = await avvRecordOf(a);
  expect(facts.avv).toMatchObject({ accepted: true, acceptedAt: avv.acceptedAt.toISOString() });
  expect(facts.avv.acceptances).toHaveLength(1);
  expect(facts.avv.acceptances[0]).toMatchObject({
    contractVersion: AVV_VERSION,
    acceptedAt: avv.acceptedAt.toISOString(),
    acceptedBy: { role: 'policyholder' },
  });

  // The PDF, as pdftotext reads it, says what the JSON says.
  expect(words(pdf)).toContain(COMPANY_NAME);
  expect(pdf).toContain(POLICY);
  expect(pdf).toContain('Am Deich 7, 25761 Büsum');
  expect(pdf).toContain(a.companyCode);
  expect(pdf).toContain(formatDate(facts.companyCertificate?.validUntil ?? ''));
  expect(pdf).toContain(formatDate(facts.companyCertificate?.issuedAt ?? ''));
  for (const course of facts.courses) {
    // One table row: the title, assigned, completed and the percentage on one line.
    const row = new RegExp(
      `${course.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+${course.assigned}\\s+${course.completed}\\s+${course.completionPercent} %`,
    );
    expect(pdf, course.title).toMatch(row);
  }
  const record = facts.avv.acceptances[0];
  expect(pdf).toMatch(new RegExp(`${AVV_VERSION.replace('.', '\\.')}\\s+${formatDate(record?.acceptedAt ?? '')}`));
  return facts;
}

// ── The insurer's pack ─────────────────────────────────────────────────────────────────────────

describe('the insurer’s evidence pack', () => {
  it('holds evidence.pdf, evidence.json and the proof of insurance, and the PDF says what the JSON says', async () => {
    const before = await auditCount();
    const response = await download(`/api/insurer/evidence/${a.companyId}`, insurer);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="evidence-${POLICY}-${berlinDay(new Date())}.zip"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { names, files, texts, facts, pdf } = await opened(response);
    expect(names).toEqual([`company-certificate-${a.companyCode}.pdf`, 'evidence.json', 'evidence.pdf']);
    // Every page carries its footer, and no page is only a footer.
    const pages = Number(pdfInfo(Buffer.from(files['evidence.pdf'] ?? new Uint8Array())).Pages);
    expect(pdf.match(/Nachweispaket · .+ · \d+ \/ \d+/g)).toHaveLength(pages);
    expect(pdf).toContain(`1 / ${pages}`);
    expect(facts.variant).toBe('insurer');
    await expectCompanyFacts(facts, pdf, 'de');
    expect(pdf).toContain('Nachweispaket');
    expect(pdf).toContain('gültig');
    // Company level: the AVV record gives the role, not the person; no personal certificates.
    expect(facts.avv.acceptances[0]?.acceptedBy).toEqual({ role: 'policyholder' });
    expect(pdf).toMatch(/Versicherungsnehmer/);
    expect(facts).not.toHaveProperty('personalCertificates');
    // The proof of insurance in the ZIP is the certificate itself.
    expect(words(texts.get(`company-certificate-${a.companyCode}.pdf`) ?? '')).toContain(`Prüfcode ${a.companyCode}`);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'evidence.downloaded'))
      .orderBy(auditLog.id)
      .offset(before);
    expect(entry).toMatchObject({ actorId: insurer.id, actorRole: 'insurer', companyId: a.companyId });
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ companyId: a.companyId, variant: 'insurer', lang: 'de' });
  });

  it('names no person of either company in any of its files (unzipped, PDFs read as text)', async () => {
    for (const company of [a, b]) {
      const { texts } = await opened(await download(`/api/insurer/evidence/${company.companyId}`, insurer));
      expect(texts.size).toBeGreaterThanOrEqual(3);
      for (const [name, text] of texts) {
        const found = [...personMarkers(a), ...personMarkers(b)].filter((marker) => words(text).includes(marker));
        expect(found, `${name} names a person`).toEqual([]);
        // First names too (all of them are distinct from the company and course texts).
        for (const first of ['Greta', 'Łukasz', 'Zoë', 'Nina', 'Manfred']) expect(text, name).not.toContain(first);
      }
    }
  });

  it('comes in English with ?lang=en', async () => {
    const { facts, pdf, texts } = await opened(await download(`/api/insurer/evidence/${a.companyId}?lang=en`, insurer));
    await expectCompanyFacts(facts, pdf, 'en');
    expect(pdf).toContain('Evidence pack');
    expect(pdf).toContain('Policy number');
    expect(pdf).toContain('Data processing agreement (AVV)');
    expect(pdf).not.toContain('Nachweispaket');
    expect(words(texts.get(`company-certificate-${a.companyCode}.pdf`) ?? '')).toContain('Proof of insurance');
  });

  it('says whether the AVV is in force now, beside the records of its acceptance', async () => {
    const record = await avvRecordOf(b);
    await transaction(t.db, (tx) =>
      tx.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, b.employer.id)),
    );
    try {
      const { facts, pdf } = await opened(await download(`/api/insurer/evidence/${b.companyId}`, insurer));
      expect(facts.avv).toEqual({
        accepted: false,
        acceptedAt: null,
        acceptances: [
          {
            contractVersion: AVV_VERSION,
            acceptedAt: record.acceptedAt.toISOString(),
            acceptedBy: { role: 'policyholder' },
          },
        ],
      });
      expect(pdf).toContain('Der AVV ist derzeit nicht angenommen.');
      expect(pdf).toContain(formatDate(record.acceptedAt));
    } finally {
      await transaction(t.db, (tx) =>
        tx.update(users).set({ orderProcessingAccepted: true }).where(eq(users.id, b.employer.id)),
      );
    }
    // Accepted, but without a stored record (accounts from before the records were kept).
    await transaction(t.db, (tx) => tx.delete(avvAcceptances).where(eq(avvAcceptances.id, record.id)));
    try {
      const { facts, pdf } = await opened(await download(`/api/insurer/evidence/${b.companyId}?lang=en`, insurer));
      expect(facts.avv).toMatchObject({ accepted: true, acceptances: [] });
      expect(words(pdf)).toContain('No record with version and time is stored for the acceptance.');
    } finally {
      await transaction(t.db, (tx) => tx.insert(avvAcceptances).values(record));
    }
  });

  it('is 404 for an unknown company and for a company without a policy number', async () => {
    await transaction(t.db, (tx) => tx.delete(loginThrottle));
    const unnumbered = await seedEmployer(t.db, { companyName: 'Ohne Nummer GmbH' });
    for (const id of [crypto.randomUUID(), unnumbered.companyId, 'not-an-id']) {
      const response = await download(`/api/insurer/evidence/${id}`, insurer);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', messageKey: 'errors.NOT_FOUND' });
    }
  });
});

// ── The employer's pack ────────────────────────────────────────────────────────────────────────

describe('the employer’s evidence pack', () => {
  it('adds the staff’s personal certificates as PDFs, with their holders’ names, and the AVV’s signatory', async () => {
    const response = await download('/api/company/evidence', a.employer);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="evidence-${POLICY}-${berlinDay(new Date())}.zip"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { names, texts, facts, pdf } = await opened(response);
    expect(names).toEqual(
      [
        `company-certificate-${a.companyCode}.pdf`,
        'evidence.json',
        'evidence.pdf',
        ...a.personalCodes.map((code) => `certificates/${code}.pdf`),
      ].sort(),
    );
    expect(facts.variant).toBe('employer');
    await expectCompanyFacts(facts, pdf, 'de');
    expect(facts.avv.acceptances[0]?.acceptedBy).toEqual({ role: 'policyholder', name: 'Greta GründerinA' });
    expect(words(pdf)).toContain('Greta GründerinA (Versicherungsnehmer)');

    const [lukasz, zoe] = a.staff as [TSeededUser, TSeededUser];
    const expected: TEvidencePersonalCertificate[] = [];
    for (const [person, code] of [
      [lukasz, a.personalCodes[0]],
      [zoe, a.personalCodes[1]],
    ] as const) {
      const row = await certificateRow(code ?? '');
      expected.push({
        code: row.code,
        holder: `${person.firstname} ${person.lastname}`,
        issuedAt: row.issuedAt.toISOString(),
        validUntil: row.validUntil.toISOString(),
        verifyUrl: `${t.config.publicUrl}/verify/${row.code}`,
      });
    }
    expect(facts.personalCertificates).toEqual(expected);
    for (const entry of expected) {
      // The table of the overview, and the certificate's own PDF with the holder's name.
      expect(pdf).toMatch(new RegExp(`${entry.code}\\s+${entry.holder}\\s+${formatDate(entry.issuedAt)}`));
      expect(words(texts.get(`certificates/${entry.code}.pdf`) ?? '')).toContain(entry.holder);
    }
    // Nothing of company B.
    for (const [name, text] of texts) {
      for (const marker of [...personMarkers(b), 'Fremdfirma', b.companyCode, ...b.personalCodes]) {
        expect(words(text), `${name}: ${marker}`).not.toContain(marker);
      }
    }
  });

  it('comes in the employer’s language, English with ?lang=en', async () => {
    const { facts, pdf } = await opened(await download('/api/company/evidence?lang=en', a.employer));
    await expectCompanyFacts(facts, pdf, 'en');
    expect(pdf).toContain('Staff’s personal certificates');
    expect(words(pdf)).toContain('Greta GründerinA (policyholder)');
  });

  it('leaves out revoked and expired personal certificates and keeps each person’s newest', async () => {
    const [lukaszCode, zoeCode] = a.personalCodes as [string, string];
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const original = await certificateRow(zoeCode);
    await transaction(t.db, (tx) =>
      tx.update(certificates).set({ validUntil: past }).where(eq(certificates.code, zoeCode)),
    );
    try {
      const { facts, names } = await opened(await download('/api/company/evidence', a.employer));
      expect(facts.personalCertificates?.map((entry) => entry.code)).toEqual([lukaszCode]);
      expect(names).not.toContain(`certificates/${zoeCode}.pdf`);
    } finally {
      await transaction(t.db, (tx) =>
        tx.update(certificates).set({ validUntil: original.validUntil }).where(eq(certificates.code, zoeCode)),
      );
    }
  });
});

// ── Refusals ───────────────────────────────────────────────────────────────────────────────────

describe('who is refused, as on the other file routes', () => {
  const paths = () => ({ insurer: `/api/insurer/evidence/${a.companyId}`, employer: '/api/company/evidence' });

  it('without a session: 401 AUTHORIZATION_REQUIRED', async () => {
    for (const path of Object.values(paths())) {
      const response = await download(path, null);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'AUTHORIZATION_REQUIRED' });
    }
  });

  it('every other role: 404 NOT_FOUND, and company A’s employer cannot reach B’s pack', async () => {
    const before = await auditCount();
    const [, , employee, manager] = a.staff as TSeededUser[];
    const refused: [string, TSeededUser][] = [
      [paths().insurer, a.employer],
      [paths().insurer, manager as TSeededUser],
      [paths().insurer, employee as TSeededUser],
      [paths().insurer, admin],
      [`/api/insurer/evidence/${b.companyId}`, a.employer],
      [paths().employer, manager as TSeededUser],
      [paths().employer, employee as TSeededUser],
      [paths().employer, admin],
      [paths().employer, insurer],
    ];
    for (const [path, who] of refused) {
      const response = await download(path, who);
      expect(response.status, `${who.role} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', messageKey: 'errors.NOT_FOUND' });
    }
    expect(await auditCount()).toBe(before);
  });

  it('an employer whose AVV is not accepted: 403 errors.actions_blocked, as for the company calls', async () => {
    await transaction(t.db, (tx) =>
      tx.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, b.employer.id)),
    );
    try {
      const response = await download(paths().employer, b.employer);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'FORBIDDEN', messageKey: 'errors.actions_blocked' });
    } finally {
      await transaction(t.db, (tx) =>
        tx.update(users).set({ orderProcessingAccepted: true }).where(eq(users.id, b.employer.id)),
      );
    }
  });

  it('a link on another site with the session cookie: 403 errors.CSRF', async () => {
    for (const [path, who] of [
      [paths().insurer, insurer],
      [paths().employer, a.employer],
    ] as const) {
      const response = await app.request(path, {
        headers: { cookie: `session=${(await sessionFor(t.db, who)).token}`, 'sec-fetch-site': 'cross-site' },
      });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ messageKey: 'errors.CSRF' });
    }
  });

  it('an insurer API key: 403 api_key.scope on both (only the two policy calls take a key)', async () => {
    for (const path of Object.values(paths())) {
      const response = await app.request(path, { headers: { authorization: `Bearer ${apiKeyToken}` } });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ messageKey: 'api_key.scope' });
    }
  });
});
