import { createHash, randomBytes } from 'node:crypto';
import { sealTotpSecret } from '@portal/core';
import Database from 'better-sqlite3';
import { Secret } from 'otpauth';
import { E2E_DATABASE_FILE, E2E_TOTP_KEY } from '../../playwright.config.ts';

/**
 * Direct access to the e2e database for set-up the UI of this issue cannot do yet
 * (inviting people arrives with the employer workspace).
 */
export function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE_FILE);
  db.pragma('busy_timeout = 5000');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** An invited employee of the demo company with a 14-day invitation link; returns the link path. */
export function inviteEmployee(email: string, firstname = 'Ina', lastname = 'Neumann'): string {
  return withDb((db) => {
    const company = db.prepare('select id from companies limit 1').get() as { id: string };
    const userId = crypto.randomUUID();
    db.prepare(
      `insert into users (id, firstname, lastname, email, role, company_id, is_first_login, active, created_at)
       values (?, ?, ?, ?, 'employee', ?, 1, 0, ?)`,
    ).run(userId, firstname, lastname, email, company.id, Date.now());
    const token = randomBytes(32).toString('hex');
    const hash = createHash('sha256').update(token).digest('hex');
    db.prepare(
      `insert into one_time_tokens (id, kind, token_hash, user_id, created_at, expires_at)
       values (?, 'invitation', ?, ?, ?, ?)`,
    ).run(crypto.randomUUID(), hash, userId, Date.now(), Date.now() + 14 * 86_400_000);
    return `/login/${token}?email=${encodeURIComponent(email)}`;
  });
}

/**
 * An active employee of the demo company with the given courses assigned, signed in with the demo
 * password (the hash is copied from the demo employee, so no argon2 is needed here).
 */
export function createLearner(
  email: string,
  slugs: readonly string[],
  lang: 'de' | 'en' = 'de',
  name: { firstname: string; lastname: string } = { firstname: 'Lea', lastname: 'Lernwillig' },
): string {
  return withDb((db) => {
    const template = db
      .prepare("select company_id as companyId, password_hash as hash from users where email = 'employee@example.com'")
      .get() as { companyId: string; hash: string };
    const userId = crypto.randomUUID();
    db.prepare(
      `insert into users (id, firstname, lastname, email, role, company_id, password_hash, is_first_login, active,
                          data_protection_policy_accepted, lang, created_at)
       values (?, ?, ?, ?, 'employee', ?, ?, 0, 1, 1, ?, ?)`,
    ).run(userId, name.firstname, name.lastname, email, template.companyId, template.hash, lang, Date.now());
    const assign = db.prepare('insert into course_assignments (user_id, course_slug) values (?, ?)');
    for (const slug of slugs) assign.run(userId, slug);
    return userId;
  });
}

export function progressOf(userId: string, slug: string) {
  return withDb(
    (db) =>
      db
        .prepare(
          `select status, slide_index as slideIndex, quiz_repeat_count as quizRepeatCount,
                  module_repeat_count as moduleRepeatCount, working_seconds as workingSeconds
             from course_progress where user_id = ? and course_slug = ?`,
        )
        .get(userId, slug) as
        | {
            status: string;
            slideIndex: number;
            quizRepeatCount: number;
            moduleRepeatCount: number;
            workingSeconds: number;
          }
        | undefined,
  );
}

/**
 * A company of its own for specs that change a person's settings (specs run in parallel, so the
 * shared demo accounts stay untouched): a policyholder and one employee with a course, both with
 * the demo password. `legacy`: registered before the AVV cut-off (2022-03-18 10:38) and not
 * accepted; otherwise accepted.
 */
