import {
  and,
  asc,
  companies,
  count,
  eq,
  phishingCampaigns,
  type SQL,
  sql,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
} from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { respreadOverdue } from './plan-round.ts';

/*
 * The provider's approval of a company's phishing simulations (issue 37, part 2). Which companies
 * need it is the operator's setting `PHISHING_APPROVAL` (config.ts):
 * - `none`: nobody;
 * - `without-policy-number` (the default): companies whose policy number is empty, that is
 *   registrations the insurer has not (yet) matched to a policy;
 * - `all`: every company.
 * An admin approves or withdraws per company (`companies.phishing_approved_at`). Without it a company
 * that needs it cannot start or resume a campaign, and the dispatch sends none of its mails.
 */

export const PHISHING_APPROVAL_RULES = ['none', 'without-policy-number', 'all'] as const;
export type TPhishingApprovalRule = (typeof PHISHING_APPROVAL_RULES)[number];
export const DEFAULT_PHISHING_APPROVAL: TPhishingApprovalRule = 'without-policy-number';

/** Whether a company with this policy number needs the provider's approval under `rule`. */
export function approvalRequired(rule: TPhishingApprovalRule, insuranceNumber: string): boolean {
  if (rule === 'none') return false;
  if (rule === 'all') return true;
  return insuranceNumber === '';
}

/**
 * SQL that is true when the company `companyId` (a column or value) may run simulations under
 * `rule`: it needs no approval, or it has it. A subquery of its own, so the dispatch can ask it in
 * its select and again in the statement that marks a message sent (withdrawn in between: not sent).
 */
export function phishingApprovalHolds(rule: TPhishingApprovalRule, companyId: Parameters<typeof eq>[0]): SQL {
  if (rule === 'none') return sql`1 = 1`;
  const approved = sql`${companies.phishingApprovedAt} is not null`;
  const allowed = rule === 'all' ? approved : sql`(${companies.insuranceNumber} <> '' or ${approved})`;
  return sql`exists (select 1 from ${companies} where ${companies.id} = ${companyId} and ${allowed})`;
}

/**
 * Refuses a start or resume of a company that needs the provider's approval and has none, in the
 * caller's transaction. The company is listed for the admins meanwhile (its campaign exists).
 */
export async function assertPhishingApproved(tx: TDb, companyId: string, rule: TPhishingApprovalRule): Promise<void> {
  if (rule === 'none') return;
  const [company] = await tx
    .select({ insuranceNumber: companies.insuranceNumber, approvedAt: companies.phishingApprovedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  if (approvalRequired(rule, company.insuranceNumber) && !company.approvedAt) {
    throw new DomainError('FORBIDDEN', 'phishing.approval_required');
  }
}

export interface TPhishingApproval {
  companyId: string;
  rule: TPhishingApprovalRule;
  /** Whether the company needs the approval under the current setting. */
  required: boolean;
  approvedAt: string | null;
}

async function approvalOf(db: TDb, companyId: string, rule: TPhishingApprovalRule): Promise<TPhishingApproval> {
  const [company] = await db
    .select({ insuranceNumber: companies.insuranceNumber, approvedAt: companies.phishingApprovedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return {
    companyId,
    rule,
    required: approvalRequired(rule, company.insuranceNumber),
    approvedAt: company.approvedAt?.toISOString() ?? null,
  };
}

const adminOnly = (caller: TSessionUser) => {
  if (caller.role !== 'admin') throw notFound();
};

/** An admin reads a company's approval. */
export async function readPhishingApproval(
  db: TDb,
  admin: TSessionUser,
  companyId: string,
  rule: TPhishingApprovalRule,
): Promise<TPhishingApproval> {
  adminOnly(admin);
  return approvalOf(db, companyId, rule);
}

/**
 * An admin approves a company's simulations or withdraws the approval; audited. Withdrawn, the
 * dispatch sends none of its mails from its next run on (they wait, they are not cancelled);
 * approved again, mails that fell due meanwhile are spread over the next working hours, as after
 * the kill switch, not sent in one burst. Setting what is already set changes nothing.
 */
export async function setPhishingApproval(
  db: TDatabase,
  admin: TSessionUser,
  input: { companyId: string; approved: boolean; rule: TPhishingApprovalRule; meta?: TRequestMeta | undefined },
  now = new Date(),
): Promise<TPhishingApproval> {
  adminOnly(admin);
  // Read committed: one conditional update decides; a second admin's same click changes nothing.
  await transaction(db, async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, approvedAt: companies.phishingApprovedAt })
      .from(companies)
      .where(eq(companies.id, input.companyId));
    if (!company) throw notFound();
    if (Boolean(company.approvedAt) === input.approved) return;
    const changed = await tx
      .update(companies)
      .set({ phishingApprovedAt: input.approved ? now : null, updatedAt: now })
      .where(
        and(
          eq(companies.id, input.companyId),
          input.approved
            ? sql`${companies.phishingApprovedAt} is null`
            : sql`${companies.phishingApprovedAt} is not null`,
        ),
      )
      .returning({ id: companies.id });
    if (changed.length === 0) return;
    if (input.approved) await respreadRunning(tx, input.companyId, now);
    await audit(tx, {
      action: input.approved ? 'phishing.approved' : 'phishing.approval_withdrawn',
      actorId: admin.id,
      actorRole: admin.role,
      companyId: input.companyId,
      targetId: input.companyId,
      ip: input.meta?.ip ?? null,
    });
  });
  return approvalOf(db, input.companyId, input.rule);
}

async function respreadRunning(tx: TTransaction, companyId: string, now: Date): Promise<void> {
  const running = await tx
    .select()
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.companyId, companyId), eq(phishingCampaigns.status, 'running')));
  for (const campaign of running) await respreadOverdue(tx, campaign, now);
}

export interface TPendingPhishingApproval {
  companyId: string;
  companyName: string;
  /** The policyholder (the admin's details page is theirs). */
  ownerId: string | null;
  campaigns: number;
  /** When its first campaign was created: since then it waits. */
  waitingSince: string;
}

/**
 * The companies that wait for the approval: they need it, lack it and have created a campaign
 * (which is what asks for it). Longest waiting first.
 */
export async function pendingPhishingApprovals(
  db: TDb,
  admin: TSessionUser,
  rule: TPhishingApprovalRule,
): Promise<TPendingPhishingApproval[]> {
  adminOnly(admin);
  if (rule === 'none') return [];
  const firstCreated = sql<number>`min(${phishingCampaigns.createdAt})`.mapWith(Number);
  const rows = await db
    .select({
      companyId: companies.id,
      companyName: companies.companyName,
      ownerId: companies.ownerId,
      campaigns: count(phishingCampaigns.id),
      waitingSince: firstCreated,
    })
    .from(companies)
    .innerJoin(phishingCampaigns, eq(phishingCampaigns.companyId, companies.id))
    .where(
      and(sql`${companies.phishingApprovedAt} is null`, rule === 'all' ? undefined : eq(companies.insuranceNumber, '')),
    )
    .groupBy(companies.id, companies.companyName, companies.ownerId)
    .orderBy(asc(firstCreated), asc(companies.id));
  return rows.map((row) => ({
    companyId: row.companyId,
    companyName: row.companyName,
    ownerId: row.ownerId,
    campaigns: Number(row.campaigns),
    waitingSince: new Date(row.waitingSince).toISOString(),
  }));
}
