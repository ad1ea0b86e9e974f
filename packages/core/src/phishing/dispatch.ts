import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { phishingMailDay } from '@portal/content';
import {
  and,
  asc,
  companies,
  eq,
  isNull,
  lte,
  mailOutbox,
  ne,
  notExists,
  phishingCampaigns,
  phishingMessages,
  phishingSettings,
  selectForUpdate,
  sql,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { withheldMessages } from './mail-domains/dispatch-rule.ts';
import { DEFAULT_PHISHING_APPROVAL, phishingApprovalHolds, type TPhishingApprovalRule } from './phishing-approval.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { planRound } from './plan-round.ts';
import { QR_CID, renderPhishingMail } from './render-phishing-mail.ts';
import { roundStartsOn, type TCampaignRepeat } from './send-window.ts';

export interface TDispatchOptions {
  now: Date;
  /** The simulation domain of the sender addresses (`PHISHING_MAIL_DOMAIN`). */
  senderDomain: string;
  /** The base of the tracking links (`PHISHING_LINK_URL`), without a trailing slash. */
  linkUrl: string;
  /** Messages per transaction; tests make it small. */
  batchSize?: number;
  /** At most this many batches per run, so one run stays short; the next minute goes on. */
  maxBatches?: number;
  /** Who needs the provider's approval (`PHISHING_APPROVAL`); their mails wait until they have it. */
  approval?: TPhishingApprovalRule;
}

export interface TDispatchResult {
  [key: string]: number;
  rounds: number;
  queued: number;
  cancelled: number;
  /** Messages to people who may not get simulations now (issue 37): cancelled, never sent. */
  withheld: number;
  finished: number;
}

/** SHA-256 of a link token: what `phishing_messages.token_hash` stores (ADR 036). */
export const hashPhishingToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Plans the next round of repeating campaigns whose round has begun (ADR 036). */
async function planDueRounds(db: TDatabase, now: Date): Promise<number> {
  const today = berlinDay(now);
  const repeating = await db
    .select()
    .from(phishingCampaigns)
    .where(and(eq(phishingCampaigns.status, 'running'), ne(phishingCampaigns.repeat, 'none')));
  let planned = 0;
  for (const campaign of repeating) {
    if (roundStartsOn(campaign.startsOn, campaign.repeat as TCampaignRepeat, campaign.rounds) > today) continue;
    planned += await transaction(db, async (tx) => {
      const query = tx.select().from(phishingCampaigns).where(eq(phishingCampaigns.id, campaign.id));
      const [fresh] = await selectForUpdate(tx, query);
      // Another process planned it, or the campaign was paused or stopped meanwhile.
      if (fresh?.status !== 'running' || fresh.rounds !== campaign.rounds) return 0;
      await planRound(tx, fresh, fresh.rounds, now);
      return 1;
    });
  }
  return planned;
}

/** Due messages of running campaigns of companies whose sending is not stopped, oldest first. */
function dueMessages(db: TDatabase, now: Date, limit: number, approval: TPhishingApprovalRule) {
  return db
    .select({
      id: phishingMessages.id,
      campaignId: phishingMessages.campaignId,
      companyId: phishingMessages.companyId,
      userId: phishingMessages.userId,
      templateSlug: phishingMessages.templateSlug,
      lang: phishingMessages.lang,
      trackOpens: phishingCampaigns.trackOpens,
      email: users.email,
      firstname: users.firstname,
      userCompanyId: users.companyId,
      locked: users.locked,
      companyName: companies.companyName,
    })
    .from(phishingMessages)
    .innerJoin(phishingCampaigns, eq(phishingCampaigns.id, phishingMessages.campaignId))
    .innerJoin(companies, eq(companies.id, phishingMessages.companyId))
    .leftJoin(users, eq(users.id, phishingMessages.userId))
    .where(
      and(
        isNull(phishingMessages.sentAt),
        isNull(phishingMessages.cancelledAt),
        lte(phishingMessages.sendAt, now),
        eq(phishingCampaigns.status, 'running'),
        phishingApprovalHolds(approval, phishingMessages.companyId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(phishingSettings)
            .where(
              and(
                eq(phishingSettings.companyId, phishingMessages.companyId),
                sql`${phishingSettings.sendingStoppedAt} is not null`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(phishingMessages.sendAt), asc(phishingMessages.id))
    .limit(limit);
}

type TDue = Awaited<ReturnType<typeof dueMessages>>[number];

/** A person who left the company, was deleted or is blocked gets no mail (ADR 036). */
const stillRecipient = (row: TDue) =>
  row.userId !== null && row.email !== null && row.userCompanyId === row.companyId && row.locked === false;

/**
 * One run of `phishing-dispatch` (ADR 036, every minute): plans repeating campaigns' rounds, then
 * hands due simulated mails to the outbox. Each message is marked sent in the same transaction as
 * its outbox row, conditional on it being unsent, uncancelled and its campaign still running: a
 * repeated or concurrent run sends nothing twice, a stop or kill switch in between sends nothing.
 */
export async function dispatchPhishing(db: TDatabase, options: TDispatchOptions): Promise<TDispatchResult> {
  const { now } = options;
  const batchSize = options.batchSize ?? 200;
  const approval = options.approval ?? DEFAULT_PHISHING_APPROVAL;
  const result: TDispatchResult = {
    rounds: await planDueRounds(db, now),
    queued: 0,
    cancelled: 0,
    withheld: 0,
    finished: 0,
  };
  for (let batch = 0; batch < (options.maxBatches ?? 25); batch += 1) {
    const due = await dueMessages(db, now, batchSize, approval);
    if (due.length === 0) break;
    // Tokens and mails are made before the transaction, which then only writes.
    const prepared = await Promise.all(
      due.map(async (row) => {
        const template = phishingTemplate(row.templateSlug);
        if (!stillRecipient(row) || !template) return { row, mail: null, tokenHash: null, version: null };
        const token = randomBytes(32).toString('base64url');
        const link = `${options.linkUrl}/p/${token}`;
        const mail = await renderPhishingMail({
          text: template.text[row.lang],
          values: {
            firstName: row.firstname ?? '',
            company: row.companyName,
            today: phishingMailDay(row.lang, now),
          },
          lang: row.lang,
          senderDomain: options.senderDomain,
          link,
          openPixel: row.trackOpens ? `${link}/o.gif` : null,
          campaignId: row.campaignId,
        });
        return { row, mail, tokenHash: hashPhishingToken(token), version: template.meta.version };
      }),
    );
    const counts = await transaction(db, async (tx) => {
      let queued = 0;
      let cancelled = 0;
      let withheld = 0;
      // Asked again as each mail is handed over: a proven domain and an accepted invitation (issue 37).
      const withheldNow = await withheldMessages(tx, due);
      for (const { row, mail, tokenHash, version } of prepared) {
        const unsent = and(
          eq(phishingMessages.id, row.id),
          isNull(phishingMessages.sentAt),
          isNull(phishingMessages.cancelledAt),
        );
        if (withheldNow.has(row.id)) {
          await tx.update(phishingMessages).set({ cancelledAt: now }).where(unsent);
          withheld += 1;
          continue;
        }
        if (!mail || !tokenHash || !version || !row.email) {
          await tx.update(phishingMessages).set({ cancelledAt: now }).where(unsent);
          cancelled += 1;
          continue;
        }
        const marked = await tx
          .update(phishingMessages)
          .set({ sentAt: now, tokenHash, templateVersion: version })
          .where(
            and(
              unsent,
              sql`exists (select 1 from ${phishingCampaigns} where ${phishingCampaigns.id} = ${phishingMessages.campaignId} and ${phishingCampaigns.status} = 'running')`,
              phishingApprovalHolds(approval, phishingMessages.companyId),
            ),
          )
          .returning({ id: phishingMessages.id });
        if (marked.length === 0) continue;
        const outboxId = randomUUID();
        await tx.insert(mailOutbox).values({
          id: outboxId,
          template: 'phishing',
          toAddress: row.email,
          userId: row.userId,
          companyId: row.companyId,
          lang: row.lang,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          fromAddress: mail.from,
          headers: JSON.stringify(mail.headers),
          attachments: mail.qrPng
            ? JSON.stringify([
                { filename: 'qr.png', contentType: 'image/png', base64: mail.qrPng.toString('base64'), cid: QR_CID },
              ])
            : null,
          nextAttemptAt: now,
          createdAt: now,
        });
        // The row exists now (the reference is checked at once on both databases).
        await tx.update(phishingMessages).set({ outboxId }).where(eq(phishingMessages.id, row.id));
        queued += 1;
      }
      return { queued, cancelled, withheld };
    });
    result.queued += counts.queued;
    result.cancelled += counts.cancelled;
    result.withheld += counts.withheld;
    if (due.length < batchSize) break;
  }
  result.finished = await finishCampaigns(db, now);
  return result;
}

/** A one-off campaign whose every message is sent or cancelled is finished. */
async function finishCampaigns(db: TDatabase, now: Date): Promise<number> {
  const done = await transaction(db, (tx) =>
    tx
      .update(phishingCampaigns)
      .set({ status: 'finished', endedAt: now })
      .where(
        and(
          eq(phishingCampaigns.status, 'running'),
          eq(phishingCampaigns.repeat, 'none'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(phishingMessages)
              .where(
                and(
                  eq(phishingMessages.campaignId, phishingCampaigns.id),
                  isNull(phishingMessages.sentAt),
                  isNull(phishingMessages.cancelledAt),
                ),
              ),
          ),
        ),
      )
      .returning({ id: phishingCampaigns.id }),
  );
  return done.length;
}
