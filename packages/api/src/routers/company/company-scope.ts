import { notFound } from '@portal/core';

/** Company ids in paths must be the caller's own; another company's id answers 404. */
export function assertOwnCompany(pathCompanyId: string, ctxCompanyId: string): void {
  if (pathCompanyId !== ctxCompanyId) throw notFound();
}
