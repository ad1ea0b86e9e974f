import {
  createProgress,
  deleteAdmin,
  enqueueMail,
  issuePersonalCertificate,
  submitUploadRequest,
  syncCourses,
} from '@portal/core';
import {
  and,
  courseAssignments,
  courseProgress,
  eq,
  loginThrottle,
  mailOutbox,
  oneTimeTokens,
  rawRows,
  sql,
  transaction,
  users,
} from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../../test/test-db.ts';

let t: TTestDb;
let admin: TSeededUser;
let adminToken: string;
const asAdmin = () => callerFor(t.db, { token: adminToken });

beforeAll(async () => {
  t = await createTestDb();
  await syncCourses(t.db);
  admin = await seedAdmin(t.db);
  adminToken = (await sessionFor(t.db, admin)).token;
});
afterAll(() => t.cleanup());

const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];

/** A company with a policyholder, a manager and an employee who completed six courses. */
async function richCompany(name: string) {
  const employer = await seedEmployer(t.db, { companyName: name, lastname: `${name}-Chef` });
  const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager', lastname: `${name}-Leitung` });
  const learner = await seedEmployee(t.db, employer.companyId, { lastname: `${name}-Lernend` });
  for (const slug of SIX) {
    await transaction(t.db, (tx) => tx.insert(courseAssignments).values({ userId: learner.id, courseSlug: slug }));
    await createProgress(t.db, { ...learner, companyId: employer.companyId, lang: 'de' }, slug);
    await transaction(t.db, (tx) =>
      tx
        .update(courseProgress)
        .set({ status: 'completed', completedAt: new Date() })
        .where(and(eq(courseProgress.userId, learner.id), eq(courseProgress.courseSlug, slug))),
    );
  }
  await transaction(t.db, (tx) => tx.insert(courseAssignments).values({ userId: manager.id, courseSlug: 'malware' }));
  return { employer, manager, learner };
}

describe('policyholder list (GET /employee for admins, GET /employee/count)', () => {
  it('pages through every policyholder with company, people and progress, and counts them', async () => {
    const first = await richCompany('Liste Eins');
    await richCompany('Liste Zwei');
    const { caller } = asAdmin();
    const { count } = await caller.employee.count({ role: 'employer' });
    const pageOne = await caller.employee.list({ role: 'employer', pageSize: 1, page: 1 });
    const all = await caller.employee.list({ role: 'employer', pageSize: 1000 });
    expect(all.total).toBe(count);
    expect(all.items).toHaveLength(count);
    expect(pageOne.items[0]?.id).toBe(all.items[0]?.id);
    const row = all.items.find((item) => item.id === first.employer.id);
    expect(row).toMatchObject({
      email: first.employer.email,
      role: 'employer',
      locked: false,
      assignedCourses: 7,
      completedCourses: 6,
      progressPercent: 86,
      policyholder: { company: { companyName: 'Liste Eins' }, avvAccepted: true, people: 3 },
    });
    // Employers still get their own staff list, not the customers.
    const own = await callerFor(t.db, { token: first.employer.token }).caller.employee.list({});
    expect(own.items.every((item) => item.policyholder === undefined)).toBe(true);
    expect(own.total).toBe(3);
  });
});

describe('blocking', () => {
  it('ends the sessions, refuses sign-in while blocked, and allows it again after unblocking', async () => {
    const { employer } = await richCompany('Sperre');
    const { caller } = asAdmin();
    await caller.employee.blockAccount({ id: employer.id, block: true });
    expect(await callerFor(t.db, { token: employer.token }).caller.auth.me()).toBeNull();
    const anonymous = callerFor(t.db);
    const refused = await anonymous.errorOf(
      anonymous.caller.employee.login({ email: employer.email, password: STRONG_PASSWORD }),
    );
    expect(refused.shape.data.messageKey).toBe('login.failed');
    expect((await caller.admin.policyholder({ id: employer.id })).employer.locked).toBe(true);

    await caller.employee.blockAccount({ id: employer.id, block: false });
    const again = await callerFor(t.db).caller.employee.login({ email: employer.email, password: STRONG_PASSWORD });
    expect(again).toMatchObject({ userId: employer.id });
    const adminBlock = await asAdmin().errorOf(caller.employee.blockAccount({ id: admin.id, block: true }));
    expect(adminBlock.error.code).toBe('BAD_REQUEST');
  });
});

