import { and, avvAcceptances, eq, ne, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, isUniqueViolation, notFound } from '../errors.ts';
import { AVV_VERSION } from '../policy.ts';
import { loadUserView, type TUserView } from './user-view.ts';

export interface TAccountPatch {
  firstname?: string;
  lastname?: string;
  salutation?: 'Mr' | 'Mrs';
  phoneNumber?: string;
  street?: string;
  postCode?: string;
  city?: string;
  lang?: 'de' | 'en';
  sawVideo?: boolean;
  /** Consents can be given, not taken back here. */
  dataProtectionPolicyAccepted?: true;
  orderProcessingAccepted?: true;
  email?: string;
}

/**
 * PATCH /employee/{id} for one's own account (admins may patch anyone). Password changes go
 * through change-password, which needs the current password.
 */
export async function updateAccount(
  db: TDatabase,
  viewer: TSessionUser,
  userId: string,
  patch: TAccountPatch,
  meta: TRequestMeta,
  now = new Date(),
): Promise<TUserView> {
  if (viewer.id !== userId && viewer.role !== 'admin') throw notFound();
  const emailTaken = () => new DomainError('CONFLICT', 'users.email_already_exists');
  try {
    // Read committed: the two decisions taken on what was read are made by the database. The
    // unique index on users.email refuses an address another request took meanwhile, and the AVV
    // is accepted by an update conditional on it not being accepted yet, so two racing
    // acceptances record it once.
    return await transaction(db, async (tx) => {
      const current = await loadUserView(tx, userId);
      if (!current) throw notFound();
      const { orderProcessingAccepted, email, ...rest } = patch;
      const changes: Partial<typeof users.$inferInsert> = { ...rest, updatedAt: now };

      if (email !== undefined && email !== current.email) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, userId)))
          .limit(1);
        if (taken) throw emailTaken();
        changes.email = email;
      }
      if (orderProcessingAccepted && !current.orderProcessingAccepted) {
        // The contract is the policyholder's to accept; an admin cannot accept it for them.
        if (viewer.id !== userId || current.role !== 'employer' || !current.companyId) {
          throw new DomainError('FORBIDDEN', 'errors.FORBIDDEN');
        }
        const accepted = await tx
          .update(users)
          .set({ orderProcessingAccepted: true, orderProcessingAcceptedAt: now })
          .where(and(eq(users.id, userId), eq(users.orderProcessingAccepted, false)))
          .returning({ id: users.id });
        if (accepted.length === 1) {
          await tx.insert(avvAcceptances).values({
            userId,
            companyId: current.companyId,
            contractVersion: AVV_VERSION,
            acceptedAt: now,
            sourceIp: meta.ip,
          });
          await audit(tx, {
            action: 'avv.accepted',
            actorId: viewer.id,
            actorRole: viewer.role,
            companyId: current.companyId,
            ip: meta.ip,
            details: { version: AVV_VERSION },
          });
        }
      }
      await tx.update(users).set(changes).where(eq(users.id, userId));
      await audit(tx, {
        action: 'user.updated',
        actorId: viewer.id,
        actorRole: viewer.role,
        targetId: userId,
        companyId: current.companyId,
        ip: meta.ip,
        details: { fields: Object.keys(patch).sort().join(',') },
      });
      const updated = await loadUserView(tx, userId);
      if (!updated) throw notFound();
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
