import { and, companies, desc, eq, inArray, isNotNull, phishingMessages, type TDatabase, users } from '@portal/db';
import { lookupPhishingToken } from './tracking.ts';

/** The person a report comes from, when the portal knows the address. */
export interface TReporter {
  id: string;
  email: string;
  name: string;
  firstname: string;
  lang: 'de' | 'en';
  companyId: string | null;
  locked: boolean;
}

/** A simulated mail a report points to. */
export interface TReportedMessage {
  messageId: string;
  companyId: string;
  companyName: string;
  userId: string | null;
  /** The link token, when the report carried it (a header alone names the campaign only). */
  token: string | null;
}

/**
 * The portal's person with one of these addresses, the first that has one. The inbox asks with the
 * one address that envelope sender and `From` agree on (report-inbox.ts). Addresses are stored
 * lower-cased.
 */
export async function findReporter(db: TDatabase, addresses: readonly string[]): Promise<TReporter | null> {
  const wanted = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      companyId: users.companyId,
      locked: users.locked,
    })
    .from(users)
    .where(inArray(users.email, wanted));
  const row = wanted.map((address) => rows.find((r) => r.email === address)).find((r) => r !== undefined);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstname} ${row.lastname}`.trim(),
    firstname: row.firstname,
    lang: row.lang,
    companyId: row.companyId,
    locked: row.locked,
  };
}

/**
 * The simulated mails a report points to: by link token (anyone's), and by the header's campaign
 * the reporter's own mail of that campaign (a link checker may have rewritten the links).
 */
export async function findReportedMessages(
  db: TDatabase,
  evidence: { tokens: readonly string[]; campaignIds: readonly string[] },
  reporter: TReporter | null,
): Promise<TReportedMessage[]> {
  const found = new Map<string, TReportedMessage>();
  for (const token of evidence.tokens) {
    const message = await lookupPhishingToken(db, token);
    if (message) found.set(message.messageId, { ...message, token });
  }
  if (reporter && evidence.campaignIds.length > 0) {
    for (const campaignId of evidence.campaignIds) {
      // The latest round's mail: the one in the reporter's inbox now.
      const [row] = await db
        .select({
          messageId: phishingMessages.id,
          companyId: phishingMessages.companyId,
          companyName: companies.companyName,
          userId: phishingMessages.userId,
        })
        .from(phishingMessages)
        .innerJoin(companies, eq(companies.id, phishingMessages.companyId))
        .where(
          and(
            eq(phishingMessages.campaignId, campaignId),
            eq(phishingMessages.userId, reporter.id),
            isNotNull(phishingMessages.sentAt),
          ),
        )
        .orderBy(desc(phishingMessages.sentAt))
        .limit(1);
      if (row && !found.has(row.messageId)) found.set(row.messageId, { ...row, token: null });
    }
  }
  return [...found.values()];
}

/**
 * Whether a report counts for a message (ADR 036): from its own recipient, or from someone of the
 * same company it was forwarded to. A simulation forwarded outside the company counts for nobody.
 */
export const reportCounts = (message: TReportedMessage, reporter: TReporter | null) =>
  reporter !== null && (reporter.id === message.userId || reporter.companyId === message.companyId);

/** The language of the company's policyholder, for a mail to its IT contact (who is no user). */
export async function companyOfReporter(db: TDatabase, companyId: string) {
  const [company] = await db
    .select({ name: companies.companyName, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  const [owner] = company.ownerId
    ? await db.select({ lang: users.lang }).from(users).where(eq(users.id, company.ownerId))
    : [];
  return { name: company.name, lang: owner?.lang ?? 'de' };
}
