import { and, courseAssignments, eq, mailOutbox, oneTimeTokens, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  type TSeededUser,
  type TTestDb,
} from '../../../api/src/test/test-db.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { parseEmployeeCsv } from '../employees/employee-csv.ts';
import { importEmployeeList } from './import-employee-list.ts';

let t: TTestDb;
let admin: TSessionUser;
let employer: TSeededUser & { companyId: string };
const meta = { ip: '192.0.2.5', publicUrl: 'http://localhost:3000' };
const NAMES = [
  ['jürgen', 'weiß'],
  ['Özlem', 'Şahin'],
  ['MÄRTHA', 'GRÖßER'],
  ['lükas', 'müller-lüdenscheidt'],
  ['Zoë', 'van der Böck'],
] as const;

/** A list as a German spreadsheet exports it: BOM, `;`, CRLF, umlauts, German headers. */
function germanExport(count: number, tag: string, replace: Record<number, string> = {}): Uint8Array {
  const lines = Array.from({ length: count }, (_, index) => {
    const [first, last] = NAMES[index % NAMES.length] ?? ['a', 'b'];
    return replace[index + 1] ?? `${first};${last};person.${tag}.${index + 1}@firma.example`;
  });
  return new TextEncoder().encode(`\uFEFFVorname;Nachname;E-Mail\r\n${lines.join('\r\n')}\r\n`);
}

const TABLES = ['users', 'one_time_tokens', 'mail_outbox', 'course_assignments', 'audit_log', 'employee_uploads'];
const counts = () => Object.fromEntries(TABLES.map((table) => [table, countRows(t.db, table)]));

beforeAll(async () => {
  t = createTestDb();
  const seeded = seedAdmin(t.db);
  admin = { ...seeded, companyId: null, lang: 'de' };
  employer = await seedEmployer(t.db, { companyName: 'Weißbier & Söhne KG' });
  for (const courseSlug of ['malware', 'byod']) {
    t.db.insert(courseAssignments).values({ userId: employer.id, courseSlug }).run();
  }
  seedEmployee(t.db, employer.companyId, { email: 'bestand@firma.example', firstname: 'Berta', lastname: 'Bestand' });
});
afterAll(() => t.cleanup());

