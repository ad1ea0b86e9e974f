import { randomInt } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { TDatabase } from './database.ts';
import { avvAcceptances, companies, users } from './tables.ts';
import { dialectOf, rawRows, transaction } from './transaction.ts';

export interface TDemoCredentials {
  role: 'admin' | 'insurer' | 'employer' | 'manager' | 'employee';
  email: string;
  password: string;
}

const WORDS = [
  'Ahorn',
  'Brücke',
  'Dampfer',
  'Eule',
  'Fjord',
  'Glocke',
  'Hafen',
  'Insel',
  'Jacke',
  'Kompass',
  'Leuchte',
  'Möwe',
  'Nebel',
  'Orgel',
  'Pinsel',
  'Quelle',
  'Rakete',
  'Segel',
  'Tanne',
  'Ufer',
  'Vogel',
  'Wolke',
  'Zebra',
  'Anker',
  'Birne',
  'Dachs',
  'Falke',
  'Gurke',
  'Honig',
  'Kiesel',
];

/** A passphrase a person can type from the start log: four words and two digits. */
function passphrase(): string {
  const words = Array.from({ length: 4 }, () => WORDS[randomInt(WORDS.length)]);
  return `${words.join('-')}-${randomInt(10, 100)}`;
}

/**
 * Fills an empty database with one admin, one insurer account, one policyholder with a complete company, one manager
 * and three employees. Does nothing when any user exists, so it runs safely at every start.
 * Returns the credentials to print once, or an empty list when nothing was seeded.
 */
export async function seedDemoData(
  db: TDatabase,
  hashPassword: (password: string) => string,
  fixedPassword?: string,
): Promise<TDemoCredentials[]> {
  const people = [
    { role: 'admin', firstname: 'Anna', lastname: 'Admin', email: 'admin@example.com', salutation: 'Mrs' },
    // The insurer's reader of the portfolio (ADR 035): signs in at /admin/login like the admin.
    { role: 'insurer', firstname: 'Ines', lastname: 'Versicherer', email: 'insurer@example.com', salutation: 'Mrs' },
    { role: 'employer', firstname: 'Erik', lastname: 'Engel', email: 'employer@example.com', salutation: 'Mr' },
    { role: 'manager', firstname: 'Maria', lastname: 'Müller', email: 'manager@example.com', salutation: 'Mrs' },
    { role: 'employee', firstname: 'Emil', lastname: 'Schäfer', email: 'employee@example.com', salutation: 'Mr' },
    { role: 'employee', firstname: 'Lena', lastname: 'Weiß', email: 'employee2@example.com', salutation: 'Mrs' },
    { role: 'employee', firstname: 'Jonas', lastname: 'Krüger', email: 'employee3@example.com', salutation: 'Mr' },
  ] as const;

  const [anyone] = await db.select({ n: count() }).from(users);
  if ((anyone?.n ?? 0) > 0) return [];
  // argon2 takes a while: the passwords are hashed before the transaction holds the write lock.
  const accounts = people.map((person) => {
    const password = fixedPassword ?? passphrase();
    return { person, password, passwordHash: hashPassword(password) };
  });
  const now = new Date();
  // Checked again inside the transaction: two processes starting on an empty database seed once. On
  // PostgreSQL the second waits on a transaction lock, then sees the first one's people.
  const seeded = await transaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') await rawRows(tx, sql`select pg_advisory_xact_lock(7240852)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: 'Musterfirma GmbH',
        street: 'Hauptstraße 1',
        postCode: '10115',
        city: 'Berlin',
        phoneNumber: '+49 30 1234567',
        insuranceNumber: 'AS-4711081542',
        employeeCount: 25,
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('the demo company was not created');

    for (const { person, passwordHash } of accounts) {
      const isCustomer = person.role !== 'admin' && person.role !== 'insurer';
      const [user] = await tx
        .insert(users)
        .values({
          ...person,
          passwordHash,
          active: true,
          isFirstLogin: false,
          companyId: isCustomer ? company.id : null,
          dataProtectionPolicyAccepted: isCustomer,
          orderProcessingAccepted: person.role === 'employer',
          orderProcessingAcceptedAt: person.role === 'employer' ? now : null,
          sawVideo: true,
          passwordChangedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`the demo ${person.role} was not created`);
      if (person.role === 'employer') {
        await tx.update(companies).set({ ownerId: user.id }).where(eq(companies.id, company.id));
        await tx
          .insert(avvAcceptances)
          .values({ userId: user.id, companyId: company.id, contractVersion: '5.40', acceptedAt: now });
      }
    }
    return true;
  });
  return seeded ? accounts.map(({ person, password }) => ({ role: person.role, email: person.email, password })) : [];
}
