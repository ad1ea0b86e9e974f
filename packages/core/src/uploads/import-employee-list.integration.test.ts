import {
  and,
  auditLog,
  courseAssignments,
  employeeUploads,
  eq,
  inArray,
  mailOutbox,
  oneTimeTokens,
  rawExecute,
  sql,
  transaction,
  users,
} from '@portal/db';
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
import { importQueuedUpload } from './upload-queue.ts';

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
const counts = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countRows(t.db, table)] as const)));

/** A trigger that fails the insert of one address, in each database's own trigger language. */
async function failInsertOf(email: string) {
  await transaction(t.db, async (tx) => {
    if (t.dialect === 'postgres') {
      await rawExecute(
        tx,
        sql.raw(`create function fail_insert() returns trigger language plpgsql as $$
          begin
            if new.email = '${email}' then raise exception 'boom'; end if;
            return new;
          end $$`),
      );
      await rawExecute(
        tx,
        sql.raw('create trigger fail_insert before insert on users for each row execute function fail_insert()'),
      );
    } else {
      await rawExecute(
        tx,
        sql.raw(`create trigger fail_insert before insert on users when new.email = '${email}'
          begin select raise(abort, 'boom'); end`),
      );
    }
  });
}

const messagesOf = (error: unknown): string =>
  error instanceof Error ? `${error.message}\n${messagesOf(error.cause)}` : '';

async function dropFailInsert() {
  await transaction(t.db, async (tx) => {
    if (t.dialect === 'postgres') {
      await rawExecute(tx, sql.raw('drop trigger fail_insert on users'));
      await rawExecute(tx, sql.raw('drop function fail_insert()'));
    } else {
      await rawExecute(tx, sql.raw('drop trigger fail_insert'));
    }
  });
}

beforeAll(async () => {
  t = await createTestDb();
  const seeded = await seedAdmin(t.db);
  admin = { ...seeded, companyId: null, lang: 'de' };
  employer = await seedEmployer(t.db, { companyName: 'Weißbier & Söhne KG' });
  await transaction(t.db, (tx) =>
    tx.insert(courseAssignments).values(['malware', 'byod'].map((courseSlug) => ({ userId: employer.id, courseSlug }))),
  );
  await seedEmployee(t.db, employer.companyId, {
    email: 'bestand@firma.example',
    firstname: 'Berta',
    lastname: 'Bestand',
  });
});
afterAll(async () => {
  await t.cleanup();
});

