import { createHash } from 'node:crypto';
import { eq, rawRows, sessions, sql, transaction, users } from '@portal/db';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../root.ts';
import {
  callerFor,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  seedInsurer,
  sessionFor,
  type TSeededUser,
  type TTestDb,
} from '../test/test-db.ts';

/**
 * Property-based fuzzing of every procedure (issue: "no 5xx, no change on rejected input"). The
 * procedures are found from the router, so a new one is fuzzed without touching this file. For
 * each caller role, fast-check feeds arbitrary values, hostile values under the procedure's own
 * keys, and values with its keys but the wrong types. A call may succeed or be refused with a
 * client error; a refusal must leave the database as it was.
 *
 * Reproduce a failure with the seed and path fast-check prints, e.g.
 * `fc.assert(..., { seed, path, endOnFailure: true })`.
 */

const SEED = 20_261_122;
// 15 runs per procedure and caller: about 1,200 calls, 10-20 s on a 2-core machine.
const NUM_RUNS = 15;

/**
 * Procedures the fuzzer must not call, with the reason. Kept short on purpose: every entry is a
 * procedure whose input handling nobody checks here.
 */
const EXCLUDED: Record<string, string> = {};

/**
 * Tables a refused call may still write, because recording the refusal is the point: a failed
 * sign-in counts towards the account and address throttle (`claimAttempt`, throttle.ts).
 */
const WRITTEN_ON_REFUSAL = new Set(['login_throttle']);

type TRole = 'anonymous' | 'employee' | 'employer' | 'admin' | 'insurer';
const ROLES: TRole[] = ['anonymous', 'employee', 'employer', 'admin', 'insurer'];

interface TProcedureDef {
  type?: string;
  inputs?: unknown[];
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: TProcedureDef }>)
  .filter(([path]) => !(path in EXCLUDED))
  .sort(([a], [b]) => a.localeCompare(b));

// ── Database fingerprint ───────────────────────────────────────────────────────────────────────

let t: TTestDb;
const seeded: Partial<Record<Exclude<TRole, 'anonymous'>, TSeededUser>> = {};

/** Every table of the database, with its primary key columns (none: an empty list). */
let tables: { name: string; keys: string[] }[] = [];

async function readTables(): Promise<{ name: string; keys: string[] }[]> {
  const names =
    t.dialect === 'postgres'
      ? await rawRows<{ name: string }>(
          t.db,
          sql`select table_name as "name" from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
        )
      : await rawRows<{ name: string }>(
          t.db,
          sql`select name as "name" from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
        );
  const keys =
    t.dialect === 'postgres'
      ? await rawRows<{ table: string; column: string }>(
          t.db,
          sql`select k.table_name as "table", k.column_name as "column"
              from information_schema.table_constraints c
              join information_schema.key_column_usage k
                on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
               and k.table_name = c.table_name
              where c.constraint_type = 'PRIMARY KEY' and c.table_schema = current_schema()
              order by k.table_name, k.ordinal_position`,
        )
      : await rawRows<{ table: string; column: string }>(
          t.db,
          sql`select m.name as "table", p.name as "column"
              from sqlite_master m join pragma_table_info(m.name) p
              where m.type = 'table' and m.name not like 'sqlite_%' and p.pk > 0
              order by m.name, p.pk`,
        );
  return names.map(({ name }) => ({
    name,
    keys: keys.filter((key) => key.table === name).map((key) => key.column),
  }));
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Cheap enough to take around every call: per table the count and the set of primary keys (an
 * insert and a delete that leave the count as it was still change the keys; SQLite's rowid, used
 * before, does not exist on PostgreSQL), every row of a table without a key, and the full rows of
 * the two tables that matter most. The keys of all tables come in one query (`union all`), so a
 * fingerprint costs three round trips on PostgreSQL, not one per table.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const watched = tables.filter(({ name }) => !WRITTEN_ON_REFUSAL.has(name));
  const keyed = watched.filter(({ keys }) => keys.length > 0);
  const keysByTable = new Map<string, string[]>(watched.map(({ name }) => [name, []]));
  const keyRows = await rawRows<{ table: string; key: string }>(
    t.db,
    sql.join(
      keyed.map(
        ({ name, keys }) =>
          sql`select cast(${name} as text) as "table", ${sql.join(
            keys.map((key) => sql`cast(${sql.identifier(key)} as text)`),
            sql` || '|' || `,
          )} as "key" from ${sql.identifier(name)}`,
      ),
      sql` union all `,
    ),
  );
  for (const row of keyRows) keysByTable.get(row.table)?.push(row.key);
  for (const { name, keys } of watched) {
    if (keys.length > 0) continue;
    const rows = await rawRows<Record<string, unknown>>(t.db, sql`select * from ${sql.identifier(name)}`);
    keysByTable.set(
      name,
      rows.map((row) => JSON.stringify(row)),
    );
  }
  const result: Record<string, string> = {};
  for (const [name, values] of keysByTable) {
    result[name] = JSON.stringify({ n: values.length, keys: hashOf(values.sort()) });
  }
  for (const name of ['users', 'companies']) {
    const rows = await rawRows(t.db, sql`select * from ${sql.identifier(name)} order by id`);
    result[`${name}#rows`] = hashOf(rows);
  }
  return result;
}

