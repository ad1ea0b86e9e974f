import {
  and,
  companies,
  eq,
  gt,
  isNull,
  ne,
  phishingSettings,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { countInDayWindow, DAY_MS } from '../throttle/day-window.ts';
import { generateSecret, hashSecret } from '../tokens.ts';
import { actorAudit, type TCampaignActor } from './campaign-types.ts';

/*
 * The IT contact confirms its address (issue 37, part 3a): the report inbox forwards reports of
 * real phishing mails only to a contact that opened the link the portal mailed to it. Setting or
 * changing the address clears the confirmation and mails a new link in the same transaction;
 * these mails are limited per company and day, so the portal cannot be used to mail strangers.
 */

/** The page that opens a contact's confirmation link (apps/web routes). */
export const CONFIRM_CONTACT_PATH = '/confirm-contact/';
/** How long a contact's confirmation link works. */
export const REPORT_CONTACT_CONFIRMATION_DAYS = 7;
/** Confirmation mails per company and 24 hours (setting, changing and resending all count), over all processes. */
export const REPORT_CONTACT_MAILS_PER_DAY = 3;

const limitKey = (companyId: string) => `report-contact-mail:${companyId}`;

export interface TContactLinks {
  /** `PUBLIC_URL`, without a trailing slash: the link is `<publicUrl>/confirm-contact/<token>`. */
  publicUrl: string;
}

/**
 * Mails a new confirmation link to `email`, the company's contact, in the caller's transaction: the
 * day's count for the company, the token's hash with its expiry (the earlier link stops working),
 * the confirmation cleared, the mail, the audit entry. Over the day's limit it throws (429) and,
 * as the caller's transaction rolls back, nothing of the change stays.
 */
export async function queueContactConfirmation(
  tx: TTransaction,
  actor: TCampaignActor,
  input: { companyId: string; email: string } & TContactLinks,
  now: Date,
): Promise<void> {
  const { companyId, email } = input;
  const day = await countInDayWindow(tx, limitKey(companyId), REPORT_CONTACT_MAILS_PER_DAY, now);
  if (!day.allowed) throw new DomainError('TOO_MANY_REQUESTS', 'confirm_contact.too_many');
  const token = generateSecret();
  await tx
    .update(phishingSettings)
    .set({
      reportContactConfirmedAt: null,
      reportContactTokenHash: hashSecret(token),
      reportContactTokenExpiresAt: new Date(now.getTime() + REPORT_CONTACT_CONFIRMATION_DAYS * DAY_MS),
      updatedAt: now,
    })
    .where(and(eq(phishingSettings.companyId, companyId), eq(phishingSettings.reportContactEmail, email)));
  // The company's name is what the contact needs to know who asks; its language is the owner's,
  // as for the forwards the contact will get.
  const [company] = await tx
    .select({ name: companies.companyName, lang: users.lang })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  await enqueueMail(
    tx,
    {
      to: email,
      lang: company?.lang ?? 'de',
      companyId,
      mail: {
        template: 'report_contact_confirmation',
        params: {
          company: company?.name ?? '',
          link: `${input.publicUrl}${CONFIRM_CONTACT_PATH}${token}`,
          days: REPORT_CONTACT_CONFIRMATION_DAYS,
        },
      },
    },
    now,
  );
  await audit(tx, { action: 'phishing.contact_confirmation_sent', ...actorAudit(actor, companyId) });
}

/**
 * A new link for the company's contact that has not confirmed yet (the earlier one stops working),
 * within the same daily limit. Nothing to confirm (no contact, or confirmed already): 409.
 */
export async function resendContactConfirmation(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  links: TContactLinks,
  now = new Date(),
): Promise<void> {
  // Read committed: the day's count locks the company's throttle row until the commit.
  await transaction(db, async (tx) => {
    const [settings] = await tx
      .select({ email: phishingSettings.reportContactEmail, confirmedAt: phishingSettings.reportContactConfirmedAt })
      .from(phishingSettings)
      .where(eq(phishingSettings.companyId, companyId));
    if (!settings?.email || settings.confirmedAt)
      throw new DomainError('CONFLICT', 'confirm_contact.nothing_to_confirm');
    await queueContactConfirmation(tx, actor, { companyId, email: settings.email, ...links }, now);
  });
}

/**
 * The contact opened its link: its address is confirmed and the link is used up. One conditional
 * update decides (the token's hash, not expired, not yet confirmed, an address still set), so a
 * link works once, and a link of an address the employer changed since works no more (the change
 * replaced the hash). Anyone holding the link may open it: it proves only that the mailbox got it.
 * A used, expired or unknown link answers one error.
 */
export async function confirmReportContact(
  db: TDatabase,
  token: string,
  now = new Date(),
): Promise<{ confirmed: true; company: string; email: string }> {
  // Read committed: the conditional update decides between two clicks; the loser changes nothing.
  const confirmed = await transaction(db, async (tx) => {
    const [row] = await tx
      .update(phishingSettings)
      .set({ reportContactConfirmedAt: now, reportContactTokenHash: null, reportContactTokenExpiresAt: null })
      .where(
        and(
          eq(phishingSettings.reportContactTokenHash, hashSecret(token)),
          gt(phishingSettings.reportContactTokenExpiresAt, now),
          isNull(phishingSettings.reportContactConfirmedAt),
          ne(phishingSettings.reportContactEmail, ''),
        ),
      )
      .returning({ companyId: phishingSettings.companyId, email: phishingSettings.reportContactEmail });
    if (!row) return null;
    await audit(tx, { action: 'phishing.contact_confirmed', companyId: row.companyId, targetId: row.companyId });
    const [company] = await tx
      .select({ name: companies.companyName })
      .from(companies)
      .where(eq(companies.id, row.companyId));
    return { confirmed: true as const, company: company?.name ?? '', email: row.email };
  });
  if (!confirmed) throw new DomainError('BAD_REQUEST', 'confirm_contact.invalid_link');
  return confirmed;
}