describe('setting a policyholder’s password', () => {
  it('needs a strong password, ends the sessions and tells the person by mail', async () => {
    const { employer } = await richCompany('Passwort');
    const { caller, errorOf } = asAdmin();
    expect((await errorOf(caller.admin.setPassword({ id: employer.id, password: 'passwort123' }))).error.code).toBe(
      'BAD_REQUEST',
    );
    await caller.admin.setPassword({ id: employer.id, password: OTHER_STRONG_PASSWORD });
    expect(await callerFor(t.db, { token: employer.token }).caller.auth.me()).toBeNull();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, employer.email));
    expect(mails.map((mail) => mail.template)).toContain('password_changed');
    const signedIn = await callerFor(t.db).caller.employee.login({
      email: employer.email,
      password: OTHER_STRONG_PASSWORD,
    });
    expect(signedIn).toMatchObject({ userId: employer.id });
  });
});

describe('policyholder details and admin actions on the company', () => {
  it('shows the AVV record, uploads and reset state; admins reset progress but cannot accept the AVV for anyone', async () => {
    const { employer } = await richCompany('Details');
    const { caller, errorOf } = asAdmin();
    const details = await caller.admin.policyholder({ id: employer.id });
    expect(details.company.companyName).toBe('Details');
    expect(details.avvRecords).toHaveLength(1);
    expect(details.reset).toEqual({ lastResetAt: null, nextResetAt: null });
    const staff = await caller.admin.companyStaff({ companyId: employer.companyId, pageSize: 10 });
    expect(staff.total).toBe(3);

    const reset = await caller.progress.resetCompany({ companyId: employer.companyId });
    expect(reset.removed).toBe(6);
    expect((await caller.admin.policyholder({ id: employer.id })).reset.nextResetAt).toBe(reset.nextResetAt);

    const legacy = await seedEmployer(t.db, { companyName: 'Ohne AVV' });
    await transaction(t.db, (tx) =>
      tx.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, legacy.id)),
    );
    const accept = await errorOf(caller.employee.update({ id: legacy.id, orderProcessingAccepted: true }));
    expect(accept.error.code).toBe('FORBIDDEN');
  });
});