describe('importEmployeeList', () => {
  it('imports a 60-row German export: 1 existing, 58 created, 1 validation error, 60 handled', () => {
    const bytes = germanExport(60, 'a', {
      10: 'Kai;Kaputt;keine-mail',
      20: 'Berta;Bestand;Bestand@Firma.example',
    });
    const parsed = parseEmployeeCsv(bytes, 'mitarbeiter.csv');
    expect(parsed).toMatchObject({ problem: null, valid: 59, invalid: 1 });
    const before = counts();

    const result = importEmployeeList(
      t.db,
      admin,
      { companyId: employer.companyId, rows: parsed.rows, filename: 'mitarbeiter.csv' },
      meta,
    );

    expect(result).toMatchObject({ existing: 1, created: 58, validationErrors: 1, handled: 60 });
    expect(result.report).toHaveLength(60);
    expect(result.report[9]).toMatchObject({ line: 11, outcome: 'invalid', reasons: ['invalid_email'] });
    expect(result.report[19]).toMatchObject({ email: 'bestand@firma.example', outcome: 'existing' });
    const after = counts();
    expect(after.users).toBe((before.users ?? 0) + 58);
    expect(after.one_time_tokens).toBe((before.one_time_tokens ?? 0) + 58);
    expect(after.course_assignments).toBe((before.course_assignments ?? 0) + 58 * 2);
    expect(after.employee_uploads).toBe((before.employee_uploads ?? 0) + 1);
    expect(after.audit_log).toBe((before.audit_log ?? 0) + 1);

    const invitations = t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invitation')).all();
    expect(invitations).toHaveLength(58);
    expect(invitations[0]?.text).toContain('Erika Mustermann hat Sie für Weißbier & Söhne KG');
    expect(invitations[0]?.text).toMatch(
      /http:\/\/localhost:3000\/login\/[a-z0-9]+\?email=person\.a\.1%40firma\.example/,
    );

    const jürgen = t.db.select().from(users).where(eq(users.email, 'person.a.1@firma.example')).get();
    expect(jürgen).toMatchObject({
      firstname: 'Jürgen',
      lastname: 'Weiß',
      role: 'employee',
      companyId: employer.companyId,
      active: false,
      passwordHash: null,
    });
    const özlem = t.db.select().from(users).where(eq(users.email, 'person.a.2@firma.example')).get();
    expect(`${özlem?.firstname} ${özlem?.lastname}`).toBe('Özlem Şahin');
    const assigned = t.db
      .select({ slug: courseAssignments.courseSlug })
      .from(courseAssignments)
      .where(eq(courseAssignments.userId, jürgen?.id ?? ''))
      .all()
      .map((row) => row.slug)
      .sort();
    expect(assigned).toEqual(['byod', 'malware']);
    const token = t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, jürgen?.id ?? ''), eq(oneTimeTokens.kind, 'invitation')))
      .get();
    expect(token?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it('writes nothing when an insert in the middle of the list fails', () => {
    const parsed = parseEmployeeCsv(germanExport(60, 'b'), 'mitarbeiter.csv');
    const before = counts();
    t.db.$client.exec(`CREATE TRIGGER fail_30th BEFORE INSERT ON users WHEN NEW.email = 'person.b.30@firma.example'
      BEGIN SELECT RAISE(ABORT, 'boom'); END;`);
    try {
      expect(() =>
        importEmployeeList(t.db, admin, { companyId: employer.companyId, rows: parsed.rows, filename: 'b.csv' }, meta),
      ).toThrow(/boom/);
    } finally {
      t.db.$client.exec('DROP TRIGGER fail_30th');
    }
    expect(counts()).toEqual(before);
    expect(t.db.select().from(users).where(eq(users.email, 'person.b.29@firma.example')).get()).toBeUndefined();
  });

  it('reports an address of another company per row as a validation error and creates nobody for it', async () => {
    const other = await seedEmployer(t.db, { companyName: 'Andere AG' });
    const foreign = seedEmployee(t.db, other.companyId, { email: 'fremd@andere.example' });
    const parsed = parseEmployeeCsv(germanExport(50, 'c', { 5: 'Frida;Fremd;FREMD@andere.example' }), 'c.csv');
    const result = importEmployeeList(
      t.db,
      admin,
      { companyId: employer.companyId, rows: parsed.rows, filename: 'c.csv' },
      meta,
    );
    expect(result).toMatchObject({ existing: 0, created: 49, validationErrors: 1, handled: 50 });
    expect(result.report[4]).toMatchObject({
      email: 'fremd@andere.example',
      outcome: 'invalid',
      reasons: ['email_taken'],
    });
    expect(t.db.select().from(users).where(eq(users.email, foreign.email)).get()?.companyId).toBe(other.companyId);
  });

  it('refuses a company whose policyholder has not accepted the AVV, and non-admins', async () => {
    const pending = await seedEmployer(t.db, { companyName: 'Ohne AVV GmbH' });
    t.db.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, pending.id)).run();
    const parsed = parseEmployeeCsv(germanExport(50, 'd'), 'd.csv');
    const input = { companyId: pending.companyId, rows: parsed.rows, filename: 'd.csv' };
    const before = counts();
    expect(() => importEmployeeList(t.db, admin, input, meta)).toThrow('admin_upload.avv_missing');
    expect(() =>
      importEmployeeList(
        t.db,
        { ...employer, role: 'employer', lang: 'de' },
        { ...input, companyId: employer.companyId },
        meta,
      ),
    ).toThrow('errors.NOT_FOUND');
    expect(counts()).toEqual(before);
  });
});