describe('importEmployeeList', () => {
  it('imports a 60-row German export: 1 existing, 58 created, 1 validation error, 60 handled', async () => {
    const bytes = germanExport(60, 'a', {
      10: 'Kai;Kaputt;keine-mail',
      20: 'Berta;Bestand;Bestand@Firma.example',
    });
    const parsed = parseEmployeeCsv(bytes, 'mitarbeiter.csv');
    expect(parsed).toMatchObject({ problem: null, valid: 59, invalid: 1 });
    const before = await counts();

    const result = await importEmployeeList(
      t.db,
      admin,
      { companyId: employer.companyId, rows: parsed.rows, filename: 'mitarbeiter.csv' },
      meta,
    );

    expect(result).toMatchObject({ existing: 1, created: 58, validationErrors: 1, handled: 60 });
    expect(result.report).toHaveLength(60);
    expect(result.report[9]).toMatchObject({ line: 11, outcome: 'invalid', reasons: ['invalid_email'] });
    expect(result.report[19]).toMatchObject({ email: 'bestand@firma.example', outcome: 'existing' });
    const after = await counts();
    expect(after.users).toBe((before.users ?? 0) + 58);
    expect(after.one_time_tokens).toBe((before.one_time_tokens ?? 0) + 58);
    expect(after.course_assignments).toBe((before.course_assignments ?? 0) + 58 * 2);
    expect(after.employee_uploads).toBe((before.employee_uploads ?? 0) + 1);
    expect(after.audit_log).toBe((before.audit_log ?? 0) + 1);

    const invitations = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'invitation'));
    expect(invitations).toHaveLength(58);
    expect(invitations[0]?.text).toContain('Erika Mustermann hat Sie für Weißbier & Söhne KG');
    expect(invitations[0]?.text).toMatch(
      /http:\/\/localhost:3000\/login\/[a-z0-9]+\?email=person\.a\.1%40firma\.example/,
    );

    const [jürgen] = await t.db.select().from(users).where(eq(users.email, 'person.a.1@firma.example'));
    expect(jürgen).toMatchObject({
      firstname: 'Jürgen',
      lastname: 'Weiß',
      role: 'employee',
      companyId: employer.companyId,
      active: false,
      passwordHash: null,
    });
    const [özlem] = await t.db.select().from(users).where(eq(users.email, 'person.a.2@firma.example'));
    expect(`${özlem?.firstname} ${özlem?.lastname}`).toBe('Özlem Şahin');
    const assigned = (
      await t.db
        .select({ slug: courseAssignments.courseSlug })
        .from(courseAssignments)
        .where(eq(courseAssignments.userId, jürgen?.id ?? ''))
    )
      .map((row) => row.slug)
      .sort();
    expect(assigned).toEqual(['byod', 'malware']);
    const [token] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, jürgen?.id ?? ''), eq(oneTimeTokens.kind, 'invitation')));
    expect(token?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it('writes nothing when an insert in the middle of the list fails', async () => {
    const parsed = parseEmployeeCsv(germanExport(60, 'b'), 'mitarbeiter.csv');
    const before = await counts();
    await failInsertOf('person.b.30@firma.example');
    try {
      const failure = await importEmployeeList(
        t.db,
        admin,
        { companyId: employer.companyId, rows: parsed.rows, filename: 'b.csv' },
        meta,
      ).then(
        () => null,
        (error: unknown) => error,
      );
      // drizzle wraps PostgreSQL's error (the trigger's message is its cause); SQLite's comes as is.
      expect(messagesOf(failure)).toMatch(/boom/);
    } finally {
      await dropFailInsert();
    }
    expect(await counts()).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'person.b.29@firma.example'))).toEqual([]);
  });

  it('reports an address of another company per row as a validation error and creates nobody for it', async () => {
    const other = await seedEmployer(t.db, { companyName: 'Andere AG' });
    const foreign = await seedEmployee(t.db, other.companyId, { email: 'fremd@andere.example' });
    const parsed = parseEmployeeCsv(germanExport(50, 'c', { 5: 'Frida;Fremd;FREMD@andere.example' }), 'c.csv');
    const result = await importEmployeeList(
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
    const [stillForeign] = await t.db.select().from(users).where(eq(users.email, foreign.email));
    expect(stillForeign?.companyId).toBe(other.companyId);
  });

  it('gives new people the team of their row and moves existing people of the company into theirs', async () => {
    const kept = await seedEmployee(t.db, employer.companyId, { email: 'team.bleibt@firma.example' });
    const moved = await seedEmployee(t.db, employer.companyId, { email: 'team.wechselt@firma.example' });
    const other = await seedEmployer(t.db, { companyName: 'Team Fremd AG' });
    const foreign = await seedEmployee(t.db, other.companyId, { email: 'team.fremd@andere.example' });
    await transaction(t.db, (tx) =>
      tx
        .update(users)
        .set({ team: 'Einkauf' })
        .where(inArray(users.id, [kept.id, foreign.id])),
    );
    const lines = [
      'Vorname;Nachname;E-Mail;Team',
      ...Array.from({ length: 47 }, (_, i) => `Neu;Person;team.neu.${i}@firma.example;Vertrieb  Nord`),
      // An empty team cell keeps the team set by hand; a named one moves the person.
      'Bleibt;Person;team.bleibt@firma.example;',
      'Wechselt;Person;team.wechselt@firma.example;Lager',
      // Another company's person is not moved (and not imported).
      'Fremd;Person;team.fremd@andere.example;Lager',
    ];
    const parsed = parseEmployeeCsv(new TextEncoder().encode(lines.join('\n')), 't.csv');
    expect(parsed.problem).toBeNull();
    const result = await importEmployeeList(
      t.db,
      admin,
      { companyId: employer.companyId, rows: parsed.rows, filename: 't.csv' },
      meta,
    );
    expect(result).toMatchObject({ created: 47, existing: 2, validationErrors: 1 });
    const teamOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.team;
    expect(await teamOf('team.neu.0@firma.example')).toBe('Vertrieb Nord');
    expect(await teamOf('team.neu.46@firma.example')).toBe('Vertrieb Nord');
    expect(await teamOf(kept.email)).toBe('Einkauf');
    expect(await teamOf(moved.email)).toBe('Lager');
    expect(await teamOf(foreign.email)).toBe('Einkauf');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.imported'), eq(auditLog.targetId, result.uploadId)));
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ teamsChanged: 1 });
  });

  it('refuses a company whose policyholder has not accepted the AVV, and non-admins', async () => {
    const pending = await seedEmployer(t.db, { companyName: 'Ohne AVV GmbH' });
    await transaction(t.db, (tx) =>
      tx.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, pending.id)),
    );
    const parsed = parseEmployeeCsv(germanExport(50, 'd'), 'd.csv');
    const input = { companyId: pending.companyId, rows: parsed.rows, filename: 'd.csv' };
    const before = await counts();
    await expect(importEmployeeList(t.db, admin, input, meta)).rejects.toThrow('admin_upload.avv_missing');
    await expect(
      importEmployeeList(
        t.db,
        { ...employer, role: 'employer', lang: 'de' },
        { ...input, companyId: employer.companyId },
        meta,
      ),
    ).rejects.toThrow('errors.NOT_FOUND');
    expect(await counts()).toEqual(before);
  });
});

