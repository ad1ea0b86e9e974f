import { courseProgress, eq, sessions, type TDatabase, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { eraseCertificates, revokeCertificates } from '../certificates/revoke-certificates.ts';
import { DomainError } from '../errors.ts';
import { assertMayManage, findStaffMember } from './staff-access.ts';

type TActor = TSessionUser & { companyId: string };

/** PUT /company/{companyId}/employees/{id}: names of a person of the company. */
export function updateStaffMember(
  db: TDatabase,
  actor: TActor,
  input: { id: string; firstname: string; lastname: string },
  meta: TRequestMeta,
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const target = findStaffMember(tx, actor.companyId, input.id);
      assertMayManage(actor, target);
      tx.update(users)
        .set({ firstname: input.firstname, lastname: input.lastname, updatedAt: now })
        .where(eq(users.id, target.id))
        .run();
      audit(tx, {
        action: 'user.updated',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: target.id,
        companyId: actor.companyId,
        ip: meta.ip,
      });
      return { id: target.id, firstname: input.firstname, lastname: input.lastname };
    },
    { behavior: 'immediate' },
  );
}

/**
 * DELETE /company/{companyId}/employees/{id}: removes the person with their progress, sessions,
 * tokens and assignments (foreign keys cascade); their certificates become tombstones without
 * personal data. The audit entry keeps only ids.
 */
export function deleteStaffMember(db: TDatabase, actor: TActor, id: string, meta: TRequestMeta, now = new Date()) {
  return db.transaction(
    (tx) => {
      const target = findStaffMember(tx, actor.companyId, id);
      assertMayManage(actor, target);
      eraseCertificates(tx, { userId: target.id }, now);
      tx.delete(users).where(eq(users.id, target.id)).run();
      audit(tx, {
        action: 'user.deleted',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: target.id,
        companyId: actor.companyId,
        ip: meta.ip,
        details: { role: target.role },
      });
      return { deleted: true as const };
    },
    { behavior: 'immediate' },
  );
}

/**
 * POST /employee/toggle-role/{id}: employee ⇄ manager, by the policyholder only. `expectedRole`
 * is the role the person should have afterwards; a stale screen (someone else toggled first)
 * gets a conflict instead of a silent flip back. Their sessions end so the new rights apply at once.
 */
export function toggleStaffRole(
  db: TDatabase,
  actor: TActor,
  input: { id: string; expectedRole: 'manager' | 'employee' },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  return db.transaction(
    (tx) => {
      const target = findStaffMember(tx, actor.companyId, input.id);
      assertMayManage(actor, target);
      if (target.role === input.expectedRole) throw new DomainError('CONFLICT', 'users.role_unchanged');
      tx.update(users).set({ role: input.expectedRole, updatedAt: now }).where(eq(users.id, target.id)).run();
      tx.delete(sessions).where(eq(sessions.userId, target.id)).run();
      audit(tx, {
        action: 'role.changed',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: target.id,
        companyId: actor.companyId,
        ip: meta.ip,
        details: { from: target.role, to: input.expectedRole },
      });
      return { id: target.id, role: input.expectedRole };
    },
    { behavior: 'immediate' },
  );
}

/**
 * Resets one person's training: progress and quiz attempts go, assignments stay, and their
 * personal certificates are revoked (the results they state are gone).
 */
export function resetStaffProgress(db: TDatabase, actor: TActor, id: string, meta: TRequestMeta, now = new Date()) {
  return db.transaction(
    (tx) => {
      const target = findStaffMember(tx, actor.companyId, id);
      assertMayManage(actor, target);
      revokeCertificates(tx, { userId: target.id }, now);
      const removed = tx.delete(courseProgress).where(eq(courseProgress.userId, target.id)).run().changes;
      audit(tx, {
        action: 'progress.reset',
        actorId: actor.id,
        actorRole: actor.role,
        targetId: target.id,
        companyId: actor.companyId,
        ip: meta.ip,
        details: { courses: removed },
      });
      return { reset: removed };
    },
    { behavior: 'immediate' },
  );
}
