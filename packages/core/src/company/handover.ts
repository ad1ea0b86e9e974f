import { and, companies, eq, inArray, sessions, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { findStaffMember, type TStaffMember } from '../employees/staff-access.ts';
import { DomainError } from '../errors.ts';

/** Who may take the role: an active manager or employee of the company other than the actor. */
function assertMayTakeOver(actor: TSessionUser, successor: TStaffMember): void {
  if (successor.id === actor.id || successor.role === 'employer') {
    throw new DomainError('FORBIDDEN', 'users.not_allowed');
  }
  if (!successor.active) throw new DomainError('CONFLICT', 'handover.not_active');
}

/**
 * Handover (spec §4, POST /employee/set-employer/{id}?role=): the policyholder hands the role to
 * an active manager or employee of the company and becomes manager or employee. Ownership and
 * the accepted AVV move with the role (the contract is the company's); both people's sessions end
 * so their new rights apply at once. One transaction.
 *
 * Races (ADR 028): every write is conditional on what the checks saw, so the company always ends
 * with exactly one policyholder who owns it.
 * - The successor becomes policyholder only while still an active manager or employee of the
 *   company. This locks their row: a concurrent role change or deletion of them (whose writes
 *   are conditional on the role they read, employees/manage-employee.ts) waits, then finds the
 *   new role and changes nothing; one that committed first makes this update change nothing.
 * - The company changes hands only while the actor still owns it. Of two handovers at once (two
 *   successors, a double click) the second waits for the first, then finds another owner and
 *   rolls back, its successor untouched.
 * - The actor steps down only while still policyholder.
 */
export async function handOverPolicyholder(
  db: TDatabase,
  actor: TSessionUser & { companyId: string },
  input: { id: string; role: 'manager' | 'employee' },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  // Read committed: three conditional updates decide every race (see above, ADR 028).
  return transaction(db, async (tx) => {
    const successor = await findStaffMember(tx, actor.companyId, input.id);
    assertMayTakeOver(actor, successor);
    const [promoted] = await tx
      .update(users)
      .set({ role: 'employer', updatedAt: now })
      .where(
        and(
          eq(users.id, successor.id),
          eq(users.companyId, actor.companyId),
          inArray(users.role, ['manager', 'employee']),
          eq(users.active, true),
        ),
      )
      .returning({ id: users.id });
    if (!promoted) {
      // Changed since it was read: answer what the checks say now.
      assertMayTakeOver(actor, await findStaffMember(tx, actor.companyId, input.id));
      throw new DomainError('CONFLICT', 'users.role_unchanged');
    }
    const [company] = await tx
      .update(companies)
      .set({ ownerId: successor.id, updatedAt: now })
      .where(and(eq(companies.id, actor.companyId), eq(companies.ownerId, actor.id)))
      .returning({ id: companies.id });
    if (!company) throw new DomainError('FORBIDDEN', 'users.not_allowed');
    const [former] = await tx
      .update(users)
      .set({ role: input.role, updatedAt: now })
      .where(and(eq(users.id, actor.id), eq(users.companyId, actor.companyId), eq(users.role, 'employer')))
      .returning({ accepted: users.orderProcessingAccepted, acceptedAt: users.orderProcessingAcceptedAt });
    if (!former) throw new DomainError('FORBIDDEN', 'users.not_allowed');
    await tx
      .update(users)
      .set({ orderProcessingAccepted: former.accepted, orderProcessingAcceptedAt: former.acceptedAt })
      .where(eq(users.id, successor.id));
    await tx.delete(sessions).where(eq(sessions.userId, successor.id));
    await tx.delete(sessions).where(eq(sessions.userId, actor.id));
    await audit(tx, {
      action: 'company.handover',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: successor.id,
      companyId: actor.companyId,
      ip: meta.ip,
      details: { formerBecomes: input.role },
    });
    return { employerId: successor.id, formerRole: input.role };
  });
}
