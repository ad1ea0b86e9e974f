import { courseProgress, eq, sessions, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { eraseCertificates, revokeCertificates } from '../certificates/revoke-certificates.ts';
import { DomainError } from '../errors.ts';
import { assertMayManage, findStaffMember, sameStaffMember, staffChanged } from './staff-access.ts';

type TActor = TSessionUser & { companyId: string };

/*
 * Each write below changes the person only while they still have the role the checks were made
 * for (`sameStaffMember`), so a concurrent handover, role change or deletion of the same person
 * cannot be undone or outrun (ADR 028): on PostgreSQL the second write waits for the first to
 * commit, re-reads the row and changes nothing; the request answers what the checks say now.
 */

/** PUT /company/{companyId}/employees/{id}: names and team of a person of the company. */
export async function updateStaffMember(
  db: TDatabase,
  actor: TActor,
  input: { id: string; firstname: string; lastname: string; team?: string | undefined },
  meta: TRequestMeta,
  now = new Date(),
) {
  // Read committed: the update is conditional on the role the checks saw (ADR 028).
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, actor.companyId, input.id);
    assertMayManage(actor, target);
    const [updated] = await tx
      .update(users)
      .set({
        firstname: input.firstname,
        lastname: input.lastname,
        ...(input.team === undefined ? {} : { team: input.team }),
        updatedAt: now,
      })
      .where(sameStaffMember(actor.companyId, target))
      .returning({ id: users.id, team: users.team });
    if (!updated) throw await staffChanged(tx, actor, actor.companyId, target.id);
    await audit(tx, {
      action: 'user.updated',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: target.id,
      companyId: actor.companyId,
      ip: meta.ip,
    });
    return { id: target.id, firstname: input.firstname, lastname: input.lastname, team: updated.team };
  });
}

/**
 * DELETE /company/{companyId}/employees/{id}: removes the person with their progress, sessions,
 * tokens and assignments (foreign keys cascade); their certificates become tombstones without
 * personal data. The audit entry keeps only ids.
 */
export async function deleteStaffMember(
  db: TDatabase,
  actor: TActor,
  id: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  // Read committed: the delete is conditional on the role the checks saw, so the person who just
  // became policyholder is not deleted (ADR 028).
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, actor.companyId, id);
    assertMayManage(actor, target);
    await eraseCertificates(tx, { userId: target.id }, now);
    const [deleted] = await tx
      .delete(users)
      .where(sameStaffMember(actor.companyId, target))
      .returning({ id: users.id });
    if (!deleted) throw await staffChanged(tx, actor, actor.companyId, target.id);
    await audit(tx, {
      action: 'user.deleted',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: target.id,
      companyId: actor.companyId,
      ip: meta.ip,
      details: { role: target.role },
    });
    return { deleted: true as const };
  });
}

/**
 * POST /employee/toggle-role/{id}: employee ⇄ manager, by the policyholder only. `expectedRole`
 * is the role the person should have afterwards; a stale screen (someone else toggled first)
 * gets a conflict instead of a silent flip back. Their sessions end so the new rights apply at once.
 */
export async function toggleStaffRole(
  db: TDatabase,
  actor: TActor,
  input: { id: string; expectedRole: 'manager' | 'employee' },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  // Read committed: the update is conditional on the role the checks saw, so two toggles, or a
  // toggle and a handover of the same person, cannot both apply (ADR 028).
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, actor.companyId, input.id);
    assertMayManage(actor, target);
    if (target.role === input.expectedRole) throw new DomainError('CONFLICT', 'users.role_unchanged');
    const [changed] = await tx
      .update(users)
      .set({ role: input.expectedRole, updatedAt: now })
      .where(sameStaffMember(actor.companyId, target))
      .returning({ id: users.id });
    if (!changed) throw await staffChanged(tx, actor, actor.companyId, target.id);
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await audit(tx, {
      action: 'role.changed',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: target.id,
      companyId: actor.companyId,
      ip: meta.ip,
      details: { from: target.role, to: input.expectedRole },
    });
    return { id: target.id, role: input.expectedRole };
  });
}

/**
 * Resets one person's training: progress and quiz attempts go, assignments stay, and their
 * personal certificates are revoked (the results they state are gone).
 */
export async function resetStaffProgress(
  db: TDatabase,
  actor: TActor,
  id: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  // Read committed: deleting rows twice deletes them once; a second reset finds nothing (ADR 028).
  return transaction(db, async (tx) => {
    const target = await findStaffMember(tx, actor.companyId, id);
    assertMayManage(actor, target);
    await revokeCertificates(tx, { userId: target.id }, now);
    const removed = (
      await tx.delete(courseProgress).where(eq(courseProgress.userId, target.id)).returning({ id: courseProgress.id })
    ).length;
    await audit(tx, {
      action: 'progress.reset',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: target.id,
      companyId: actor.companyId,
      ip: meta.ip,
      details: { courses: removed },
    });
    return { reset: removed };
  });
}
