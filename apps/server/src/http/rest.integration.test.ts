import { appRouter } from '@portal/api';
import { assignCourse, syncCourses } from '@portal/core';
import { eq, transaction, users } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  type TSeededUser,
  type TTestDb,
  tokenFromText,
  totpCode,
  uniqueEmail,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import type { TLogger } from '../logger.ts';
import { PLAIN_ROUTES } from './openapi-document.ts';

const de = createTranslator('de');
const en = createTranslator('en');

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let employer: TSeededUser & { companyId: string; token: string };
const logged: { level: string; message: string }[] = [];
/** Every error body the app sent, checked once at the end for leaks. */
const errorBodies: string[] = [];

const logger: TLogger = {
  info: (message) => logged.push({ level: 'info', message }),
  warn: (message) => logged.push({ level: 'warn', message }),
  error: (message) => logged.push({ level: 'error', message }),
};

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger, webDist: '/nonexistent/web/dist' });
  employer = await seedEmployer(t.db);
});
afterAll(() => t.cleanup());

interface TCall {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(method: string, path: string, options: TCall = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await app.request(path, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (response.status >= 400) errorBodies.push(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
  return { status: response.status, headers: response.headers, json: json as any, text };
}

async function login(email: string, password: string, path = '/api/employee/login') {
  const response = await call('POST', path, { body: { email, password } });
  expect(response.status).toBe(200);
  return response.json.id as string;
}

describe('REST /api (generated from the procedures)', () => {
  it('POST /api/employee/login answers a Bearer token', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const response = await call('POST', '/api/employee/login', {
      body: { email: employee.email, password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ userId: employee.id, ttl: 3600, lang: 'de', role: 'employee' });
    expect(response.json.id).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);
    // REST never sets the browser cookie.
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('GET /api/employee/{id} with Bearer answers the user, not cached', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const token = await login(employee.email, STRONG_PASSWORD);
    const response = await call('GET', `/api/employee/${employee.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: employee.id, email: employee.email, role: 'employee' });
    expect(response.json).not.toHaveProperty('passwordHash');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('without Authorization answers 401 AUTHORIZATION_REQUIRED', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    for (const token of [undefined, 'expired.token']) {
      const response = await call('GET', `/api/employee/${employee.id}`, token ? { token } : {});
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject({
        success: false,
        code: 'AUTHORIZATION_REQUIRED',
        messageKey: 'errors.AUTHORIZATION_REQUIRED',
      });
      expect(response.json.message).toBe(de('errors.AUTHORIZATION_REQUIRED'));
    }
  });

  it('a foreign id answers 404 like a missing one', async () => {
    const other = await seedEmployer(t.db);
    const foreign = await call('GET', `/api/employee/${other.id}`, { token: employer.token });
    const missing = await call('GET', `/api/employee/${crypto.randomUUID()}`, { token: employer.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect(foreign.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('PATCH /api/employee/{id} with Bearer changes the language', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const token = await login(employee.email, STRONG_PASSWORD);
    const response = await call('PATCH', `/api/employee/${employee.id}`, { token, body: { lang: 'en' } });
    expect(response.status).toBe(200);
    expect(response.json.lang).toBe('en');
    const again = await call('GET', `/api/employee/${employee.id}`, { token });
    expect(again.json.lang).toBe('en');
  });

  it('POST /api/employee/create-employer registers and signs in', async () => {
    const email = uniqueEmail('rest-register');
    const response = await call('POST', '/api/employee/create-employer', {
      body: {
        firstname: 'Rita',
        lastname: 'Rest',
        companyName: 'REST GmbH',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        confirmLicense: true,
        dataProtectionPolicyAccepted: true,
        orderProcessingAccepted: true,
      },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ role: 'employer', ttl: 3600 });
    const me = await call('GET', `/api/employee/${response.json.userId}`, { token: response.json.id });
    expect(me.json).toMatchObject({ email, ownsOneCompany: true, orderProcessingAccepted: true });

    const duplicate = await call('POST', '/api/employee/create-employer', {
      body: {
        firstname: 'Rita',
        lastname: 'Rest',
        companyName: 'REST GmbH',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
        confirmLicense: true,
        dataProtectionPolicyAccepted: true,
        orderProcessingAccepted: true,
      },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json).toMatchObject({
      success: false,
      code: 'CONFLICT',
      messageKey: 'users.email_already_exists',
    });
  });

  it('validation errors answer 400 with translated field issues', async () => {
    const response = await call('POST', '/api/employee/create-employer', {
      headers: { 'accept-language': 'en' },
      body: { firstname: 'Rita', email: 'not-an-email', password: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      messageKey: 'validation.invalid_input',
      message: en('validation.invalid_input'),
    });
    const german = await call('POST', '/api/employee/create-employer', { body: { email: 'x' } });
    expect(german.json.message).toBe(de('validation.invalid_input'));
    expect(response.json.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'email', messageKey: 'validation.email_invalid' }),
        expect.objectContaining({ path: 'password', messageKey: 'validation.password_min_length' }),
        expect.objectContaining({ path: 'confirmLicense', messageKey: 'validation.must_be_checked' }),
      ]),
    );
  });

  it('reset, reset-password and logout work end to end', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const oldToken = await login(employee.email, STRONG_PASSWORD);

    const reset = await call('POST', '/api/employee/reset', { body: { email: employee.email } });
    const unknown = await call('POST', '/api/employee/reset', { body: { email: 'nobody@example.com' } });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual(unknown.json);
    expect(reset.json.success).toBe(true);

    const mail = (await outboxFor(t.db, employee.email)).find((row) => row.template === 'reset');
    const token = tokenFromText(mail?.text ?? '', '/recovery-password/');
    const done = await call('POST', '/api/employee/reset-password', {
      body: { token, newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ success: true });
    // The reset ended the old session.
    expect((await call('GET', `/api/employee/${employee.id}`, { token: oldToken })).status).toBe(401);

    const reused = await call('POST', '/api/employee/reset-password', {
      body: { token, newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(reused.status).toBe(400);
    expect(reused.json.messageKey).toBe('recovery_password.invalid_link');

    const fresh = await login(employee.email, OTHER_STRONG_PASSWORD);
    const logout = await call('POST', '/api/employee/logout', { token: fresh });
    expect(logout.status).toBe(200);
    expect(logout.json).toEqual({ success: true });
    expect((await call('GET', `/api/employee/${employee.id}`, { token: fresh })).status).toBe(401);
  });

  it('POST /api/appuser/login signs an admin in, /api/employee/login does not', async () => {
    const admin = await seedAdmin(t.db);
    const response = await call('POST', '/api/appuser/login', {
      body: { email: admin.email, password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ totpRequired: true, setupRequired: false });
    const second = await call('POST', '/api/appuser/login-totp', {
      body: { challengeToken: response.json.challengeToken, code: totpCode() },
    });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ userId: admin.id, role: 'admin', ttl: 1800 });
    const wrongDoor = await call('POST', '/api/employee/login', {
      body: { email: admin.email, password: STRONG_PASSWORD },
    });
    expect(wrongDoor.status).toBe(401);
    const logout = await call('POST', '/api/appuser/logout', { token: second.json.id });
    expect(logout.status).toBe(200);

    const reset = await call('POST', '/api/appuser/reset', { body: { email: admin.email } });
    expect(reset.status).toBe(200);
    const mail = (await outboxFor(t.db, admin.email)).find((row) => row.template === 'reset');
    const token = tokenFromText(mail?.text ?? '', '/admin/recovery-password/');
    const done = await call('POST', '/api/appuser/reset-password', {
      body: { token, newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(done.status).toBe(200);
  });

  it('POST /api/employee/change-password needs the current password', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const token = await login(employee.email, STRONG_PASSWORD);
    const wrong = await call('POST', '/api/employee/change-password', {
      token,
      body: { currentPassword: 'nope', newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.messageKey).toBe('change_password.current_password_wrong');
    const right = await call('POST', '/api/employee/change-password', {
      token,
      body: { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD },
    });
    expect(right.status).toBe(200);
  });

  it('answers in the language of Accept-Language', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const body = { email: employee.email, password: 'definitely-wrong' };
    const german = await call('POST', '/api/employee/login', { body });
    const english = await call('POST', '/api/employee/login', {
      body,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(german.status).toBe(401);
    expect(german.json).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: 'Zugangsdaten falsch',
      messageKey: 'login.failed',
      issues: null,
    });
    expect(english.json).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong credentials',
      messageKey: 'login.failed',
    });

    const reset = await call('POST', '/api/employee/reset', {
      body: { email: 'x@example.com' },
      headers: { 'accept-language': 'en' },
    });
    expect(reset.json.message).toBe(en('reset_password.link_sent_successfully'));
  });

  it('unknown paths, wrong methods and broken bodies answer without internals', async () => {
    const unknown = await call('GET', '/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      success: false,
      messageKey: 'errors.NOT_FOUND',
      message: de('errors.NOT_FOUND'),
    });
    const unknownEn = await call('GET', '/api/does-not-exist', { headers: { 'accept-language': 'en' } });
    expect(unknownEn.json.message).toBe(en('errors.NOT_FOUND'));
    const wrongMethod = await call('DELETE', '/api/employee/login');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const broken = await app.request('/api/employee/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    const brokenText = await broken.text();
    errorBodies.push(brokenText);
    expect(broken.status).toBe(400);
    expect(JSON.parse(brokenText)).toMatchObject({ success: false, message: de('validation.invalid_input') });
  });
});

describe('HTTP hardening', () => {
  it('sends the security headers', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Plain http in tests: no HSTS.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('also on API answers and errors', async () => {
    const response = await app.request('/api/employee/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.de', password: 'x' }),
    });
    errorBodies.push(await response.text());
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('/trpc sets the session as an HttpOnly cookie and keeps the token out of the body', async () => {
    const employee = await seedEmployee(t.db, employer.companyId);
    const response = await app.request('/trpc/employee.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: employee.email, password: STRONG_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=[a-z0-9]+\.[a-z0-9]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const token = /^session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const secret = token.split('.')[1] ?? '';
    expect(secret.length).toBeGreaterThan(40);
    expect(await response.text()).not.toContain(secret);

    const me = await app.request('/trpc/auth.me', { headers: { cookie: `session=${token}` } });
    expect(((await me.json()) as { result: { data: { id: string } } }).result.data.id).toBe(employee.id);
  });

  it('/dev/mailbox exists outside production and is not cached', async () => {
    // From this machine (a loopback socket address): nobody else reaches it (dev-routes.ts).
    const response = await app.request('/dev/mailbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('/api/openapi.json', () => {
  type TOperation = { method: string; path: string };
  const SPEC_CALLS: TOperation[] = [
    { method: 'post', path: '/employee/login' },
    { method: 'post', path: '/employee/logout' },
    { method: 'post', path: '/appuser/login' },
    { method: 'post', path: '/appuser/logout' },
    { method: 'post', path: '/employee/create-employer' },
    { method: 'post', path: '/employee/reset' },
    { method: 'post', path: '/appuser/reset' },
    { method: 'post', path: '/employee/reset-password' },
    { method: 'post', path: '/appuser/reset-password' },
    { method: 'post', path: '/employee/change-password' },
    { method: 'get', path: '/employee/{id}' },
    { method: 'patch', path: '/employee/{id}' },
    { method: 'get', path: '/trainings/get-training/{slug}' },
    { method: 'post', path: '/trainings/assign' },
    { method: 'post', path: '/trainings/revoke' },
    { method: 'post', path: '/trainings/assign-to-all' },
    { method: 'post', path: '/trainings/revoke-for-all' },
    { method: 'post', path: '/progress/create-progress' },
    { method: 'post', path: '/progress/save-progress' },
    { method: 'get', path: '/progress/get-progress' },
    { method: 'get', path: '/progress/get-single-progress/{slug}' },
    { method: 'get', path: '/progress/get-company-progress' },
    { method: 'get', path: '/employee' },
    { method: 'post', path: '/employee/invite-employee' },
    { method: 'get', path: '/employee/resend-invitation' },
    { method: 'post', path: '/employee/toggle-role/{id}' },
    { method: 'get', path: '/company/{id}/employees' },
    { method: 'put', path: '/company/{companyId}/employees/{id}' },
    { method: 'delete', path: '/company/{companyId}/employees/{id}' },
    { method: 'get', path: '/company/{id}' },
    { method: 'patch', path: '/company/{id}' },
    { method: 'get', path: '/company/{id}/owner' },
    { method: 'get', path: '/employee/{id}/ownsOneCompany' },
    { method: 'post', path: '/employee/supervisor-data/{id}' },
    { method: 'post', path: '/employee/set-employer/{id}' },
    { method: 'post', path: '/progress/reset-company-progress' },
    { method: 'get', path: '/statistics/get-overall-stats' },
    { method: 'get', path: '/statistics/get-company-stats' },
    { method: 'get', path: '/employee/count' },
    { method: 'get', path: '/appuser' },
    { method: 'delete', path: '/appuser/{id}' },
    { method: 'post', path: '/employee/create-admin' },
    { method: 'post', path: '/employee/delete-employer-completely/{id}' },
    { method: 'post', path: '/employee/block-account/{id}' },
    { method: 'post', path: '/employee/upload-employee-list' },
    { method: 'post', path: '/pdf/upload-file' },
    { method: 'post', path: '/pdf/send-upload-confirmation' },
  ];

  /** Every procedure's REST meta, read from the router itself. */
  const procedureOperations = (): TOperation[] =>
    Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: TOperation } } }>)
      .map((procedure) => procedure._def.meta?.openapi)
      .filter((meta): meta is TOperation => meta !== undefined)
      .map((meta) => ({ method: meta.method.toLowerCase(), path: meta.path }));

  const documentOperations = (paths: Record<string, Record<string, unknown>>): TOperation[] =>
    Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => ({ method, path })),
    );

  const key = (operation: TOperation) => `${operation.method.toUpperCase()} ${operation.path}`;

  it('is OpenAPI 3.1 with every call of the spec table, with its method', async () => {
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      servers?: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers?.[0]?.url).toBe('http://localhost:3000/api');
    const listed = documentOperations(document.paths).map(key);
    for (const operation of SPEC_CALLS) expect(listed, key(operation)).toContain(key(operation));
    // …and exactly the procedures that carry REST meta, plus the plain file routes.
    const plain = Object.entries(PLAIN_ROUTES).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...listed].sort()).toEqual([...procedureOperations().map(key), ...plain].sort());
  });

  it('no two procedures share method and path', () => {
    const operations = procedureOperations().map(key);
    expect(operations.length).toBeGreaterThanOrEqual(SPEC_CALLS.length);
    const duplicates = operations.filter((operation, index) => operations.indexOf(operation) !== index);
    expect(duplicates).toEqual([]);
  });

  it('no REST path shadows another (the first matching path in router order wins)', () => {
    const operations = procedureOperations();
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const operation of operations) {
      const sample = operation.path.replace(/\{[^}]+\}/g, 'sample-value');
      const winner = operations.find((other) => other.method === operation.method && pattern(other.path).test(sample));
      expect(winner && key(winner), key(operation)).toBe(key(operation));
    }
  });

  it('every spec call is served with its method (no 404/405 from the router)', async () => {
    for (const operation of SPEC_CALLS) {
      const path = `/api${operation.path.replace('{id}', employer.id).replace('{slug}', 'malware').replace('{companyId}', employer.companyId)}`;
      const response = await app.request(path, {
        method: operation.method.toUpperCase(),
        headers: { 'content-type': 'application/json' },
        ...(operation.method !== 'get' && { body: '{}' }),
      });
      errorBodies.push(await response.text());
      // An empty body fails validation (400) or authentication (401), never routing.
      expect([400, 401], key(operation)).toContain(response.status);
    }
  });
});

describe('learning over REST', () => {
  it('a learner reads an assigned course in the asked language, without the quiz key', async () => {
    await syncCourses(t.db);
    await assignCourse(t.db, employer.companyId, { trainingSlug: 'malware', ownerId: employer.id });
    const response = await call('GET', '/api/trainings/get-training/malware?lang=en', { token: employer.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-(store|cache)/);
    const body = response.json as { lang: string; slides: unknown[] };
    expect(body.lang).toBe('en');
    expect(body.slides.length).toBeGreaterThanOrEqual(8);
    // Exercises carry their own answers (practice, ADR 031); the quiz bank and its key are not sent.
    expect(JSON.stringify(body)).not.toMatch(/"answers"|"quiz":\[/);
    const progress = await call('POST', '/api/progress/create-progress', {
      token: employer.token,
      body: { trainingSlug: 'malware' },
    });
    expect(progress.status).toBe(200);
    expect(progress.json).toMatchObject({ trainingSlug: 'malware', status: 'started' });
  });

  it('answers AUTHORIZATION_REQUIRED without a session and 404 for a course not assigned', async () => {
    const anonymous = await call('GET', '/api/progress/get-progress');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ code: 'AUTHORIZATION_REQUIRED' });
    const foreign = await call('GET', '/api/trainings/get-training/byod', { token: employer.token });
    expect(foreign.status).toBe(404);
  });

  it('serves course images as SVG under the no-inline-script CSP, and nothing outside the course folder', async () => {
    const image = await app.request('/media/courses/malware/image.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(image.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await image.text()).toMatch(/<svg[\s>]/);
    expect((await app.request('/media/courses/malware/..%2Fcourse.json')).status).toBe(404);
    expect((await app.request('/media/courses/unknown/image.svg')).status).toBe(404);
  });
});

describe('employees over REST', () => {
  it('invites, resends (not shadowed by GET /employee/{id}), lists and deletes', async () => {
    await syncCourses(t.db);
    const email = uniqueEmail('rest-invite');
    const invited = await call('POST', '/api/employee/invite-employee', {
      token: employer.token,
      body: { firstname: 'Rest', lastname: 'Person', email, isManager: false, assignedCourseList: ['malware'] },
    });
    expect(invited.status).toBe(200);
    const id = invited.json.employeeId as string;
    const resent = await call('GET', `/api/employee/resend-invitation?employeeId=${id}`, { token: employer.token });
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({ sent: true });
    expect(await outboxFor(t.db, email)).toHaveLength(2);
    const list = await call('GET', '/api/employee?search=rest&pageSize=5', { token: employer.token });
    expect(list.status).toBe(200);
    expect(list.json.items.map((row: { email: string }) => row.email)).toContain(email);
    const removed = await call('DELETE', `/api/company/${employer.companyId}/employees/${id}`, {
      token: employer.token,
    });
    expect(removed.status).toBe(200);
    const foreign = await call('GET', '/api/company/not-my-company/employees', { token: employer.token });
    expect(foreign.status).toBe(404);
  });
});

describe('error bodies (checked last, over every error answer above)', () => {
  it('error bodies never contain stack traces or file paths', () => {
    expect(errorBodies.length).toBeGreaterThan(10);
    for (const body of errorBodies) {
      expect(body).not.toMatch(/stack/i);
      expect(body).not.toMatch(/\/work\/|node_modules|\.ts:\d+|\.js:\d+|at .+\(/);
    }
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});

describe('AVV download', () => {
  it('GET /api/pdf/avv answers a PDF with a German or English file name', async () => {
    const de = await app.request('/api/pdf/avv?lang=de');
    expect(de.status).toBe(200);
    expect(de.headers.get('content-type')).toBe('application/pdf');
    expect(de.headers.get('content-disposition')).toBe('attachment; filename="Auftragsverarbeitungsvertrag-5.40.pdf"');
    const bytes = new Uint8Array(await de.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
    const en = await app.request('/api/pdf/avv', { headers: { 'accept-language': 'en' } });
    expect(en.headers.get('content-disposition')).toContain('Data-Processing-Agreement-5.40.pdf');
  });
});

describe('employee list upload', () => {
  const csv = (rows: number, extra: string[] = []) =>
    `\uFEFFVorname;Nachname;E-Mail\r\n${[
      ...Array.from({ length: rows }, (_, i) => `erika;mustermann;erika.${i}@upload.example`),
      ...extra,
    ].join('\r\n')}\r\n`;
  const upload = (
    token: string | undefined,
    content: string,
    options: { name?: string; confirm?: boolean; cc?: string } = {},
  ) => {
    const form = new FormData();
    form.set('file', new File([content], options.name ?? 'liste.csv', { type: 'text/csv' }));
    if (options.confirm) form.set('confirm', 'true');
    if (options.cc) form.set('cc', options.cc);
    return app.request('/api/employee/upload-employee-list', {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  };
  const uploads = async () => ({ n: await countRows(t.db, 'employee_uploads') });

  it('previews a German export row by row and stores nothing', async () => {
    const response = await upload(
      employer.token,
      csv(58, ['kaputt;ohne;keine-mail', 'doppelt;da;erika.1@upload.example']),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      problem: null;
      valid: number;
      invalid: number;
      rows: { line: number; firstname: string; errors: string[] }[];
    };
    expect(body).toMatchObject({ problem: null, valid: 58, invalid: 2 });
    expect(body.rows[0]?.firstname).toBe('Erika');
    expect(body.rows.filter((row) => row.errors.length > 0).map((row) => row.line)).toEqual([60, 61]);
    expect((await uploads()).n).toBe(0);
  });

  it('stores the confirmed list as a request and mails the confirmation with cc', async () => {
    const response = await upload(employer.token, csv(50), { confirm: true, cc: 'HR@Upload.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: 50, invalid: 0 });
    expect((await uploads()).n).toBe(1);
    const [mail] = (await outboxFor(t.db, employer.email)).filter((m) => m.template === 'upload_confirmation');
    expect(mail?.cc).toBe('hr@upload.example');
    expect(mail?.text).toContain('liste.csv');
  });

  it('refuses the upload while the policyholder has not accepted the AVV, and stores nothing', async () => {
    const legacy = await seedEmployer(t.db, { email: 'altvertrag@upload.example', companyName: 'Altvertrag GmbH' });
    await transaction(t.db, (tx) =>
      tx.update(users).set({ orderProcessingAccepted: false }).where(eq(users.id, legacy.id)),
    );
    const before = (await uploads()).n;
    const refused = await upload(legacy.token, csv(50), { confirm: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN', messageKey: 'errors.actions_blocked' });
    expect((await uploads()).n).toBe(before);
  });

  it('refuses wrong files with a clear, translated reason and stores nothing', async () => {
    const before = (await uploads()).n;
    const tooFew = await upload(employer.token, csv(10), { confirm: true });
    expect(tooFew.status).toBe(400);
    expect(await tooFew.json()).toMatchObject({ code: 'BAD_REQUEST', messageKey: 'upload.too_few_rows' });
    const preview = (await (await upload(employer.token, csv(50), { name: 'liste.xlsx' })).json()) as {
      problem: string;
      message: string;
    };
    expect(preview.problem).toBe('file_type');
    expect(preview.message).toContain('CSV-Datei');
    const english = await app.request('/api/employee/upload-employee-list', {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.set('file', new File(['a,b,c'], 'x.csv'));
        form.set('confirm', 'true');
        return form;
      })(),
      headers: { authorization: `Bearer ${employer.token}`, 'accept-language': 'en' },
    });
    expect(await english.json()).toMatchObject({
      messageKey: 'upload.separator',
      message: 'The columns must be separated by a semicolon (;).',
    });
    expect((await uploads()).n).toBe(before);
  });

  it('refuses a file over 2 MB and a list over 10,000 rows, and stores nothing', async () => {
    const before = (await uploads()).n;
    const padding = 'x'.repeat(200);
    const big = csv(
      0,
      Array.from({ length: 11_000 }, (_, i) => `erika;mustermann${padding};e.${i}@upload.example`),
    );
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooLarge = await upload(employer.token, big, { confirm: true });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ messageKey: 'upload.too_large' });
    const tooMany = await upload(employer.token, csv(10_001), { confirm: true });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ messageKey: 'upload.too_many_rows' });
    expect((await uploads()).n).toBe(before);
  });

  it('POST /pdf/upload-file stores at once; /pdf/send-upload-confirmation mails a person of the company again', async () => {
    const before = (await uploads()).n;
    const form = new FormData();
    form.set('file', new File([csv(50)], 'direkt.csv', { type: 'text/csv' }));
    const stored = await app.request('/api/pdf/upload-file', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${employer.token}` },
    });
    expect(stored.status).toBe(200);
    expect((await uploads()).n).toBe(before + 1);
    const mails = async () =>
      (await outboxFor(t.db, employer.email)).filter((m) => m.template === 'upload_confirmation').length;
    const sentBefore = await mails();
    const again = await call('POST', '/api/pdf/send-upload-confirmation', {
      token: employer.token,
      body: { email: employer.email, cc: 'buchhaltung@upload.example' },
    });
    expect(again.status).toBe(200);
    expect(await mails()).toBe(sentBefore + 1);
    const stranger = await call('POST', '/api/pdf/send-upload-confirmation', {
      token: employer.token,
      body: { email: 'someone@elsewhere.example' },
    });
    expect(stranger.status).toBe(404);
  });

  it('is for the signed-in policyholder only', async () => {
    expect((await upload(undefined, csv(50))).status).toBe(401);
    const manager = await seedEmployee(t.db, employer.companyId, { role: 'manager' });
    const token = await login(manager.email, STRONG_PASSWORD);
    expect((await upload(token, csv(50))).status).toBe(404);
  });
});
