import { randomUUID } from 'node:crypto';
import { companies, rawExecute, sql, type TDatabase, transaction, users } from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTeams } from './company-teams.ts';
import { listStaff, type TStaffQuery } from './list-staff.ts';

/**
 * The staff list searches and sorts the same on SQLite and PostgreSQL (ADR 028): `lower()` changes
 * A-Z only and text sorts by code points, as SQLite does, whatever collation PostgreSQL's columns
 * have. On PostgreSQL the name and email columns get a German ICU collation here, under which
 * `lower('Ö')` is `ö` and `Ö` sorts between N and P; the list must not notice.
 */

let t: TTestDatabase;
let db: TDatabase;
let companyId: string;

const PEOPLE = [
  { firstname: 'Anna', lastname: 'Zimmer', email: 'anna.zimmer@example.com', team: 'Vertrieb' },
  { firstname: 'Ömer', lastname: 'Öztürk', email: 'oemer@example.com', team: 'Lager' },
  { firstname: 'Ulf', lastname: 'Ober', email: 'ulf_ober@example.com' },
  { firstname: 'Eva', lastname: 'van der Berg', email: 'eva-berg@example.com' },
  { firstname: 'Max', lastname: 'Müller', email: 'max.mueller@example.com', team: 'vertrieb Nord' },
  { firstname: 'Pro_zent', lastname: '50%Rabatt', email: 'rabatt@example.com' },
  { firstname: 'LENA', lastname: 'MÜLLER', email: 'lena@example.com' },
];

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  if (t.dialect === 'postgres') {
    await transaction(db, async (tx) => {
      for (const column of ['firstname', 'lastname', 'email']) {
        await rawExecute(tx, sql.raw(`alter table users alter column ${column} type text collate "de-x-icu"`));
      }
    });
  }
  companyId = await transaction(db, async (tx) => {
    const [company] = await tx.insert(companies).values({ companyName: 'Suche GmbH' }).returning({ id: companies.id });
    if (!company) throw new Error('no company');
    await tx.insert(users).values(
      PEOPLE.map((person, index) => ({
        id: randomUUID(),
        ...person,
        role: index === 0 ? ('manager' as const) : ('employee' as const),
        companyId: company.id,
        active: index % 2 === 0,
      })),
    );
    return company.id;
  });
});
afterAll(() => t?.cleanup());

const lastnames = async (query: TStaffQuery) =>
  (await listStaff(db, companyId, { pageSize: 50, ...query })).items.map((row) => row.lastname);

describe('listStaff on both databases', () => {
  it('lowers A-Z only, so a search for an umlaut finds it in lower case only', async () => {
    expect(await lastnames({ search: 'müller' })).toEqual(['Müller']);
    expect(await lastnames({ search: 'MÜLLER' })).toEqual(['Müller']);
    expect(await lastnames({ search: 'ü' })).toEqual(['Müller', 'Öztürk']);
    expect(await lastnames({ search: 'ö' })).toEqual([]);
    expect(await lastnames({ search: 'Ö' })).toEqual([]);
    expect(await lastnames({ search: 'lena' })).toEqual(['MÜLLER']);
  });

  it('searches first name, last name, both together and the email address', async () => {
    expect(await lastnames({ search: 'eva van' })).toEqual(['van der Berg']);
    expect(await lastnames({ search: 'ANNA.Z' })).toEqual(['Zimmer']);
    expect(await lastnames({ search: 'mer' })).toEqual(['Zimmer', 'Öztürk']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await lastnames({ search: '%' })).toEqual(['50%Rabatt']);
    expect(await lastnames({ search: '_' })).toEqual(['50%Rabatt', 'Ober']);
    expect(await lastnames({ search: '\\' })).toEqual([]);
  });

  it('sorts by code points after lowering A-Z', async () => {
    expect(await lastnames({})).toEqual(['50%Rabatt', 'MÜLLER', 'Müller', 'Ober', 'van der Berg', 'Zimmer', 'Öztürk']);
    expect(await lastnames({ sort: 'firstname' })).toEqual([
      'Zimmer',
      'van der Berg',
      'MÜLLER',
      'Müller',
      '50%Rabatt',
      'Ober',
      'Öztürk',
    ]);
    expect((await listStaff(db, companyId, { pageSize: 50, sort: 'email' })).items.map((row) => row.email)).toEqual([
      'anna.zimmer@example.com',
      'eva-berg@example.com',
      'lena@example.com',
      'max.mueller@example.com',
      'oemer@example.com',
      'rabatt@example.com',
      'ulf_ober@example.com',
    ]);
  });

  it('shows, searches, filters and sorts by team, and lists the company’s teams with their people', async () => {
    expect(await lastnames({ search: 'VERTRIEB' })).toEqual(['Müller', 'Zimmer']);
    expect(await lastnames({ team: 'Vertrieb' })).toEqual(['Zimmer']);
    expect(await lastnames({ team: 'Marketing' })).toEqual([]);
    const byTeam = await listStaff(db, companyId, { pageSize: 50, sort: 'team' });
    expect(byTeam.items.map((row) => row.team)).toEqual(['', '', '', '', 'Lager', 'Vertrieb', 'vertrieb Nord']);
    // Another company's team of the same name is not this company's.
    await transaction(db, async (tx) => {
      const [other] = await tx.insert(companies).values({ companyName: 'Andere GmbH' }).returning({ id: companies.id });
      await tx.insert(users).values({
        firstname: 'Fremd',
        lastname: 'Person',
        email: 'fremd.team@example.org',
        role: 'employee',
        companyId: other?.id ?? '',
        team: 'Vertrieb',
      });
    });
    expect(await companyTeams(db, companyId)).toEqual([
      { name: 'Lager', people: 1 },
      { name: 'Vertrieb', people: 1 },
      { name: 'vertrieb Nord', people: 1 },
    ]);
  });

  it('pages and counts the same', async () => {
    const page = await listStaff(db, companyId, { pageSize: 3, page: 2, sort: 'lastname', direction: 'desc' });
    expect(page.total).toBe(PEOPLE.length);
    expect(page.items.map((row) => row.lastname)).toEqual(['Ober', 'Müller', 'MÜLLER']);
  });
});