describe('admins', () => {
  it('lists, creates and deletes admins; nobody deletes themselves or the last admin', async () => {
    const { caller, errorOf } = asAdmin();
    const weak = await errorOf(
      caller.employee.createAdmin({ firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', password: 'ada' }),
    );
    expect(weak.error.code).toBe('BAD_REQUEST');
    const created = await caller.employee.createAdmin({
      firstname: 'Ada',
      lastname: 'Admin',
      email: 'ada@example.com',
      password: OTHER_STRONG_PASSWORD,
    });
    const duplicate = await errorOf(
      caller.employee.createAdmin({
        firstname: 'A',
        lastname: 'B',
        email: 'ada@example.com',
        password: OTHER_STRONG_PASSWORD,
      }),
    );
    expect(duplicate.shape.data.messageKey).toBe('users.email_already_exists');
    const list = await caller.appuser.list();
    expect(list.map((row) => row.email)).toContain('ada@example.com');
    expect(list.find((row) => row.id === created.id)?.twoFactorEnabled).toBe(false);

    expect((await errorOf(caller.appuser.delete({ id: admin.id }))).shape.data.messageKey).toBe('admins.not_yourself');
    await caller.appuser.delete({ id: created.id });
    expect((await caller.appuser.list()).map((row) => row.id)).not.toContain(created.id);

    // The last admin cannot go, even for an actor whose own account vanished meanwhile.
    const onlyAdmins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(onlyAdmins.map((row) => row.id)).toEqual([admin.id]);
    const ghost = { ...admin, id: 'gone-admin', lang: 'de' as const, role: 'admin' as const };
    await expect(deleteAdmin(t.db, ghost, admin.id, { ip: '192.0.2.1' })).rejects.toThrow('admins.last_admin');
  });
});

describe('delete completely', () => {
  it('removes every row of the company from every table, keeps other companies, and its people cannot sign in', async () => {
    const doomed = await richCompany('Löschmich');
    const bystander = await richCompany('Bleibt');
    const people = [doomed.employer, doomed.manager, doomed.learner];
    const ids = [doomed.employer.companyId, ...people.map((person) => person.id)];
    const emails = people.map((person) => person.email);

    // Give the company something in every table: sessions, tokens, mails, throttling, an upload
    // request, a certificate, AVV records and audit entries.
    await sessionFor(t.db, doomed.learner);
    await transaction(t.db, (tx) =>
      tx.insert(oneTimeTokens).values({
        kind: 'reset',
        tokenHash: `hash-${Date.now()}`,
        userId: doomed.manager.id,
        expiresAt: new Date(Date.now() + 3600_000),
      }),
    );
    await transaction(t.db, (tx) =>
      enqueueMail(tx, {
        to: doomed.learner.email,
        lang: 'de',
        userId: doomed.learner.id,
        companyId: null,
        mail: { template: 'password_changed', params: { name: 'x', date: 'y' } },
      }),
    );
    await transaction(t.db, (tx) =>
      tx
        .insert(loginThrottle)
        .values({ key: `account:${doomed.manager.email}`, attempts: 2, windowStartedAt: new Date() }),
    );
    await submitUploadRequest(
      t.db,
      { ...doomed.employer, lang: 'de' },
      { filename: 'liste.csv', parsed: { rows: [], valid: 50, invalid: 0, problem: null } as never, cc: null },
      { ip: '192.0.2.1' },
    );
    const certificate = await issuePersonalCertificate(
      t.db,
      { ...doomed.learner, companyId: doomed.employer.companyId, lang: 'de' },
      'de',
    );
    const before = await bystanderRows(bystander.employer.companyId);

    const { caller } = asAdmin();
    const result = await caller.employee.deleteEmployerCompletely({ id: doomed.employer.id });
    expect(result).toEqual({ deleted: true, people: 3 });

    const leftovers = await rowsNaming([...ids, ...emails, 'Löschmich']);
    expect(leftovers).toEqual([]);
    // The search does find what is there (on either database): the bystander's rows.
    expect(await rowsNaming([bystander.employer.companyId, bystander.learner.email, 'Bleibt'])).not.toEqual([]);
    expect(await bystanderRows(bystander.employer.companyId)).toEqual(before);

    const anonymous = callerFor(t.db);
    const refused = await anonymous.errorOf(
      anonymous.caller.employee.login({ email: doomed.employer.email, password: STRONG_PASSWORD }),
    );
    expect(refused.shape.data.messageKey).toBe('login.failed');
    expect(await anonymous.caller.certificates.verify({ code: certificate.code })).toMatchObject({
      status: 'revoked',
      revokedReason: 'company_deleted',
      holder: null,
    });
    const deletion = await rawRows(
      t.db,
      sql`select actor_id as "actorId", company_id as "companyId", target_id as "targetId" from audit_log where action = 'company.deleted'`,
    );
    expect(deletion).toEqual([{ actorId: admin.id, companyId: null, targetId: null }]);
  });
});

/**
 * Every table of the database, asked of the database itself so that a table added later is
 * searched too (migration bookkeeping aside): the catalog differs per dialect.
 */
async function allTables(): Promise<string[]> {
  const rows =
    t.dialect === 'postgres'
      ? await rawRows<{ name: string }>(
          t.db,
          sql`select table_name as name from information_schema.tables
               where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '__drizzle%'`,
        )
      : await rawRows<{ name: string }>(
          t.db,
          sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
        );
  return rows.map((row) => row.name);
}

/** Every row of every table (migrations aside) in which one of the values appears in any column. */
async function rowsNaming(values: string[]): Promise<string[]> {
  const tables = await allTables();
  expect(tables.length).toBeGreaterThanOrEqual(14);
  const hits: string[] = [];
  for (const name of tables) {
    for (const row of await rawRows<Record<string, unknown>>(t.db, sql`select * from ${sql.identifier(name)}`)) {
      const text = JSON.stringify(row);
      for (const value of values) if (text.includes(value)) hits.push(`${name}: ${value}`);
    }
  }
  return hits;
}

/** Everything of another company, to see that a deletion leaves it alone. */
async function bystanderRows(companyId: string): Promise<string> {
  return JSON.stringify([
    await rawRows(t.db, sql`select * from companies where id = ${companyId}`),
    await rawRows(
      t.db,
      sql`select id, email, password_hash, locked from users where company_id = ${companyId} order by id`,
    ),
    await rawRows(t.db, sql`select * from course_progress where company_id = ${companyId} order by id`),
    await rawRows(
      t.db,
      sql`select a.* from course_assignments a join users u on u.id = a.user_id where u.company_id = ${companyId} order by 1, 2`,
    ),
    await rawRows(t.db, sql`select * from avv_acceptances where company_id = ${companyId} order by id`),
    await rawRows(t.db, sql`select id, action from audit_log where company_id = ${companyId} order by id`),
  ]);
}
