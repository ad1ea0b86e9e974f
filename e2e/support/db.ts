import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sealTotpSecret } from '@portal/core';
import {
  and,
  certificates,
  closeDatabase,
  companies,
  companyMailDomains,
  courseAssignments,
  courseProgress,
  eq,
  oneTimeTokens,
  openDatabase,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { Secret } from 'otpauth';
import { E2E_DATABASE, E2E_DATABASE_FILE, E2E_DATABASE_URL_FILE, E2E_TOTP_KEY } from '../../playwright.config.ts';

/**
 * Direct access to the e2e database for set-up the UI cannot do (or not quickly), through the
 * portal's data layer (ADR 028): reads on `db`, writes in `transaction(db, …)`. Each call opens
 * its own handle and closes it again, as another process beside the running server.
 */
export async function withDb<T>(work: (db: TDatabase) => Promise<T>): Promise<T> {
  const db = openDatabase(databaseLocation(), { poolSize: 1 });
  try {
    return await work(db);
  } finally {
    await closeDatabase(db);
  }
}

/** The run's SQLite file, or the URL of the PostgreSQL cluster e2e/serve.ts started. */
function databaseLocation(): string {
  return E2E_DATABASE === 'postgres' ? readFileSync(E2E_DATABASE_URL_FILE, 'utf8').trim() : E2E_DATABASE_FILE;
}

/** Runs `work` in one transaction on the e2e database. */
export function writeDb<T>(work: (tx: TTransaction) => Promise<T>): Promise<T> {
  // Read committed: test set-up of rows no other writer touches (fresh ids and addresses).
  return withDb((db) => transaction(db, work));
}

/** A demo account's row (the id, company and password hash are reused by the set-up below). */
async function demoUser(db: TDatabase | TTransaction, email: string) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} is not in the e2e database (was the demo data seeded?)`);
  return row;
}

/** An invited employee of the demo company with a 14-day invitation link; returns the link path. */
export async function inviteEmployee(email: string, firstname = 'Ina', lastname = 'Neumann'): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const hash = createHash('sha256').update(token).digest('hex');
  await writeDb(async (tx) => {
    // The demo company by its employee: `limit 1` alone picks any company on PostgreSQL once the
    // specs have created others.
    const company = { id: (await demoUser(tx, 'employee@example.com')).companyId };
    const userId = crypto.randomUUID();
    const now = new Date();
    await tx.insert(users).values({
      id: userId,
      firstname,
      lastname,
      email,
      role: 'employee',
      companyId: company.id,
      isFirstLogin: true,
      active: false,
      createdAt: now,
    });
    await tx.insert(oneTimeTokens).values({
      id: crypto.randomUUID(),
      kind: 'invitation',
      tokenHash: hash,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 14 * 86_400_000),
    });
  });
  return `/login/${token}?email=${encodeURIComponent(email)}`;
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
): Promise<string> {
  return writeDb(async (tx) => {
    const template = await demoUser(tx, 'employee@example.com');
    const userId = crypto.randomUUID();
    await tx.insert(users).values({
      id: userId,
      firstname: name.firstname,
      lastname: name.lastname,
      email,
      role: 'employee',
      companyId: template.companyId,
      passwordHash: template.passwordHash,
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
      lang,
      createdAt: new Date(),
    });
    if (slugs.length > 0) {
      await tx.insert(courseAssignments).values(slugs.map((slug) => ({ userId, courseSlug: slug })));
    }
    return userId;
  });
}

export interface TProgressRow {
  status: string;
  slideIndex: number;
  quizRepeatCount: number;
  moduleRepeatCount: number;
  workingSeconds: number;
  bestScore: number | null;
}

export function progressOf(userId: string, slug: string): Promise<TProgressRow | undefined> {
  return withDb(async (db) => {
    const [row] = await db
      .select({
        status: courseProgress.status,
        slideIndex: courseProgress.slideIndex,
        quizRepeatCount: courseProgress.quizRepeatCount,
        moduleRepeatCount: courseProgress.moduleRepeatCount,
        workingSeconds: courseProgress.workingSeconds,
        bestScore: courseProgress.bestScore,
      })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseSlug, slug)));
    return row;
  });
}

/**
 * A company of its own for specs that change a person's settings (specs run in parallel, so the
 * shared demo accounts stay untouched): a policyholder and one employee with a course, both with
 * the demo password. `legacy`: registered before the AVV cut-off (2022-03-18 10:38) and not
 * accepted; otherwise accepted.
 */
export function createCompany(
  tag: string,
  options: { legacy: boolean },
): Promise<{ employer: string; employee: string }> {
  return writeDb(async (tx) => {
    const { passwordHash } = await demoUser(tx, 'employee@example.com');
    const companyId = crypto.randomUUID();
    const employerId = crypto.randomUUID();
    const employeeId = crypto.randomUUID();
    const created = options.legacy ? new Date('2021-05-03T08:00:00Z') : new Date();
    const employer = `boss.${tag}@example.com`;
    const employee = `staff.${tag}@example.com`;
    await tx.insert(companies).values({
      id: companyId,
      companyName: `Altbestand ${tag} GmbH`,
      street: 'Werkstraße 7',
      postCode: '20095',
      city: 'Hamburg',
      phoneNumber: '+49 40 123456',
      insuranceNumber: 'AS-2024050601',
      createdAt: created,
    });
    const person = {
      companyId,
      passwordHash,
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
      sawVideo: true,
      createdAt: created,
    };
    await tx.insert(users).values([
      {
        ...person,
        id: employerId,
        firstname: 'Alma',
        lastname: 'Altkunde',
        email: employer,
        role: 'employer',
        salutation: 'Mrs',
        orderProcessingAccepted: !options.legacy,
        orderProcessingAcceptedAt: options.legacy ? null : created,
      },
      {
        ...person,
        id: employeeId,
        firstname: 'Bruno',
        lastname: 'Belegschaft',
        email: employee,
        role: 'employee',
        salutation: 'Mr',
        orderProcessingAccepted: false,
      },
    ]);
    await tx.update(companies).set({ ownerId: employerId }).where(eq(companies.id, companyId));
    await tx.insert(courseAssignments).values({ userId: employeeId, courseSlug: 'malware' });
    // Its people's example.com is proven, as the demo company's is: simulations reach only proven
    // domains (issue 37).
    await tx.insert(companyMailDomains).values({
      companyId,
      domain: 'example.com',
      verification: `portal-verification=e2e-${tag}`,
      verifiedAt: created,
    });
    return { employer, employee };
  });
}

/** Marks courses as completed (passed) for a person, a day apart, ending yesterday. */
export async function completeCourses(userId: string, slugs: readonly string[]): Promise<void> {
  await writeDb(async (tx) => {
    const [person] = await tx.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
    const companyId = person?.companyId;
    if (!companyId) throw new Error(`${userId} belongs to no company`);
    if (slugs.length === 0) return;
    await tx.insert(courseProgress).values(
      slugs.map((slug, index) => {
        const at = Date.now() - (slugs.length - index) * 86_400_000;
        return {
          id: crypto.randomUUID(),
          userId,
          companyId,
          courseSlug: slug,
          status: 'completed' as const,
          slideIndex: 0,
          maxSlideIndex: 0,
          bestScore: 100,
          contentVersion: 'e2e',
          startedAt: new Date(at - 3_600_000),
          completedAt: new Date(at),
          updatedAt: new Date(at),
        };
      }),
    );
  });
}

/**
 * An admin of its own for one spec, with the demo password and an authenticator already set up.
 * A TOTP code is accepted once per account, so specs signing in as the same admin in parallel
 * would queue for the next 30-second step; separate admins never wait.
 */
export function createAdminAccount(tag: string): Promise<string> {
  return writeDb(async (tx) => {
    const { passwordHash } = await demoUser(tx, 'admin@example.com');
    const email = `admin.${tag}.${Date.now()}@example.com`;
    const id = crypto.randomUUID();
    await tx.insert(users).values({
      id,
      firstname: 'Test',
      lastname: `Admin ${tag}`,
      email,
      role: 'admin',
      passwordHash,
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
      // Sealed as the portal stores it, with the e2e server's key (ADR 026).
      totpSecret: sealTotpSecret(E2E_TOTP_KEY, id, new Secret({ size: 20 }).base32),
      createdAt: new Date(),
    });
    return email;
  });
}

/** An insurer account (ADR 035) with the demo password and an authenticator already set up. */
export async function createInsurerAccount(tag: string): Promise<string> {
  const email = await createAdminAccount(tag);
  await writeDb((tx) =>
    tx
      .update(users)
      .set({ role: 'insurer', lastname: `Versicherer ${tag}` })
      .where(eq(users.email, email)),
  );
  return email;
}

/** A policyholder company with a policy number of its own, and one learner who completed `completed` of 4 courses. */
export function createPolicy(
  tag: string,
  policyNumber: string,
  completed: number,
  options: { companyName?: string; avvAccepted?: boolean } = {},
): Promise<string> {
  return writeDb(async (tx) => {
    const { passwordHash } = await demoUser(tx, 'employee@example.com');
    const companyId = crypto.randomUUID();
    const ownerId = crypto.randomUUID();
    const learnerId = crypto.randomUUID();
    const companyName = options.companyName ?? `Police ${tag} GmbH`;
    const avvAccepted = options.avvAccepted ?? true;
    await tx.insert(companies).values({ id: companyId, companyName, insuranceNumber: policyNumber });
    // Its people's example.com is proven, so a simulation reaches its learner (issue 37).
    await tx.insert(companyMailDomains).values({
      companyId,
      domain: 'example.com',
      verification: `portal-verification=e2e-policy-${tag}`,
      verifiedAt: new Date(),
    });
    const person = { companyId, passwordHash, isFirstLogin: false, active: true, dataProtectionPolicyAccepted: true };
    await tx.insert(users).values([
      {
        ...person,
        id: ownerId,
        firstname: 'Olga',
        lastname: 'Obhut',
        email: `owner.${tag}@example.com`,
        role: 'employer',
        orderProcessingAccepted: avvAccepted,
        orderProcessingAcceptedAt: avvAccepted ? new Date() : null,
      },
      {
        ...person,
        id: learnerId,
        firstname: 'Lara',
        lastname: `Lernfeld-${tag}`,
        email: `learner.${tag}@example.com`,
        role: 'employee',
      },
    ]);
    await tx.update(companies).set({ ownerId }).where(eq(companies.id, companyId));
    const slugs = ['malware', 'password-security', 'email-security', 'byod'];
    await tx.insert(courseAssignments).values(slugs.map((courseSlug) => ({ userId: learnerId, courseSlug })));
    if (completed > 0) {
      await tx.insert(courseProgress).values(
        slugs.slice(0, completed).map((courseSlug) => ({
          id: crypto.randomUUID(),
          userId: learnerId,
          companyId,
          courseSlug,
          status: 'completed' as const,
          slideIndex: 0,
          maxSlideIndex: 0,
          bestScore: 100,
          contentVersion: 'e2e',
          startedAt: new Date(Date.now() - 7_200_000),
          completedAt: new Date(Date.now() - 3_600_000),
          updatedAt: new Date(Date.now() - 3_600_000),
        })),
      );
    }
    return companyName;
  });
}

/** An admin of its own who has not set up the authenticator yet: the sign-in shows the set-up step. */
export async function createAdminWithoutTotp(tag: string): Promise<string> {
  const email = await createAdminAccount(tag);
  await writeDb((tx) => tx.update(users).set({ totpSecret: null }).where(eq(users.email, email)));
  return email;
}

/**
 * A certificate record as `/verify/{code}` reads it, for the demo company: valid for a year,
 * expired yesterday, or revoked (content anonymised, as after a deletion).
 */
export async function createCertificate(code: string, state: 'valid' | 'expired' | 'revoked'): Promise<void> {
  await writeDb(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.companyName, 'Musterfirma GmbH'));
    if (!company) throw new Error('the demo company is not in the e2e database');
    const now = Date.now();
    const issued = state === 'expired' ? now - 400 * 86_400_000 : now - 86_400_000;
    const validUntil = state === 'expired' ? now - 86_400_000 : now + 364 * 86_400_000;
    await tx.insert(certificates).values({
      id: crypto.randomUUID(),
      code,
      kind: 'company',
      companyId: company.id,
      content: null,
      issuedAt: new Date(issued),
      validUntil: new Date(validUntil),
      revokedAt: state === 'revoked' ? new Date(now) : null,
      revokedReason: state === 'revoked' ? 'company_deleted' : null,
    });
  });
}

/**
 * Another person of an employer's company (one of createCompany's), signed in with the demo
 * password (the hash is copied from the employer); returns the person's id.
 */
export function addColleague(
  employer: string,
  person: { email: string; firstname: string; lastname: string; role?: 'employee' | 'manager' },
): Promise<string> {
  return writeDb(async (tx) => {
    const [boss] = await tx
      .select({ companyId: users.companyId, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, employer));
    if (!boss) throw new Error(`${employer} is not in the e2e database`);
    const id = crypto.randomUUID();
    await tx.insert(users).values({
      id,
      ...person,
      role: person.role ?? 'employee',
      companyId: boss.companyId,
      passwordHash: boss.passwordHash,
      isFirstLogin: false,
      active: true,
      dataProtectionPolicyAccepted: true,
      sawVideo: true,
      lang: 'de',
      createdAt: new Date(),
    });
    return id;
  });
}

/** A person's row, by email (for specs that check what the UI stored). */
export async function userByEmail(email: string) {
  return withDb(async (db) => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`${email} is not in the e2e database`);
    return row;
  });
}
