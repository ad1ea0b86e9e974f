import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  mailOutbox,
  or,
  phishingCampaigns,
  phishingMessages,
  phishingSettings,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { audit } from '../audit/audit.ts';
import { actorAudit, type TCampaignActor } from './campaign-types.ts';
import { respreadOverdue } from './plan-round.ts';
import { queueContactConfirmation, type TContactLinks } from './report-contact.ts';

export interface TPhishingSettings {
  /** The kill switch: when and by whom all sending was stopped; null while sending is allowed. */
  sendingStoppedAt: string | null;
  sendingStoppedByName: string | null;
  /** Works council mode is the default (ADR 036): names appear only once the employer switched them on. */
  namesVisible: boolean;
  namesVisibleAt: string | null;
  namesVisibleByName: string | null;
  retentionMonths: number;
  reportContactEmail: string;
  /** The contact opened its confirmation link (issue 37): only then is anything forwarded to it. */
  reportContactConfirmed: boolean;
  reportContactConfirmedAt: string | null;
  /** Until when the link last mailed to the contact works; null once confirmed or without a contact. */
  reportContactLinkExpiresAt: string | null;
}

const DEFAULTS = { retentionMonths: 12, reportContactEmail: '' } as const;

/** A company's phishing settings; the defaults when it never changed one. */
export async function readPhishingSettings(db: TDb, companyId: string): Promise<TPhishingSettings> {
  const [row] = await db.select().from(phishingSettings).where(eq(phishingSettings.companyId, companyId));
  const ids = [row?.sendingStoppedBy, row?.namesVisibleBy].filter((id): id is string => typeof id === 'string');
  const people = ids.length
    ? await db
        .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const nameOf = (id: string | null | undefined) => {
    const person = people.find((p) => p.id === id);
    return person ? `${person.firstname} ${person.lastname}`.trim() : null;
  };
  return {
    sendingStoppedAt: row?.sendingStoppedAt?.toISOString() ?? null,
    sendingStoppedByName: row?.sendingStoppedAt ? nameOf(row.sendingStoppedBy) : null,
    namesVisible: Boolean(row?.namesVisibleAt),
    namesVisibleAt: row?.namesVisibleAt?.toISOString() ?? null,
    namesVisibleByName: row?.namesVisibleAt ? nameOf(row.namesVisibleBy) : null,
    retentionMonths: row?.retentionMonths ?? DEFAULTS.retentionMonths,
    reportContactEmail: row?.reportContactEmail ?? DEFAULTS.reportContactEmail,
    reportContactConfirmed: Boolean(row?.reportContactEmail && row.reportContactConfirmedAt),
    reportContactConfirmedAt: row?.reportContactEmail ? (row.reportContactConfirmedAt?.toISOString() ?? null) : null,
    reportContactLinkExpiresAt:
      row?.reportContactEmail && !row.reportContactConfirmedAt
        ? (row.reportContactTokenExpiresAt?.toISOString() ?? null)
        : null,
  };
}

async function upsert(
  tx: TTransaction,
  companyId: string,
  set: Partial<typeof phishingSettings.$inferInsert>,
  now: Date,
) {
  await tx
    .insert(phishingSettings)
    .values({ companyId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: phishingSettings.companyId, set: { ...set, updatedAt: now } });
}

/**
 * The kill switch (ADR 036): stops every campaign's sending for the company at once. Simulated
 * mails that wait undelivered in the outbox are taken back in the same transaction: their messages
 * count as unsent again and go out with new links only once sending is allowed again. A mail a
 * worker is handing to the SMTP server this very second (under its lease) still goes.
 */
export async function stopPhishingSending(db: TDatabase, actor: TCampaignActor, companyId: string, now = new Date()) {
  return transaction(db, async (tx) => {
    await upsert(tx, companyId, { sendingStoppedAt: now, sendingStoppedBy: actor.user.id }, now);
    const waiting = await tx
      .select({ messageId: phishingMessages.id, outboxId: mailOutbox.id, campaignId: phishingMessages.campaignId })
      .from(phishingMessages)
      .innerJoin(mailOutbox, eq(mailOutbox.id, phishingMessages.outboxId))
      .where(
        and(
          eq(phishingMessages.companyId, companyId),
          eq(mailOutbox.status, 'pending'),
          or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, now)),
        ),
      );
    if (waiting.length > 0) {
      await tx
        .update(phishingMessages)
        .set({ sentAt: null, tokenHash: null, outboxId: null })
        .where(
          inArray(
            phishingMessages.id,
            waiting.map((w) => w.messageId),
          ),
        );
      await tx.delete(mailOutbox).where(
        inArray(
          mailOutbox.id,
          waiting.map((w) => w.outboxId),
        ),
      );
      // A campaign that finished with these mails has unsent ones again: it goes on once allowed.
      await tx
        .update(phishingCampaigns)
        .set({ status: 'running', endedAt: null })
        .where(
          and(
            eq(phishingCampaigns.status, 'finished'),
            inArray(phishingCampaigns.id, [...new Set(waiting.map((w) => w.campaignId))]),
          ),
        );
    }
    await audit(tx, {
      action: 'phishing.sending_stopped',
      ...actorAudit(actor, companyId),
      details: { takenBack: waiting.length },
    });
    return { takenBack: waiting.length };
  });
}

