/**
 * Test helpers for integration tests (`*.integration.test.ts`): a fresh migrated database per
 * test file (SQLite, or PostgreSQL with TEST_DATABASE=postgres; ADR 028), a tRPC caller per
 * simulated request, and seed helpers. Test-only; never imported by application code.
 */
import { randomUUID } from 'node:crypto';
import {
  confirmRegistration,
  createProgress,
  createSession,
  hashPasswordSync,
  isWorkingTime,
  loadConfig,
  registerEmployer,
  sealTotpSecret,
  type TConfig,
} from '@portal/core';
import {
  and,
  companyMailDomains,
  courseAssignments,
  courseProgress,
  eq,
  like,
  loginThrottle,
  mailOutbox,
  rawRows,
  sql,
  type TDatabase,
  type TDialect,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { addDays, berlinDay } from '@portal/validators';
import { getErrorShape, TRPCError } from '@trpc/server';
import { Secret, TOTP } from 'otpauth';
import { createContextFactory, type TContext } from '../context.ts';
import { appRouter, createCaller } from '../root.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** Passwords that pass the strength rule (score >= 2) for every seeded person. */
export const STRONG_PASSWORD = 'Kiesel-Ahorn-Dampfer-73';
export const OTHER_STRONG_PASSWORD = 'Leuchtturm-Zebra-Orgel-19';

export const testConfig: TConfig = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: TEST_PUBLIC_URL,
  DATABASE_FILE: ':memory:',
  LOG_LEVEL: 'silent',
});

// ── Database ───────────────────────────────────────────────────────────────────────────────────

export interface TTestDb {
  db: TDatabase;
  dialect: TDialect;
  config: TConfig;
  /** The SQLite file or the PostgreSQL URL. */
  location: string;
  /** A second handle on the same database, as another server process would have. */
  openAnother: () => TDatabase;
  /** Closes the connections and removes the database. */
  cleanup: () => Promise<void>;
}

/** A fresh, migrated database of its own for a test file. */
export async function createTestDb(options: { dialect?: 'sqlite' } = {}): Promise<TTestDb> {
  const database = await createTestDatabase(options);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...(database.dialect === 'postgres' ? { DATABASE_URL: database.location } : { DATABASE_FILE: database.location }),
    LOG_LEVEL: 'silent',
  });
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    location: database.location,
    openAnother: database.openAnother,
    cleanup: database.cleanup,
  };
}

/** Number of rows of a table (raw SQL: test code may name tables directly). */
export async function countRows(db: TDatabase, table: string): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
  const [row] = await rawRows<{ n: number }>(db, sql.raw(`select count(*) as n from ${table}`));
  return Number(row?.n ?? 0);
}

/** Ten in the morning (UTC) of a working day a week or more ahead: when the reminder run works. */
export function nextWorkingMorning(): Date {
  for (let days = 7; ; days += 1) {
    const candidate = new Date(`${addDays(berlinDay(new Date()), days)}T10:00:00Z`);
    if (isWorkingTime(candidate)) return candidate;
  }
}

// ── Callers ────────────────────────────────────────────────────────────────────────────────────

export interface TCallerOptions {
  /** Session token `id.secret`; sent as Bearer unless `auth` is 'cookie'. */
  token?: string;
  auth?: 'bearer' | 'cookie';
  via?: 'rest' | 'trpc';
  ip?: string;
  acceptLanguage?: string;
  method?: string;
  headers?: Record<string, string>;
  config?: TConfig;
}

export type TErrorShape = ReturnType<typeof shapeOf>;

function shapeOf(error: TRPCError, ctx: TContext) {
  return getErrorShape({
    config: appRouter._def._config,
    error,
    type: 'unknown',
    path: undefined,
    input: undefined,
    ctx,
  });
}

/**
 * A caller for one simulated request: the context comes from the real factory, so tokens,
 * cookies, CSRF and Accept-Language are handled exactly as over HTTP. `cookies` collects the
 * Set-Cookie headers the procedures set.
 */