export function createCompany(tag: string, options: { legacy: boolean }): { employer: string; employee: string } {
  return withDb((db) => {
    const hash = (
      db.prepare("select password_hash as hash from users where email = 'employee@example.com'").get() as {
        hash: string;
      }
    ).hash;
    const companyId = crypto.randomUUID();
    const employerId = crypto.randomUUID();
    const employeeId = crypto.randomUUID();
    const created = options.legacy ? Date.parse('2021-05-03T08:00:00Z') : Date.now();
    const employer = `boss.${tag}@example.com`;
    const employee = `staff.${tag}@example.com`;
    db.prepare(
      `insert into companies (id, company_name, street, post_code, city, phone_number, insurance_number, created_at)
       values (?, ?, 'Werkstraße 7', '20095', 'Hamburg', '+49 40 123456', 'AS-2024050601', ?)`,
    ).run(companyId, `Altbestand ${tag} GmbH`, created);
    const insertUser = db.prepare(
      `insert into users (id, firstname, lastname, email, role, company_id, password_hash, is_first_login, active,
                          data_protection_policy_accepted, order_processing_accepted, saw_video, created_at)
       values (?, ?, ?, ?, ?, ?, ?, 0, 1, 1, ?, 1, ?)`,
    );
    const accepted = options.legacy ? 0 : 1;
    insertUser.run(employerId, 'Alma', 'Altkunde', employer, 'employer', companyId, hash, accepted, created);
    insertUser.run(employeeId, 'Bruno', 'Belegschaft', employee, 'employee', companyId, hash, 0, created);
    if (!options.legacy) {
      db.prepare('update users set order_processing_accepted_at = ? where id = ?').run(created, employerId);
    }
    db.prepare('update companies set owner_id = ? where id = ?').run(employerId, companyId);
    db.prepare("update users set salutation = 'Mrs' where id = ?").run(employerId);
    db.prepare("update users set salutation = 'Mr' where id = ?").run(employeeId);
    db.prepare("insert into course_assignments (user_id, course_slug) values (?, 'malware')").run(employeeId);
    return { employer, employee };
  });
}

/** Marks courses as completed (passed) for a person, a day apart, ending yesterday. */
export function completeCourses(userId: string, slugs: readonly string[]) {
  withDb((db) => {
    const person = db.prepare('select company_id as companyId from users where id = ?').get(userId) as {
      companyId: string;
    };
    const insert = db.prepare(
      `insert into course_progress (id, user_id, company_id, course_slug, status, slide_index, max_slide_index,
                                    best_score, content_version, started_at, completed_at, updated_at)
       values (?, ?, ?, ?, 'completed', 0, 0, 100, 'e2e', ?, ?, ?)`,
    );
    slugs.forEach((slug, index) => {
      const at = Date.now() - (slugs.length - index) * 86_400_000;
      insert.run(crypto.randomUUID(), userId, person.companyId, slug, at - 3_600_000, at, at);
    });
  });
}

/**
 * An admin of its own for one spec, with the demo password and an authenticator already set up.
 * A TOTP code is accepted once per account, so specs signing in as the same admin in parallel
 * would queue for the next 30-second step; separate admins never wait.
 */
export function createAdminAccount(tag: string): string {
  return withDb((db) => {
    const { hash } = db.prepare("select password_hash as hash from users where email = 'admin@example.com'").get() as {
      hash: string;
    };
    const email = `admin.${tag}.${Date.now()}@example.com`;
    const id = crypto.randomUUID();
    // Sealed as the portal stores it, with the e2e server's key (ADR 026).
    const secret = sealTotpSecret(E2E_TOTP_KEY, id, new Secret({ size: 20 }).base32);
    db.prepare(
      `insert into users (id, firstname, lastname, email, role, password_hash, is_first_login, active,
                          data_protection_policy_accepted, totp_secret, created_at)
       values (?, 'Test', ?, ?, 'admin', ?, 0, 1, 1, ?, ?)`,
    ).run(id, `Admin ${tag}`, email, hash, secret, Date.now());
    return email;
  });
}

/** An admin of its own who has not set up the authenticator yet: the sign-in shows the set-up step. */
export function createAdminWithoutTotp(tag: string): string {
  const email = createAdminAccount(tag);
  withDb((db) => db.prepare('update users set totp_secret = null where email = ?').run(email));
  return email;
}

/**
 * A certificate record as `/verify/{code}` reads it, for the demo company: valid for a year,
 * expired yesterday, or revoked (content anonymised, as after a deletion).
 */
export function createCertificate(code: string, state: 'valid' | 'expired' | 'revoked') {
  withDb((db) => {
    const company = db.prepare("select id from companies where company_name = 'Musterfirma GmbH'").get() as {
      id: string;
    };
    const now = Date.now();
    const issued = state === 'expired' ? now - 400 * 86_400_000 : now - 86_400_000;
    const validUntil = state === 'expired' ? now - 86_400_000 : now + 364 * 86_400_000;
    db.prepare(
      `insert into certificates (id, code, kind, company_id, content, issued_at, valid_until, revoked_at, revoked_reason)
       values (?, ?, 'company', ?, null, ?, ?, ?, ?)`,
    ).run(
      crypto.randomUUID(),
      code,
      company.id,
      issued,
      validUntil,
      state === 'revoked' ? now : null,
      state === 'revoked' ? 'company_deleted' : null,
    );
  });
}
