import { companies, eq, sessions, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { findStaffMember } from '../employees/staff-access.ts';
import { DomainError } from '../errors.ts';

/**
 * Handover (spec §4, POST /employee/set-employer/{id}?role=): the policyholder hands the role to
 * an active manager or employee of the company and becomes manager or employee. Ownership and
 * the accepted AVV move with the role (the contract is the company's); both people's sessions end
 * so their new rights apply at once. One transaction.
 */
export function handOverPolicyholder(
  db: TDatabase,
  actor: TSessionUser & { companyId: string },
  input: { id: string; role: 'manager' | 'employee' },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  return db.transaction(
    (tx) => {
      const successor = findStaffMember(tx, actor.companyId, input.id);
      if (successor.id === actor.id || successor.role === 'employer') {
        throw new DomainError('FORBIDDEN', 'users.not_allowed');
      }
      if (!successor.active) throw new DomainError('CONFLICT', 'handover.not_active');
      const former = tx
        .select({ accepted: users.orderProcessingAccepted, acceptedAt: users.orderProcessingAcceptedAt })
        .from(users)
        .where(eq(users.id, actor.id))
        .get();
      tx.update(users)
        .set({
          role: 'employer',
          orderProcessingAccepted: former?.accepted ?? false,
          orderProcessingAcceptedAt: former?.acceptedAt ?? null,
          updatedAt: now,
        })
        .where(eq(users.id, successor.id))
        .run();
      tx.update(users).set({ role: input.role, updatedAt: now }).where(eq(users.id, actor.id)).run();
      tx.update(companies)
        .set({ ownerId: successor.id, updatedAt: now })
        .where(eq(companies.id, actor.companyId))
        .run();
      tx.delete(sessions).where(eq(sessions.userId, successor.id)).run();
      tx.delete(sessions).where(eq(sessions.userId, actor.id)).run();
      audit(tx, {
        action: 'company.handover',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: successor.id,
        companyId: actor.companyId,
        ip: meta.ip,
        details: { formerBecomes: input.role },
      });
      return { employerId: successor.id, formerRole: input.role };
    },
    { behavior: 'immediate' },
  );
}