export function callerFor(db: TDatabase, options: TCallerOptions = {}) {
  const config = options.config ?? testConfig;
  const headers = new Headers(options.headers);
  if (options.acceptLanguage) headers.set('accept-language', options.acceptLanguage);
  if (options.token) {
    if (options.auth === 'cookie') headers.append('cookie', `session=${options.token}`);
    else headers.set('authorization', `Bearer ${options.token}`);
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  const req = new Request(`${TEST_PUBLIC_URL}/trpc/test`, { method: options.method ?? 'POST', headers });
  const cookies: string[] = [];
  // The context (its session read from the database) is built once, now, as the server builds it
  // once per request; every call of this caller shares it.
  const ctx: Promise<TContext> = createContextFactory({ db, config })({
    req,
    ip: options.ip ?? '192.0.2.1',
    via: options.via ?? 'rest',
    setHeader: (name, value) => {
      if (name.toLowerCase() === 'set-cookie') cookies.push(value);
    },
  });
  // A caller that is never called must not report its context's failure as unhandled; calls still see it.
  ctx.catch(() => {});
  const caller = createCaller(() => ctx);

  /** Awaits a call that must fail; returns the TRPCError and the shape clients would receive. */
  async function errorOf(call: Promise<unknown>): Promise<{ error: TRPCError; shape: TErrorShape }> {
    let result: unknown;
    try {
      result = await call;
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return { error, shape: shapeOf(error, await ctx) };
    }
    throw new Error(`expected the call to fail, it answered ${JSON.stringify(result)}`);
  }

  return { caller, ctx, cookies, errorOf };
}

// ── Seeds ──────────────────────────────────────────────────────────────────────────────────────

let seedCounter = 0;
/** Unique, readable emails per test file. */
export const uniqueEmail = (prefix: string) => `${prefix}.${++seedCounter}@example.com`;

export interface TSeededUser {
  id: string;
  email: string;
  password: string | null;
  role: 'admin' | 'insurer' | 'employer' | 'manager' | 'employee';
  companyId: string | null;
  firstname: string;
  lastname: string;
}

/**
 * A policyholder registered the way the app does it; `token` is the session registration opened.
 * The registration is confirmed (its link opened) unless `confirmed: false`, which leaves the
 * company waiting with `confirmationToken` (issue 37). The company has proven the domain of the
 * policyholder's address (simulations reach only such domains, issue 37), or `mailDomain` when
 * given; `mailDomain: null` leaves it without any.
 */
export async function seedEmployer(
  db: TDatabase,
  input: {
    email?: string;
    password?: string;
    companyName?: string;
    firstname?: string;
    lastname?: string;
    confirmed?: boolean;
    mailDomain?: string | null;
  } = {},
): Promise<TSeededUser & { companyId: string; token: string; confirmationToken: string }> {
  const person = {
    firstname: input.firstname ?? 'Erika',
    lastname: input.lastname ?? 'Mustermann',
    companyName: input.companyName ?? 'Beispiel GmbH',
    email: input.email ?? uniqueEmail('employer'),
    password: input.password ?? STRONG_PASSWORD,
  };
  const result = await registerEmployer(db, person, { ip: '192.0.2.10', lang: 'de', publicUrl: TEST_PUBLIC_URL });
  if (input.confirmed !== false) await confirmRegistration(db, result.confirmationToken);
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, result.session.userId));
  if (!row?.companyId) throw new Error('registerEmployer created no company');
  const mailDomain = input.mailDomain === undefined ? person.email.split('@')[1] : input.mailDomain;
  if (mailDomain) await proveMailDomain(db, row.companyId, mailDomain);
  return {
    id: result.session.userId,
    email: person.email,
    password: person.password,
    role: 'employer',
    companyId: row.companyId,
    firstname: person.firstname,
    lastname: person.lastname,
    token: result.token,
    confirmationToken: result.confirmationToken,
  };
}

/** The company has proven the mail domain (as a TXT record found by "check now" would, issue 37). */
export async function proveMailDomain(db: TDatabase, companyId: string, domain: string): Promise<void> {
  await transaction(db, (tx) =>
    tx
      .insert(companyMailDomains)
      .values({ companyId, domain, verification: `portal-verification=test-${domain}`, verifiedAt: new Date() })
      .onConflictDoNothing(),
  );
}

/**
 * A policyholder with complete settings and a policy number (what the insurer's calls list). The
 * registration limit per address is reset first: tests seed many from one address.
 */
export async function seedPolicyholder(
  db: TDatabase,
  companyName: string,
  policyNumber: string,
  options: { confirmed?: boolean; mailDomain?: string | null } = {},
) {
  await transaction(db, (tx) => tx.delete(loginThrottle).where(like(loginThrottle.key, 'register-ip:%')));
  const employer = await seedEmployer(db, { companyName, ...options });
  const asEmployer = callerFor(db, { token: employer.token }).caller;
  await asEmployer.employee.update({ id: employer.id, salutation: 'Mrs' });
  await asEmployer.company.update({
    id: employer.companyId,
    street: 'Hauptstraße 1',
    postCode: '12345',
    city: 'Musterstadt',
    phoneNumber: '030 1234567',
    insuranceNumber: policyNumber,
  });
  return employer;
}

