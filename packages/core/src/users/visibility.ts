import type { TSessionUser } from '../auth/sessions.ts';

/**
 * Who may see whom: admins everyone; employers and managers the people of their own company;
 * employees only themselves. Everything else answers as if the id did not exist (404).
 */
export function canView(viewer: TSessionUser, target: { id: string; companyId: string | null }): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.id === target.id) return true;
  if (viewer.role === 'employer' || viewer.role === 'manager') {
    return viewer.companyId !== null && viewer.companyId === target.companyId;
  }
  return false;
}
