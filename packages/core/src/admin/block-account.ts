import { eq, sessions, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

/**
 * POST /employee/block-account/{id}: an admin blocks or unblocks a customer account. A blocked
 * person cannot sign in (the sign-in answers like wrong credentials) and their sessions end at
 * once. Admin accounts are not blocked here; they are deleted.
 */
export async function setAccountBlocked(
  db: TDatabase,
  admin: TSessionUser,
  userId: string,
  block: boolean,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (admin.role !== 'admin') throw notFound();
  // Read committed: the role read here does not change (nobody becomes an admin), and the update
  // and the deletion of the sessions are single statements on the person's rows (ADR 028).
  return transaction(db, async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) throw notFound();
    if (target.role === 'admin') throw new DomainError('BAD_REQUEST', 'admin.cannot_block_admin');
    await tx.update(users).set({ locked: block, updatedAt: now }).where(eq(users.id, userId));
    if (block) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await audit(tx, {
      action: block ? 'account.blocked' : 'account.unblocked',
      actorId: admin.id,
      actorRole: admin.role,
      targetId: userId,
      companyId: target.companyId,
      ip: meta.ip,
    });
    return { id: userId, locked: block };
  });
}
