import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../root.ts';
import { callerFor, createTestDb, seedEmployee, seedEmployer, sessionFor, type TTestDb } from '../test/test-db.ts';

/**
 * Issue 6: every admin procedure (built on `adminProcedure`, which marks its meta `adminOnly`)
 * refuses anyone but an admin: no session gets AUTHORIZATION_REQUIRED, every customer role gets
 * 404, whatever the input. Found from the router, so a new admin procedure is covered at once.
 */
let t: TTestDb;
const tokens: Record<string, string | undefined> = {};

const adminProcedures = () =>
  Object.entries(appRouter._def.procedures)
    .filter(
      ([, procedure]) => (procedure as unknown as { _def: { meta?: { adminOnly?: boolean } } })._def.meta?.adminOnly,
    )
    .map(([path]) => path);

beforeAll(async () => {
  t = await createTestDb();
  const employer = await seedEmployer(t.db);
  tokens.employer = employer.token;
  tokens.manager = (await sessionFor(t.db, await seedEmployee(t.db, employer.companyId, { role: 'manager' }))).token;
  tokens.employee = (await sessionFor(t.db, await seedEmployee(t.db, employer.companyId))).token;
});
afterAll(() => t.cleanup());

describe('admin procedures', () => {
  it('are found from the router', () => {
    expect(adminProcedures().length).toBeGreaterThanOrEqual(1);
  });

  for (const role of ['anonymous', 'employer', 'manager', 'employee'] as const) {
    it(`refuse ${role} callers`, async () => {
      const { caller, errorOf } = callerFor(t.db, role === 'anonymous' ? {} : { token: tokens[role] });
      for (const path of adminProcedures()) {
        // biome-ignore lint/suspicious/noExplicitAny: walking the caller by the procedure's dotted path
        const call = path.split('.').reduce<any>((node, key) => node[key], caller);
        for (const input of [undefined, {}, { id: 'x', companyId: 'y', from: '2026-01-01', to: '2026-12-31' }]) {
          const { error, shape } = await errorOf(Promise.resolve().then(() => call(input)));
          if (role === 'anonymous') expect(shape.data.errorCode, path).toBe('AUTHORIZATION_REQUIRED');
          else expect(error.code, `${path} as ${role}`).toBe('NOT_FOUND');
        }
      }
    });
  }
});