// ── Arbitraries ────────────────────────────────────────────────────────────────────────────────

interface TZodDef {
  type?: string;
  shape?: Record<string, { _zod?: { def: TZodDef } }>;
  in?: { _zod?: { def: TZodDef } };
  innerType?: { _zod?: { def: TZodDef } };
}
const defOf = (schema: unknown): TZodDef | undefined => (schema as { _zod?: { def: TZodDef } } | undefined)?._zod?.def;

/** Unwraps optional, default, pipe and the like down to the object schema, if there is one. */
function objectShape(schema: unknown): Record<string, TZodDef | undefined> | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth++) {
    if (def.type === 'object' && def.shape) {
      return Object.fromEntries(Object.entries(def.shape).map(([key, field]) => [key, leafDef(field)]));
    }
    def = def.in?._zod?.def ?? def.innerType?._zod?.def;
    if (!def) return undefined;
  }
  return undefined;
}

function leafDef(schema: unknown): TZodDef | undefined {
  let def = defOf(schema);
  for (let depth = 0; def && depth < 10; depth++) {
    const next = def.innerType?._zod?.def ?? def.in?._zod?.def;
    if (!next) return def;
    def = next;
  }
  return def;
}

const longString = 'A'.repeat(100_000);
const hostile = fc.oneof(
  fc.constant(longString),
  fc.constant('🧨'.repeat(20_000)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'toString',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '../../etc/passwd',
    'x@x',
    'admin@example.com',
    '00000000-0000-0000-0000-000000000000',
    '2026-02-30',
    '9999-12-31T23:59:59Z',
    'NaN',
  ),
  fc.constantFrom(
    -1,
    -0,
    0.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.constantFrom(null, undefined, true, false, [], {}),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}') as unknown),
);

/** Values of a type other than the one the field expects, so the keys match but the types do not. */
function wrongTypeFor(def: TZodDef | undefined): fc.Arbitrary<unknown> {
  const values: Record<string, unknown[]> = {
    string: [0, 1, true, null, [], {}, ['a']],
    number: ['1', '', null, true, [], {}, '1e3'],
    int: ['1', 1.5, null, true, [], {}],
    bigint: ['1', 1.5, null],
    boolean: ['true', 'false', 0, 1, null, []],
    enum: ['not-an-option', 0, null, [], {}],
    literal: ['not-the-literal', 0, null, {}],
    array: ['x', 0, null, {}, [null], [{}]],
    object: ['x', 0, null, [], [{}]],
    date: ['not a date', 0, null, {}],
  };
  const list = def?.type ? values[def.type] : undefined;
  return list ? fc.constantFrom(...list) : fc.anything();
}

