import { appRouter } from '@portal/api';
import { eq, sessions } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  TEST_PUBLIC_URL,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import { changesOf, rollbackable } from '../test/db-snapshot.ts';

/**
 * DECISIONS.md "CSRF": a non-GET request authenticated by the session cookie must carry
 * `Sec-Fetch-Site: same-origin` or a matching `Origin`, and a JSON or multipart content type.
 * Checked through the real app for every write the server has: every non-GET operation of
 * /api/openapi.json (generated REST and the plain multipart routes) and every tRPC mutation, each
 * from a cross-site page in the ways a browser allows. Every such request must be refused and
 * change nothing; the same request from our own origin must get past the rule (the control).
 * sessions.integration.test.ts checks the rule itself on the context; this checks that every
 * route applies it.
 */

/** Writes that act without a session, so no cookie can be abused there (sign-in, reset, links). */
const PUBLIC_WRITES = new Set([
  'POST /api/employee/login',
  'POST /api/employee/login-totp',
  'POST /api/employee/create-employer',
  'POST /api/employee/reset',
  'POST /api/employee/reset-password',
  'POST /api/employee/first-login',
  // Link calls of issue 37: the token in the body is the proof, no session is read.
  'POST /api/employee/confirm-email',
  'POST /api/phishing/confirm-contact',
  'POST /api/appuser/login',
  'POST /api/appuser/login-totp',
  'POST /api/appuser/totp-enrolment',
  'POST /api/appuser/reset',
  'POST /api/appuser/reset-password',
  'POST /trpc/employee.login',
  'POST /trpc/employee.loginTotp',
  'POST /trpc/employee.createEmployer',
  'POST /trpc/employee.reset',
  'POST /trpc/employee.resetPassword',
  'POST /trpc/employee.firstLogin',
  'POST /trpc/employee.confirmEmail',
  'POST /trpc/phishing.confirmContact',
  'POST /trpc/appuser.login',
  'POST /trpc/appuser.loginTotp',
  'POST /trpc/appuser.totpEnrolment',
  'POST /trpc/appuser.reset',
  'POST /trpc/appuser.resetPassword',
]);

/** What a page on another site can make a browser send with our cookie. */
const CROSS_SITE: Record<string, Record<string, string>> = {
  'Origin of another site': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site cross-site without Origin': { 'sec-fetch-site': 'cross-site' },
  'a sibling subdomain (same-site)': { origin: 'https://evil.localhost:3000', 'sec-fetch-site': 'same-site' },
  'an opaque origin (sandboxed frame)': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  // "Simple" requests need no preflight: a form post or text/plain fetch, even if the origin
  // headers were missing or forged, is refused for its content type.
  'a form post': { 'content-type': 'application/x-www-form-urlencoded' },
  'a text/plain body': { 'content-type': 'text/plain' },
};
const SAME_ORIGIN = { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' };

interface TWrite {
  label: string;
  url: string;
  multipart: boolean;
}

let t: TTestDb;
let employer: TSeededUser;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

t = await createTestDb();
/** Every request runs in a transaction that is rolled back (the app's database follows it). */
const rollbacks = rollbackable(t.db);
const app = createApp({ db: rollbacks.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
const document = (await (await app.request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
};
const writes: TWrite[] = [
  ...Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        label: `${method.toUpperCase()} /api${path}`,
        // Ids in paths: any value; the rule must refuse before anything is looked up.
        url: `/api${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`,
        multipart: 'multipart/form-data' in (operation.requestBody?.content ?? {}),
      })),
  ),
  ...Object.entries(appRouter._def.procedures)
    .filter(([, procedure]) => (procedure as unknown as { _def: { type: string } })._def.type === 'mutation')
    .map(([path]) => ({ label: `POST /trpc/${path}`, url: `/trpc/${path}`, multipart: false })),
];

beforeAll(async () => {
  const boss = await seedEmployer(t.db);
  employer = boss;
  await seedEmployee(t.db, boss.companyId);
});
afterAll(() => t.cleanup());

function methodOf(write: TWrite) {
  return write.label.split(' ')[0] ?? 'POST';
}

