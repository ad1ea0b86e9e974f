import type { TDb } from '@portal/db';
import { notFound } from '../errors.ts';
import { companyStats } from '../statistics/company-stats.ts';
import { portfolioPage, type TPortfolioRow } from './portfolio.ts';

/** More companies than this under one number would be a data error; the call shows the first ones. */
const MAX_COMPANIES_PER_POLICY = 20;

export interface TPolicyholderStatus extends TPortfolioRow {
  /** Learners with an overdue course today, absent people not counted (ADR 033), live. */
  overdue: number;
  /** Learners with a course due within the company's reminder days (and none overdue). */
  dueSoon: number;
}

/**
 * The status of one policy for the insurer's systems (ADR 035): the portfolio row of each company
 * that gave this number (normally one: the number is typed by the policyholder, so two companies
 * may give the same), with the due and overdue counts computed live for today.
 */
export async function policyStatus(db: TDb, policyNumber: string, now = new Date()) {
  const { items } = await portfolioPage(db, { limit: MAX_COMPANIES_PER_POLICY, policyNumber }, now);
  if (items.length === 0) throw notFound('insurer.policy_not_found');
  const policyholders: TPolicyholderStatus[] = [];
  for (const row of items) {
    // The dashboard's own count (one pass over the company's assignments), so both agree.
    const { overdue, dueSoon } = await companyStats(db, row.companyId, 'de', now);
    policyholders.push({ ...row, overdue, dueSoon });
  }
  return { policyNumber, countedAt: now.toISOString(), policyholders };
}
