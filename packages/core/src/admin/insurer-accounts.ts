import { and, eq, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { createBackOfficeAccount, listBackOfficeAccounts, type TNewBackOfficeAccount } from './back-office-accounts.ts';

/** The insurer's people who read the portfolio (ADR 035), for the admins' page. */
export const listInsurerAccounts = (db: TDb) => listBackOfficeAccounts(db, 'insurer');

export const createInsurerAccount = (
  db: TDatabase,
  actor: TSessionUser,
  input: TNewBackOfficeAccount,
  meta: TRequestMeta,
  now = new Date(),
) => createBackOfficeAccount(db, actor, 'insurer', input, meta, now);

/** Removes an insurer account; its sessions end with it (`on delete cascade`). */
export async function deleteInsurerAccount(db: TDatabase, actor: TSessionUser, id: string, meta: TRequestMeta) {
  if (actor.role !== 'admin') throw notFound();
  // Read committed: one delete conditional on the role; a second request finds nothing.
  return transaction(db, async (tx) => {
    const deleted = await tx
      .delete(users)
      .where(and(eq(users.id, id), eq(users.role, 'insurer')))
      .returning({ id: users.id });
    if (deleted.length === 0) throw notFound();
    await audit(tx, { action: 'insurer.deleted', actorId: actor.id, actorRole: actor.role, targetId: id, ip: meta.ip });
    return { deleted: true as const };
  });
}
