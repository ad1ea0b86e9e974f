import {
  and,
  dialectOf,
  eq,
  inArray,
  isNull,
  phishingCampaigns,
  phishingMessages,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import type { TCampaignActor, TCampaignInput, TCampaignStatus } from './campaign-types.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { planRound, respreadOverdue, type TCampaignRow } from './plan-round.ts';

const auditEntry = (actor: TCampaignActor, companyId: string, targetId: string) => ({
  actorId: actor.user.id,
  actorRole: actor.user.role,
  companyId,
  targetId,
  ip: actor.meta?.ip ?? null,
});

/** Templates that exist, people of this company only: what the schema of the input cannot know. */
async function checkInput(tx: TTransaction, companyId: string, input: TCampaignInput): Promise<void> {
  const unknown = input.templates.filter((slug) => !phishingTemplate(slug));
  if (unknown.length > 0)
    throw new DomainError('BAD_REQUEST', 'phishing.template_unknown', { slug: unknown.join(', ') });
  if (input.endHour <= input.startHour) throw new DomainError('BAD_REQUEST', 'phishing.hours_invalid');
  if (input.audience.kind === 'people') {
    const ids = [...new Set(input.audience.ids)];
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
    // Someone of another company is "not found", as if the id did not exist (no oracle).
    if (found.length !== ids.length) throw new DomainError('BAD_REQUEST', 'phishing.recipient_unknown');
  }
}

const columns = (input: TCampaignInput) => ({
  name: input.name,
  templates: JSON.stringify([...new Set(input.templates)]),
  audience: JSON.stringify(
    input.audience.kind === 'people' ? { kind: 'people', ids: [...new Set(input.audience.ids)] } : input.audience,
  ),
  startsOn: input.startsOn,
  windowDays: input.windowDays,
  startHour: input.startHour,
  endHour: input.endHour,
  trackOpens: input.trackOpens,
  repeat: input.repeat,
});

/** A new campaign in draft: nothing is planned or sent until it is started. */
export async function createCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  input: TCampaignInput,
): Promise<{ id: string }> {
  return transaction(db, async (tx) => {
    await checkInput(tx, companyId, input);
    const [row] = await tx
      .insert(phishingCampaigns)
      .values({ companyId, createdBy: actor.user.id, ...columns(input) })
      .returning({ id: phishingCampaigns.id });
    if (!row) throw new Error('the campaign insert returned no row');
    await audit(tx, { action: 'phishing.campaign_created', ...auditEntry(actor, companyId, row.id) });
    return { id: row.id };
  });
}

/** The campaign of this company, locked for the change (PostgreSQL; SQLite has one writer). */
async function campaignFor(tx: TTransaction, companyId: string, id: string): Promise<TCampaignRow> {
  const query = tx
    .select()
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.id, id), eq(phishingCampaigns.companyId, companyId)));
  const [row] = dialectOf(tx) === 'postgres' ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const refuse = (status: TCampaignStatus) => new DomainError('CONFLICT', 'phishing.status_conflict', { status });

/** Changes a draft; a started campaign keeps what its recipients were sent. */
export async function updateCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  input: TCampaignInput,
): Promise<void> {
  await transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'draft') throw refuse(campaign.status);
    await checkInput(tx, companyId, input);
    await tx.update(phishingCampaigns).set(columns(input)).where(eq(phishingCampaigns.id, id));
    await audit(tx, { action: 'phishing.campaign_updated', ...auditEntry(actor, companyId, id) });
  });
}

/** Deletes a draft (a started campaign is stopped instead, so that its results stay). */
export async function deleteCampaign(db: TDatabase, actor: TCampaignActor, companyId: string, id: string) {
  await transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'draft') throw refuse(campaign.status);
    await tx.delete(phishingCampaigns).where(eq(phishingCampaigns.id, id));
    await audit(tx, { action: 'phishing.campaign_deleted', ...auditEntry(actor, companyId, id) });
  });
}

/**
 * Starts a draft: plans its first round in the same transaction, so a running campaign always has
 * its messages (ADR 036). A window that has passed entirely is refused; one that started earlier
 * today begins now.
 */
export async function startCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
): Promise<{ planned: number }> {
  return transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'draft') throw refuse(campaign.status);
    const planned = await planRound(tx, campaign, 0, now);
    if (planned === 0) throw new DomainError('BAD_REQUEST', 'phishing.no_recipients');
    await tx.update(phishingCampaigns).set({ status: 'running', startedAt: now }).where(eq(phishingCampaigns.id, id));
    await audit(tx, {
      action: 'phishing.campaign_started',
      ...auditEntry(actor, companyId, id),
      details: { recipients: planned },
    });
    return { planned };
  });
}

export async function pauseCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'running') throw refuse(campaign.status);
    await tx.update(phishingCampaigns).set({ status: 'paused', pausedAt: now }).where(eq(phishingCampaigns.id, id));
    await audit(tx, { action: 'phishing.campaign_paused', ...auditEntry(actor, companyId, id) });
  });
}

/**
 * Resumes a paused campaign. Mails that fell due while it was paused are spread again over the
 * next working day's hours, so they do not all arrive in the first minute (ADR 036).
 */
export async function resumeCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'paused') throw refuse(campaign.status);
    const rescheduled = await respreadOverdue(tx, campaign, now);
    await tx.update(phishingCampaigns).set({ status: 'running', pausedAt: null }).where(eq(phishingCampaigns.id, id));
    await audit(tx, {
      action: 'phishing.campaign_resumed',
      ...auditEntry(actor, companyId, id),
      details: { rescheduled },
    });
  });
}

/** Stops a campaign for good: its unsent mails are cancelled, its results stay. */
export async function stopCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, companyId, id);
    if (campaign.status !== 'running' && campaign.status !== 'paused') throw refuse(campaign.status);
    await cancelUnsent(tx, eq(phishingMessages.campaignId, id), now);
    await tx.update(phishingCampaigns).set({ status: 'stopped', endedAt: now }).where(eq(phishingCampaigns.id, id));
    await audit(tx, { action: 'phishing.campaign_stopped', ...auditEntry(actor, companyId, id) });
  });
}

/** Marks unsent messages cancelled: the dispatcher never takes them again. */
export async function cancelUnsent(tx: TTransaction, scope: ReturnType<typeof eq>, now: Date): Promise<void> {
  await tx
    .update(phishingMessages)
    .set({ cancelledAt: now })
    .where(and(scope, isNull(phishingMessages.sentAt), isNull(phishingMessages.cancelledAt)));
}
