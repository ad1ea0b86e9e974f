import { DomainError, notFound } from '@portal/core';
import { companies, eq, type TDb } from '@portal/db';
import { z } from 'zod';
import { companyOrAdminProcedure, confirmedCompanyOrAdminProcedure } from '../../trpc.ts';
import { ZStaffId } from '../employee/staff.types.ts';

/**
 * Phishing calls are the policyholder's (its own company) and the admins' (any customer, named by
 * `companyId`), ADR 036. Managers and employees have none.
 */
export const phishingProcedure = companyOrAdminProcedure('employer');

/** The phishing calls that send, or name someone to send to: a confirmed registration (issue 37). */
export const phishingWriteProcedure = confirmedCompanyOrAdminProcedure('employer');

/** Admins name the customer; a policyholder may leave it out or name their own company. */
export const ZCompanyChoice = z.object({
  companyId: ZStaffId.optional().describe('Admins: the customer. Policyholders: their own company, or left out.'),
});

/** The company a call acts on: the caller's own, or for an admin the named one if it exists. */
export async function phishingCompany(
  ctx: { db: TDb; companyId: string | null },
  companyId: string | undefined,
): Promise<string> {
  if (ctx.companyId !== null) {
    // Another company's id answers as an id that does not exist (no oracle).
    if (companyId !== undefined && companyId !== ctx.companyId) throw notFound();
    return ctx.companyId;
  }
  if (companyId === undefined) throw new DomainError('BAD_REQUEST', 'phishing.company_required');
  const [row] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  return row.id;
}
