import { type AppRouter, createContextFactory } from '@portal/api';
import { createTRPCClient } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestDb,
  seedEmployee,
  seedEmployer,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { PAGE_MUTATIONS, pageLink } from './page-link.ts';
import { pageLocale, procedureRequest } from './server-render.ts';

/*
 * ADR 038: the procedures a server-drawn page calls run in the process with the page request's
 * session, and drawing a page changes nothing but the two calls the browser makes by itself on
 * those pages. On the test database of this run (SQLite, or PostgreSQL with TEST_DATABASE).
 */

let t: TTestDb;
let employerToken: string;
let employee: { id: string; token: string };

beforeAll(async () => {
  t = await createTestDb();
  const employer = await seedEmployer(t.db);
  employerToken = employer.token;
  const person = await seedEmployee(t.db, employer.companyId);
  employee = { id: person.id, token: (await sessionFor(t.db, person)).token };
});
afterAll(() => t.cleanup());

/** The tRPC client a page drawn for this cookie gets (app.ts builds the same). */
function pageClient(cookie: string | null, headers: Record<string, string> = {}) {
  const makeContext = createContextFactory({ db: t.db, config: t.config });
  const page = new Request('http://localhost:3000/trainings', {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const errors: string[] = [];
  const link = pageLink({
    createContext: () =>
      makeContext({
        req: procedureRequest(page, 'de'),
        ip: '192.0.2.1',
        via: 'trpc',
        setHeader: () => {},
        apiKey: null,
      }),
    onError: (path) => errors.push(path),
  });
  return { client: createTRPCClient<AppRouter>({ links: [link] }), errors };
}

describe('the page link (what drawing a page may do)', () => {
  it('reads with the session of the page request, even when another site linked to the page', async () => {
    const { client } = pageClient(`session=${employee.token}`, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://elsewhere.example',
    });
    const me = await client.auth.me.query();
    expect(me?.id).toBe(employee.id);
  });

  it('reads nobody without a session', async () => {
    const { client } = pageClient(null);
    expect(await client.auth.me.query()).toBeNull();
  });

  it('refuses every change except the two a page needs, before it reaches the procedure', async () => {
    const { client } = pageClient(`session=${employerToken}`);
    const sessionsBefore = await countRows(t.db, 'sessions');
    await expect(client.employee.logout.mutate()).rejects.toThrow(/drawing a page does not call employee.logout/);
    // The session the refused sign-out would have ended is still there.
    expect(await countRows(t.db, 'sessions')).toBe(sessionsBefore);
    expect(await client.auth.me.query()).not.toBeNull();
  });

  it('lets through the supervisor lookup and the start of a course', async () => {
    expect([...PAGE_MUTATIONS].sort()).toEqual(['employee.supervisorData', 'progress.create']);
    const { client } = pageClient(`session=${employee.token}`);
    const supervisor = await client.employee.supervisorData.mutate({ id: employee.id });
    expect(supervisor).toHaveProperty('hasOrderProcessing');
  });
});

describe('pageLocale', () => {
  it('takes the browser’s choice, then Accept-Language, then German', () => {
    expect(pageLocale('a=1; lang=en', 'de-DE')).toBe('en');
    expect(pageLocale('lang=de', 'en-GB,en;q=0.9')).toBe('de');
    expect(pageLocale(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(pageLocale('lang=fr', undefined)).toBe('de');
    expect(pageLocale('xlang=en', 'de')).toBe('de');
  });
});