interface TInsertUserInput {
  email?: string;
  /** null: invited, no password yet. */
  password?: string | null;
  firstname?: string;
  lastname?: string;
  lang?: 'de' | 'en';
  isFirstLogin?: boolean;
  active?: boolean;
  locked?: boolean;
  /** A confirmed authenticator secret (base32); admins and insurers get one unless this is null. */
  totpSecret?: string | null;
}

/** A fixed authenticator secret for seeded admins; `totpCode()` computes its codes. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code an authenticator app would show for `secret` at `now` (offset in 30-second steps). */
export function totpCode(secret: string = TEST_TOTP_SECRET, now = new Date(), stepOffset = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: now.getTime() + stepOffset * 30_000,
  });
}

/** argon2 costs ~60 ms per hash: seeds with the same password share one hash (salt reuse is fine in tests). */
const hashCache = new Map<string, string>();
const cachedHash = (password: string) => {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPasswordSync(password);
    hashCache.set(password, hash);
  }
  return hash;
};

async function insertUser(
  db: TDatabase,
  role: TSeededUser['role'],
  companyId: string | null,
  input: TInsertUserInput,
): Promise<TSeededUser> {
  const password = input.password === undefined ? STRONG_PASSWORD : input.password;
  const backOffice = role === 'admin' || role === 'insurer';
  const firstname = input.firstname ?? (role === 'admin' ? 'Anna' : role === 'insurer' ? 'Ines' : 'Max');
  const lastname = input.lastname ?? (role === 'admin' ? 'Admin' : role === 'insurer' ? 'Versicherer' : 'Beispiel');
  const email = input.email ?? uniqueEmail(role);
  const invited = password === null;
  const id = randomUUID();
  const totpSecret = input.totpSecret === undefined ? (backOffice ? TEST_TOTP_SECRET : null) : input.totpSecret;
  await transaction(db, (tx) =>
    tx.insert(users).values({
      id,
      firstname,
      lastname,
      email,
      role,
      companyId,
      passwordHash: password === null ? null : cachedHash(password),
      active: input.active ?? !invited,
      isFirstLogin: input.isFirstLogin ?? invited,
      locked: input.locked ?? false,
      lang: input.lang ?? 'de',
      dataProtectionPolicyAccepted: !invited && !backOffice,
      // Stored as the portal stores it: sealed to this user with the configured key (ADR 026).
      totpSecret: totpSecret === null ? null : sealTotpSecret(testConfig.totpKey, id, totpSecret),
    }),
  );
  return { id, email, password, role, companyId, firstname, lastname };
}

export const seedAdmin = (db: TDatabase, input: TInsertUserInput = {}) => insertUser(db, 'admin', null, input);
/** An insurer account (ADR 035): no company, an authenticator set up like a seeded admin's. */
export const seedInsurer = (db: TDatabase, input: TInsertUserInput = {}) => insertUser(db, 'insurer', null, input);

export const seedEmployee = (
  db: TDatabase,
  companyId: string,
  input: TInsertUserInput & { role?: 'employee' | 'manager' } = {},
) => insertUser(db, input.role ?? 'employee', companyId, input);

/** Assigns the courses to a person and marks them completed now (certificates need six). */
export async function completeCourses(
  db: TDatabase,
  person: TSeededUser & { companyId: string },
  slugs: readonly string[],
): Promise<void> {
  for (const slug of slugs) {
    await transaction(db, (tx) => tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }));
    await createProgress(db, { ...person, lang: 'de' }, slug);
    await transaction(db, (tx) =>
      tx
        .update(courseProgress)
        .set({ status: 'completed', completedAt: new Date() })
        .where(and(eq(courseProgress.userId, person.id), eq(courseProgress.courseSlug, slug))),
    );
  }
}

/** A session without the argon2 cost of a login; returns the token `id.secret`. */
export async function sessionFor(
  db: TDatabase,
  user: Pick<TSeededUser, 'id' | 'role'>,
): Promise<{ token: string; id: string }> {
  const { token, session } = await createSession(db, { userId: user.id, role: user.role });
  return { token, id: session.id };
}

// ── Mail ───────────────────────────────────────────────────────────────────────────────────────

/** The mails to an address, oldest first (PostgreSQL returns rows in no fixed order without one). */
export function outboxFor(db: TDatabase, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.createdAt);
}

/** The token at the end of a `<path><token>` link in a mail text. */
export function tokenFromText(
  text: string,
  path: '/recovery-password/' | '/admin/recovery-password/' | '/login/' | '/confirm-email/' | '/confirm-contact/',
) {
  const escaped = path.replace(/[/]/g, '\\/');
  const match = new RegExp(`${TEST_PUBLIC_URL.replace(/[.:/]/g, '\\$&')}${escaped}([a-z0-9]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail text:\n${text}`);
  return match[1];
}
