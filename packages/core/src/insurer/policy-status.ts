import type { TDb } from '@portal/db';
import { notFound } from '../errors.ts';
import { portfolioPage } from './portfolio.ts';

/** More companies than this under one number would be a data error; the call shows the first ones. */
const MAX_COMPANIES_PER_POLICY = 20;

/**
 * The status of one policy for the insurer's systems (ADR 035): the portfolio row of each company
 * that gave this number (normally one: the number is typed by the policyholder, so two companies
 * may give the same). The due counts are the daily run's, as in the list: counting them live took
 * over a second for a company of 5,000 people (docs/benchmarks.md).
 */
export async function policyStatus(db: TDb, policyNumber: string, now = new Date()) {
  const { items } = await portfolioPage(db, { limit: MAX_COMPANIES_PER_POLICY, policyNumber }, now);
  if (items.length === 0) throw notFound('insurer.policy_not_found');
  return { policyNumber, policyholders: items };
}