/** Builds an object with an own `__proto__` key when one is generated: a literal would set the prototype. */
function objectFrom(entries: [string, unknown][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(result, key, { value, enumerable: true, writable: true });
  return result;
}

function inputArbitrary(def: TProcedureDef): fc.Arbitrary<unknown> {
  const shape = objectShape(def.inputs?.[0]);
  const keys = Object.keys(shape ?? {});
  const fallbackKeys = ['id', 'companyId', 'userId', 'email', 'password', 'token', 'code', 'slug', 'from', 'to'];
  const hostileKeys = keys.length > 0 ? keys : fallbackKeys;
  const hostileObject = fc
    .tuple(
      fc.subarray(hostileKeys, { minLength: 1 }),
      fc.array(hostile, { minLength: hostileKeys.length, maxLength: hostileKeys.length }),
      fc.boolean(),
    )
    .map(([chosen, values, withProto]) =>
      objectFrom([
        ...chosen.map((key, index): [string, unknown] => [key, values[index]]),
        ...(withProto ? [['__proto__', { role: 'admin' }] as [string, unknown]] : []),
      ]),
    );
  const arbitraries: fc.Arbitrary<unknown>[] = [fc.anything(), hostileObject];
  if (shape && keys.length > 0) {
    arbitraries.push(
      fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(wrongTypeFor(shape[key]), hostile)]))),
    );
  }
  return fc.oneof(...arbitraries);
}

// ── Calls ──────────────────────────────────────────────────────────────────────────────────────

let ipCounter = 0;

/**
 * A fresh session per call: a successful `logout` or lock must not starve the runs that follow.
 * `end` removes it after the call. Left behind, the ~9,000 sessions of a run made every
 * fingerprint read more keys than the one before (the PostgreSQL run took 7.6 minutes).
 */
async function callerForRole(role: TRole) {
  // Distinct addresses, so the per-address throttle does not turn every later call into 429.
  const ip = `198.51.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  const user = role === 'anonymous' ? undefined : seeded[role];
  const session = user ? await sessionFor(t.db, user) : undefined;
  const end = async () => {
    if (session) await transaction(t.db, (tx) => tx.delete(sessions).where(eq(sessions.id, session.id)));
  };
  return { ...callerFor(t.db, { token: session?.token, ip }), end };
}

function describeError(error: unknown): string {
  if (error instanceof TRPCError) {
    const cause = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : String(error.cause);
    return `${error.code} ${error.message} (cause ${cause})`;
  }
  return String(error);
}

beforeAll(async () => {
  t = await createTestDb();
  tables = await readTables();
  const employer = await seedEmployer(t.db);
  // Without an accepted AVV every company procedure stops at the same FORBIDDEN and fuzzes nothing.
  await transaction(t.db, (tx) =>
    tx
      .update(users)
      .set({ orderProcessingAccepted: true, orderProcessingAcceptedAt: new Date() })
      .where(eq(users.id, employer.id)),
  );
  seeded.employer = employer;
  seeded.employee = await seedEmployee(t.db, employer.companyId);
  seeded.admin = await seedAdmin(t.db);
  seeded.insurer = await seedInsurer(t.db);
});
afterAll(() => t.cleanup());

describe('fuzzing every procedure', () => {
  it('finds the procedures and excludes only a few', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(EXCLUDED).length).toBeLessThanOrEqual(3);
    // The fingerprint finds the tables in the catalogue of the database it runs on.
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'companies', 'sessions']));
    for (const path of Object.keys(EXCLUDED)) expect(appRouter._def.procedures, path).toHaveProperty([path]);
  });

  for (const role of ROLES) {
    describe(`as ${role}`, () => {
      for (const [path, procedure] of procedures) {
        it(path, async () => {
          await fc.assert(
            fc.asyncProperty(inputArbitrary(procedure._def), async (input) => {
              const { caller, end } = await callerForRole(role);
              // biome-ignore lint/suspicious/noExplicitAny: walking the caller by the procedure's dotted path
              const call = path.split('.').reduce<any>((node, key) => node[key], caller);
              const before = await fingerprint();
              try {
                await call(input);
              } catch (error) {
                if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') {
                  throw new Error(`${path} as ${role} failed with a server error: ${describeError(error)}`);
                }
                expect(
                  await fingerprint(),
                  `${path} as ${role} refused (${error.code}) but changed the database`,
                ).toEqual(before);
              } finally {
                await end();
              }
            }),
            { numRuns: NUM_RUNS, seed: SEED },
          );
        });
      }
    });
  }
});
