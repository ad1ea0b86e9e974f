import {
  certificates,
  companies,
  courseAssignments,
  courseProgress,
  eq,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { createTestDatabase, type TTestDatabase } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../auth/sessions.ts';
import { courseCatalog, syncCourses } from '../learning/catalog.ts';
import { issueCompanyCertificate, issuePersonalCertificate } from './issue-certificates.ts';

/*
 * Issuing a certificate is "hand back the current one, or issue a new one" (issueOrReuse). Clicks
 * at the same moment, from one process or two, must leave one certificate and give every caller
 * its code (ADR 028). Run on both databases: `npx vitest run` and `TEST_DATABASE=postgres ...`.
 */

const SLUGS = [...courseCatalog().keys()].slice(0, 6);
let t: TTestDatabase;
let db: TDatabase;
let other: TDatabase;
let companyId: string;
let owner: TSessionUser;
let people = 0;

const handle = (i: number) => (i % 2 === 0 ? db : other);

async function insertPerson(role: 'employer' | 'employee', input: { orderProcessingAccepted?: boolean } = {}) {
  people += 1;
  const person: TSessionUser = {
    id: crypto.randomUUID(),
    role,
    companyId,
    email: `certified.${people}@example.com`,
    firstname: 'Zora',
    lastname: `Zertifiziert${people}`,
    lang: 'de',
  };
  await transaction(db, async (tx) => {
    await tx.insert(users).values({
      id: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      salutation: 'Mrs',
      role,
      companyId,
      active: true,
      isFirstLogin: false,
      orderProcessingAccepted: input.orderProcessingAccepted ?? false,
    });
    // Six courses assigned and completed: enough for a personal certificate.
    for (const slug of SLUGS) {
      await tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug });
      await tx.insert(courseProgress).values({
        userId: person.id,
        companyId,
        courseSlug: slug,
        status: 'completed',
        contentVersion: '1',
        startedAt: new Date('2026-01-01T08:00:00Z'),
        completedAt: new Date('2026-01-02T08:00:00Z'),
        updatedAt: new Date('2026-01-02T08:00:00Z'),
      });
    }
  });
  return person;
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  // A second handle stands for another server process. On SQLite a second handle in this process
  // would wait for the write lock synchronously and stall the first one, so the calls share one
  // handle there (its transactions take turns, as two processes' would).
  other = t.dialect === 'postgres' ? t.openAnother() : t.db;
  await syncCourses(db);
  const [company] = await transaction(db, (tx) =>
    tx
      .insert(companies)
      .values({
        companyName: 'Nachweis GmbH',
        street: 'Hauptstraße 1',
        postCode: '10115',
        city: 'Berlin',
        phoneNumber: '+49 30 1234567',
        insuranceNumber: 'AS-0123456789',
      })
      .returning({ id: companies.id }),
  );
  if (!company) throw new Error('no company');
  companyId = company.id;
  owner = await insertPerson('employer', { orderProcessingAccepted: true });
  await transaction(db, (tx) => tx.update(companies).set({ ownerId: owner.id }).where(eq(companies.id, companyId)));
});
afterAll(() => t.cleanup());

describe('issuing certificates at the same moment', () => {
  it('leaves one personal certificate, and every caller gets its code', async () => {
    const learner = await insertPerson('employee');
    const records = await Promise.all(
      Array.from({ length: 6 }, (_, i) => issuePersonalCertificate(handle(i), learner, 'de')),
    );
    expect(new Set(records.map((record) => record.code)).size).toBe(1);
    const rows = await db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code).toBe(records[0]?.code);
    // Asking again later hands back the same certificate.
    expect((await issuePersonalCertificate(db, learner, 'de')).code).toBe(records[0]?.code);
  });

  it('leaves one proof of insurance for the company, and every caller gets its code', async () => {
    const records = await Promise.all(
      Array.from({ length: 6 }, (_, i) => issueCompanyCertificate(handle(i), owner, companyId)),
    );
    expect(new Set(records.map((record) => record.code)).size).toBe(1);
    const rows = await db.select().from(certificates).where(eq(certificates.kind, 'company'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.companyId).toBe(companyId);
  });
});