function body(
  write: TWrite,
  contentType: string | undefined,
): { body: string | FormData; headers: Record<string, string> } {
  if (contentType === 'application/x-www-form-urlencoded')
    return { body: 'a=1', headers: { 'content-type': contentType } };
  if (contentType === 'text/plain') return { body: '{}', headers: { 'content-type': contentType } };
  if (write.multipart) {
    const form = new FormData();
    form.set('file', new File(['Vorname;Nachname;E-Mail\r\n'], 'liste.csv', { type: 'text/csv' }));
    return { body: form, headers: {} };
  }
  return { body: '{}', headers: { 'content-type': 'application/json' } };
}

/** One request with a fresh cookie session, rolled back; returns what it did. */
async function send(write: TWrite, headers: Record<string, string>, auth: 'cookie' | 'bearer' = 'cookie') {
  return rollbacks.rolledBack(async (db) => {
    // The session, the request and both snapshots all see the transaction that is rolled back.
    const { token, id } = await sessionFor(db, employer);
    const { body: payload, headers: typeHeaders } = body(write, headers['content-type']);
    const credentials: Record<string, string> =
      auth === 'cookie' ? { cookie: `session=${token}` } : { authorization: `Bearer ${token}` };
    // The session is read inside: changesOf undoes the request's writes when it returns.
    const { value, changes } = await changesOf(db, async () => {
      const answer = await app.request(write.url, {
        method: methodOf(write),
        headers: { ...typeHeaders, ...headers, ...credentials },
        body: payload,
      });
      const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
      return { response: answer, text: await answer.text(), sessionKept: session !== undefined };
    });
    const { response, text, sessionKept } = value;
    let messageKey: string | undefined;
    try {
      messageKey = (JSON.parse(text) as { messageKey?: string; error?: { data?: { messageKey?: string } } }).messageKey;
      messageKey ??= (JSON.parse(text) as { error?: { data?: { messageKey?: string } } }).error?.data?.messageKey;
    } catch {
      messageKey = undefined;
    }
    return { status: response.status, messageKey, changes, sessionKept };
  });
}

describe('CSRF: every write refuses a cookie sent from another site', () => {
  it('finds the writes of both layers, and only the sign-in and link calls act without a session', async () => {
    expect(writes.length).toBeGreaterThanOrEqual(90);
    const labels = writes.map((write) => write.label);
    for (const label of PUBLIC_WRITES) expect(labels, `stale entry ${label}`).toContain(label);
    const withoutSession: string[] = [];
    for (const write of writes) {
      const { body: payload, headers } = body(write, undefined);
      const response = await rollbacks.rolledBack(async () =>
        app.request(write.url, {
          method: methodOf(write),
          headers: { ...headers, ...SAME_ORIGIN },
          body: payload,
        }),
      );
      if (response.status !== 401) withoutSession.push(write.label);
    }
    expect(withoutSession.sort()).toEqual([...PUBLIC_WRITES].sort());
  });

  for (const write of writes.filter((candidate) => !PUBLIC_WRITES.has(candidate.label))) {
    it(write.label, async () => {
      const problems: string[] = [];
      for (const [how, headers] of Object.entries(CROSS_SITE)) {
        const result = await send(write, headers);
        const refused =
          result.status === 403
            ? result.messageKey === 'errors.CSRF'
            : // trpc-to-openapi and tRPC refuse some content types themselves, before any procedure runs.
              [400, 404, 405, 415].includes(result.status) && headers['content-type'] !== undefined;
        if (!refused) problems.push(`${how}: ${result.status} ${result.messageKey ?? ''}, expected 403 errors.CSRF`);
        if (result.changes.length > 0) problems.push(`${how}: changed\n${result.changes.join('\n')}`);
        if (!result.sessionKept) problems.push(`${how}: ended the session`);
      }
      // Controls: from our own origin, or with a Bearer token (not sent by browsers on their own),
      // the rule lets the request through to the procedure.
      const own = await send(write, SAME_ORIGIN);
      if (own.messageKey === 'errors.CSRF') problems.push(`same-origin: refused as CSRF (${own.status})`);
      const bearer = await send(write, CROSS_SITE['Origin of another site'] ?? {}, 'bearer');
      if (bearer.messageKey === 'errors.CSRF') problems.push(`Bearer: refused as CSRF (${bearer.status})`);
      expect(problems).toEqual([]);
    });
  }
});
