import { and, eq, type TDb, users } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';

export interface TStaffMember {
  id: string;
  role: 'admin' | 'employer' | 'manager' | 'employee';
  companyId: string | null;
  email: string;
  firstname: string;
  lastname: string;
  lang: 'de' | 'en';
  active: boolean;
}

/** A person of the caller's company by id; anyone else answers 404 (DECISIONS.md tenancy). */
export function findStaffMember(db: TDb, companyId: string, id: string): TStaffMember {
  const member = db
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
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .get();
  if (!member || member.role === 'admin') throw notFound();
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
