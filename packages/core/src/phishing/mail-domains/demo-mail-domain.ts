import { companyMailDomains, eq, type TDatabase, transaction, users } from '@portal/db';

/**
 * The demo company's `example.com`, proven (issue 37), so that its simulations reach the demo
 * people (all of them have accepted their invitation). Runs right after `seedDemoData` created the
 * people; example.com is reserved (RFC 2606), so nobody outside can be mailed through it.
 */
export async function seedDemoMailDomain(db: TDatabase, now = new Date()): Promise<void> {
  const [employer] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, 'employer@example.com'));
  const companyId = employer?.companyId;
  if (!companyId) return;
  // Read committed: `on conflict do nothing` on (company, domain) makes a second run a no-op.
  await transaction(db, (tx) =>
    tx
      .insert(companyMailDomains)
      .values({
        companyId,
        domain: 'example.com',
        verification: 'portal-verification=demo',
        verifiedAt: now,
        lastCheckedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing(),
  );
}