/** Allows sending again after the kill switch; running campaigns go on from their plan. */
export async function allowPhishingSending(db: TDatabase, actor: TCampaignActor, companyId: string, now = new Date()) {
  await transaction(db, async (tx) => {
    await upsert(tx, companyId, { sendingStoppedAt: null, sendingStoppedBy: null }, now);
    // Mails that fell due while sending was stopped are spread again, not sent in one burst.
    const running = await tx
      .select()
      .from(phishingCampaigns)
      .where(and(eq(phishingCampaigns.companyId, companyId), eq(phishingCampaigns.status, 'running')));
    for (const campaign of running) await respreadOverdue(tx, campaign, now);
    await audit(tx, {
      action: 'phishing.sending_allowed',
      ...actorAudit(actor, companyId),
    });
  });
}

/** Whether the company's kill switch is pulled (read in the caller's transaction). */
export async function isPhishingSendingStopped(tx: TDb, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ companyId: phishingSettings.companyId })
    .from(phishingSettings)
    .where(and(eq(phishingSettings.companyId, companyId), isNotNull(phishingSettings.sendingStoppedAt)));
  return row !== undefined;
}

export interface TPhishingSettingsPatch {
  namesVisible?: boolean | undefined;
  retentionMonths?: number | undefined;
  reportContactEmail?: string | undefined;
}

/**
 * Changes the company's phishing settings. Switching names on or off is recorded with who and when
 * (works council, ADR 036) and audited; so is every other change. A new or changed report contact
 * is unconfirmed until it opens the link mailed to it in the same transaction (issue 37,
 * `report-contact.ts`); over the day's limit of those mails the whole change is refused (429).
 * The same address again changes nothing of its confirmation; '' removes the contact.
 */
export async function updatePhishingSettings(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  patch: TPhishingSettingsPatch,
  context: TContactLinks & { now?: Date },
): Promise<void> {
  const now = context.now ?? new Date();
  await transaction(db, async (tx) => {
    const [current] = await tx.select().from(phishingSettings).where(eq(phishingSettings.companyId, companyId));
    const set: Partial<typeof phishingSettings.$inferInsert> = {};
    const wasVisible = Boolean(current?.namesVisibleAt);
    if (patch.namesVisible !== undefined && patch.namesVisible !== wasVisible) {
      set.namesVisibleAt = patch.namesVisible ? now : null;
      set.namesVisibleBy = patch.namesVisible ? actor.user.id : null;
      await audit(tx, {
        action: 'phishing.names_switched',
        ...actorAudit(actor, companyId),
        details: { namesVisible: patch.namesVisible },
      });
    }
    if (patch.retentionMonths !== undefined) set.retentionMonths = patch.retentionMonths;
    const newContact =
      patch.reportContactEmail !== undefined && patch.reportContactEmail !== (current?.reportContactEmail ?? '')
        ? patch.reportContactEmail
        : null;
    if (newContact !== null) {
      set.reportContactEmail = newContact;
      // Unconfirmed from now on; the address's own link comes with queueContactConfirmation.
      set.reportContactConfirmedAt = null;
      set.reportContactTokenHash = null;
      set.reportContactTokenExpiresAt = null;
    }
    if (Object.keys(set).length === 0) return;
    await upsert(tx, companyId, set, now);
    if (newContact) {
      await queueContactConfirmation(tx, actor, { companyId, email: newContact, publicUrl: context.publicUrl }, now);
    }
    await audit(tx, {
      action: 'phishing.settings_changed',
      ...actorAudit(actor, companyId),
      details: {
        retentionMonths: patch.retentionMonths ?? null,
        reportContact: patch.reportContactEmail === undefined ? null : patch.reportContactEmail !== '',
      },
    });
  });
}
