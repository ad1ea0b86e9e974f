import { and, eq, type TDb, users } from '@portal/db';
import { isBackOfficeRole, type TRole } from '@portal/validators';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

export interface TStaffMember {
  id: string;
  role: TRole;
  companyId: string | null;
  email: string;
  firstname: string;
  lastname: string;
  lang: 'de' | 'en';
  active: boolean;
}

/** A person of the caller's company by id; anyone else answers 404 (DECISIONS.md tenancy). */
export async function findStaffMember(db: TDb, companyId: string, id: string): Promise<TStaffMember> {
  const [member] = await db
    .select({
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      active: users.active,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
  if (!member || isBackOfficeRole(member.role)) throw notFound();
  return member;
}

/**
 * Employers manage managers and employees; managers manage employees (spec §6). Nobody edits the
 * policyholder or themselves through the staff calls (their own account is in account settings).
 */
export function assertMayManage(actor: TSessionUser, target: TStaffMember): void {
  if (target.id === actor.id || target.role === 'employer') {
    throw new DomainError('FORBIDDEN', 'users.not_allowed');
  }
  if (actor.role === 'manager' && target.role !== 'employee') {
    throw new DomainError('FORBIDDEN', 'users.not_allowed');
  }
}

/**
 * The condition a staff write adds to its `where` (ADR 028): the person is still in the company
 * with the role the checks above were made for. On PostgreSQL a concurrent handover, role change
 * or deletion of the same person holds the row until it commits; the write then re-reads it and
 * changes nothing when the role has moved on (so nobody turns the new policyholder back into an
 * employee, or deletes them). Zero rows changed: call `staffChanged`.
 */
export const sameStaffMember = (companyId: string, target: TStaffMember) =>
  and(eq(users.id, target.id), eq(users.companyId, companyId), eq(users.role, target.role));

/**
 * The error for a staff write that found the person changed by a concurrent request: what the
 * checks say now (404 when gone, 403 when they became the policyholder), else a conflict (reload).
 */
export async function staffChanged(db: TDb, actor: TSessionUser, companyId: string, id: string): Promise<DomainError> {
  const now = await findStaffMember(db, companyId, id);
  assertMayManage(actor, now);
  return new DomainError('CONFLICT', 'users.role_unchanged');
}
