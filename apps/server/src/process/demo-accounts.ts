import type { TConfig } from '@portal/core';
import { inArray, type TDatabase, users } from '@portal/db';

/**
 * The accounts the demo seed creates (`seedDemoData()` in packages/db/src/seed.ts). example.com is
 * reserved (RFC 2606), so no real person signs in with them; their passwords are a fixed
 * DEMO_PASSWORD or printed to the start log. demo-accounts.integration.test.ts seeds the demo data
 * and checks that this list finds every account it creates.
 */
export const DEMO_ACCOUNT_EMAILS: readonly string[] = [
  'admin@example.com',
  'insurer@example.com',
  'employer@example.com',
  'manager@example.com',
  'employee@example.com',
  'employee2@example.com',
  'employee3@example.com',
];

/** A reason not to start, printed as one line without a stack (main.ts). */
export class StartRefusedError extends Error {}

/** The demo seed's accounts that this database holds, sorted. */
export async function demoAccountsIn(db: TDatabase): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...DEMO_ACCOUNT_EMAILS]));
  return rows.map((row) => row.email).sort();
}

/**
 * Production does not start on a database with demo accounts (ADR 008): one that was seeded in
 * development, or by a production start with SEED_DEMO=true before that was refused, would keep
 * accounts, an admin among them, whose passwords are known.
 */
export async function refuseDemoAccountsInProduction(db: TDatabase, config: Pick<TConfig, 'production'>) {
  if (!config.production) return;
  const found = await demoAccountsIn(db);
  if (found.length === 0) return;
  throw new StartRefusedError(
    `The database holds demo accounts (${found.join(', ')}), refused in production: their passwords are known. Start on a database without demo data, or delete these accounts first.`,
  );
}
