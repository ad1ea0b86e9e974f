import {
  and,
  eq,
  inArray,
  isNull,
  phishingCampaigns,
  phishingMessages,
  selectForUpdate,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { normaliseTeam } from '@portal/validators';
import { audit, type TAuditAction } from '../audit/audit.ts';
import { DomainError, notFound } from '../errors.ts';
import {
  actorAudit,
  type TCampaignActor,
  type TCampaignAudience,
  type TCampaignInput,
  type TCampaignStatus,
} from './campaign-types.ts';
import { requireReachableAudience } from './mail-domains/campaign-reach.ts';
import { assertPhishingApproved, DEFAULT_PHISHING_APPROVAL, type TPhishingApprovalRule } from './phishing-approval.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { planRound, respreadOverdue, type TCampaignRow } from './plan-round.ts';

function distinctAudience(audience: TCampaignAudience): TCampaignAudience {
  if (audience.kind === 'people') return { kind: 'people', ids: [...new Set(audience.ids)] };
  // Normalised as people's teams are (ZTeam), for callers that did not come through the API's schema.
  if (audience.kind === 'teams') return { kind: 'teams', teams: [...new Set(audience.teams.map(normaliseTeam))] };
  return audience;
}

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
  const audience = distinctAudience(input.audience);
  if (audience.kind === 'teams') {
    const { teams } = audience;
    const found = await tx
      .selectDistinct({ team: users.team })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.team, teams)));
    // A team nobody of the company is in would mail nobody: most likely a typo or an old name.
    const missing = teams.filter((team) => !found.some((row) => row.team === team));
    if (missing.length > 0) throw new DomainError('BAD_REQUEST', 'phishing.team_unknown', { team: missing.join(', ') });
  }
}

const columns = (input: TCampaignInput) => ({
  name: input.name,
  templates: JSON.stringify([...new Set(input.templates)]),
  audience: JSON.stringify(distinctAudience(input.audience)),
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
    await audit(tx, { action: 'phishing.campaign_created', ...actorAudit(actor, companyId, row.id) });
    return { id: row.id };
  });
}

/** The campaign of this company, locked for the change (PostgreSQL; SQLite has one writer). */
async function campaignFor(tx: TTransaction, companyId: string, id: string): Promise<TCampaignRow> {
  const query = tx
    .select()
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.id, id), eq(phishingCampaigns.companyId, companyId)));
  const [row] = await selectForUpdate(tx, query);
  if (!row) throw notFound();
  return row;
}

/** The campaign's state, named in the reader's language (the API translates a parameter that is a message key). */
const refuse = (status: TCampaignStatus) =>
  new DomainError('CONFLICT', 'phishing.status_conflict', { status: `phishing.status_${status}` });

interface TStepOutcome<T> {
  /** Columns of the campaign to change along (its new state, its times). */
  set?: Partial<typeof phishingCampaigns.$inferInsert>;
  details?: Record<string, number>;
  result: T;
}

/**
 * One step of a campaign's life (ADR 036), in one transaction: the company's campaign, locked; a
 * refusal naming its state unless it is in one of `from`; the step's own work; the campaign's new
 * columns; the audit entry.
 */
async function campaignStep<T>(
  db: TDatabase,
  step: {
    actor: TCampaignActor;
    companyId: string;
    id: string;
    from: readonly TCampaignStatus[];
    action: TAuditAction;
  },
  work: (tx: TTransaction, campaign: TCampaignRow) => Promise<TStepOutcome<T>>,
): Promise<T> {
  return transaction(db, async (tx) => {
    const campaign = await campaignFor(tx, step.companyId, step.id);
    if (!step.from.includes(campaign.status)) throw refuse(campaign.status);
    const outcome = await work(tx, campaign);
    if (outcome.set) await tx.update(phishingCampaigns).set(outcome.set).where(eq(phishingCampaigns.id, step.id));
    await audit(tx, {
      action: step.action,
      ...actorAudit(step.actor, step.companyId, step.id),
      ...(outcome.details && { details: outcome.details }),
    });
    return outcome.result;
  });
}

/** Changes a draft; a started campaign keeps what its recipients were sent. */
export async function updateCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  input: TCampaignInput,
): Promise<void> {
  await campaignStep(db, { actor, companyId, id, from: ['draft'], action: 'phishing.campaign_updated' }, async (tx) => {
    await checkInput(tx, companyId, input);
    return { set: columns(input), result: undefined };
  });
}

/** Deletes a draft (a started campaign is stopped instead, so that its results stay). */
export async function deleteCampaign(db: TDatabase, actor: TCampaignActor, companyId: string, id: string) {
  await campaignStep(db, { actor, companyId, id, from: ['draft'], action: 'phishing.campaign_deleted' }, async (tx) => {
    await tx.delete(phishingCampaigns).where(eq(phishingCampaigns.id, id));
    return { result: undefined };
  });
}

/**
 * Starts a draft: plans its first round in the same transaction, so a running campaign always has
 * its messages (ADR 036). A window that has passed entirely is refused; one that started earlier
 * today begins now.
 */
export function startCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
  approval: TPhishingApprovalRule = DEFAULT_PHISHING_APPROVAL,
): Promise<{ planned: number }> {
  return campaignStep(
    db,
    { actor, companyId, id, from: ['draft'], action: 'phishing.campaign_started' },
    async (tx, campaign) => {
      await assertPhishingApproved(tx, companyId, approval);
      await requireReachableAudience(tx, campaign);
      const planned = await planRound(tx, campaign, 0, now);
      if (planned === 0) throw new DomainError('BAD_REQUEST', 'phishing.no_recipients');
      return { set: { status: 'running', startedAt: now }, details: { recipients: planned }, result: { planned } };
    },
  );
}

export async function pauseCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await campaignStep(db, { actor, companyId, id, from: ['running'], action: 'phishing.campaign_paused' }, async () => ({
    set: { status: 'paused', pausedAt: now },
    result: undefined,
  }));
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
  approval: TPhishingApprovalRule = DEFAULT_PHISHING_APPROVAL,
) {
  await campaignStep(
    db,
    { actor, companyId, id, from: ['paused'], action: 'phishing.campaign_resumed' },
    async (tx, campaign) => {
      await assertPhishingApproved(tx, companyId, approval);
      return {
        set: { status: 'running', pausedAt: null },
        details: { rescheduled: await respreadOverdue(tx, campaign, now) },
        result: undefined,
      };
    },
  );
}

/** Stops a campaign for good: its unsent mails are cancelled, its results stay. */
export async function stopCampaign(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  now = new Date(),
) {
  await campaignStep(
    db,
    { actor, companyId, id, from: ['running', 'paused'], action: 'phishing.campaign_stopped' },
    async (tx) => {
      await cancelUnsent(tx, eq(phishingMessages.campaignId, id), now);
      return { set: { status: 'stopped', endedAt: now }, result: undefined };
    },
  );
}

/** Marks unsent messages cancelled: the dispatcher never takes them again. */
export async function cancelUnsent(tx: TTransaction, scope: ReturnType<typeof eq>, now: Date): Promise<void> {
  await tx
    .update(phishingMessages)
    .set({ cancelledAt: now })
    .where(and(scope, isNull(phishingMessages.sentAt), isNull(phishingMessages.cancelledAt)));
}