/*
 * Races (ADR 028): on PostgreSQL a second handle on the same database is another server process,
 * and the two imports run side by side. On SQLite one process has one handle (a second one in the
 * same process would block its event loop on the file lock): the imports queue for the write
 * connection and the second sees the first.
 */
const otherHandle = () => (t.dialect === 'postgres' ? t.openAnother() : t.db);

describe('importEmployeeList at the same moment', () => {
  it('creates every person of a list once when two admins import it for the same company at once', async () => {
    const other = otherHandle();
    const parsed = parseEmployeeCsv(germanExport(120, 'e'), 'e.csv');
    const input = { companyId: employer.companyId, rows: parsed.rows, filename: 'e.csv' };
    const before = await counts();

    const [first, second] = await Promise.all([
      importEmployeeList(t.db, admin, input, meta),
      importEmployeeList(other, admin, input, meta),
    ]);

    expect(first.created + second.created).toBe(120);
    for (const result of [first, second]) {
      expect(result.created + result.existing).toBe(120);
      expect(result.validationErrors).toBe(0);
    }
    const after = await counts();
    expect(after.users).toBe((before.users ?? 0) + 120);
    expect(after.one_time_tokens).toBe((before.one_time_tokens ?? 0) + 120);
    expect(after.mail_outbox).toBe((before.mail_outbox ?? 0) + 120);
    expect(after.course_assignments).toBe((before.course_assignments ?? 0) + 120 * 2);
    expect(after.employee_uploads).toBe((before.employee_uploads ?? 0) + 2);
  });

  it('imports a queued request once when two admins import it at the same moment', async () => {
    const other = otherHandle();
    const parsed = parseEmployeeCsv(germanExport(80, 'f'), 'f.csv');
    const [request] = await transaction(t.db, (tx) =>
      tx
        .insert(employeeUploads)
        .values({
          companyId: employer.companyId,
          uploadedBy: employer.id,
          filename: 'f.csv',
          rows: JSON.stringify(parsed.rows),
          validCount: parsed.valid,
          invalidCount: parsed.invalid,
        })
        .returning({ id: employeeUploads.id }),
    );
    if (!request) throw new Error('no request');
    const before = await counts();

    const outcomes = await Promise.allSettled([
      importQueuedUpload(t.db, admin, request.id, meta),
      importQueuedUpload(other, admin, request.id, meta),
    ]);

    const imported = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(imported).toHaveLength(1);
    expect(imported[0]?.value).toMatchObject({ uploadId: request.id, created: 80, existing: 0 });
    expect(refused).toHaveLength(1);
    expect(String(refused[0]?.reason)).toMatch('admin_upload.already_processed');
    const after = await counts();
    expect(after.users).toBe((before.users ?? 0) + 80);
    expect(after.mail_outbox).toBe((before.mail_outbox ?? 0) + 80);
    expect(after.employee_uploads).toBe(before.employee_uploads);
    expect(after.audit_log).toBe((before.audit_log ?? 0) + 1);
    const [stored] = await t.db.select().from(employeeUploads).where(eq(employeeUploads.id, request.id));
    expect(stored?.status).toBe('imported');
    expect(JSON.parse(stored?.rows ?? '[]')[0]).toMatchObject({ outcome: 'created' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(entries.map((entry) => entry.action)).toEqual(['upload.imported']);
  });
});
