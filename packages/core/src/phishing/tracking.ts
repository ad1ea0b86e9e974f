import {
  and,
  companies,
  eq,
  isNull,
  phishingCampaigns,
  phishingMessages,
  phishingSettings,
  preparedQuery,
  sql,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { DomainError } from '../errors.ts';
import { assignCourse } from '../learning/assignments.ts';
import { countInMinuteWindow } from '../throttle/minute-window.ts';
import { hashPhishingToken } from './dispatch.ts';
import { phishingTemplate } from './phishing-catalog.ts';
import { ofSignInTemplate } from './phishing-counts.ts';

/** A link token as the dispatcher makes it: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type TPhishingEvent = 'opened' | 'clicked' | 'submitted' | 'reported';

/** What the tracking pages need of a message; nothing about other messages or people. */
export interface TTrackedMessage {
  messageId: string;
  companyId: string;
  companyName: string;
  userId: string | null;
  lang: 'de' | 'en';
  templateSlug: string;
  landing: 'teaching' | 'sign-in';
  course: string;
  /** Works council mode off: the employer sees who clicked (the teaching page says so). */
  namesVisible: boolean;
  trackOpens: boolean;
  /** The recipient's first name and the day the mail went out, to show the mail again as it was. */
  firstName: string;
  sentAt: Date | null;
}

// Every /p request runs this lookup: prepared once per connection, it skips drizzle's building
// of the five-table join (240 µs of CPU a call on SQLite, docs/benchmarks.md "Phishing").
const tokenLookup = preparedQuery((db) =>
  db
    .select({
      messageId: phishingMessages.id,
      companyId: phishingMessages.companyId,
      companyName: companies.companyName,
      userId: phishingMessages.userId,
      lang: phishingMessages.lang,
      templateSlug: phishingMessages.templateSlug,
      sentAt: phishingMessages.sentAt,
      trackOpens: phishingCampaigns.trackOpens,
      firstName: users.firstname,
      namesVisibleAt: phishingSettings.namesVisibleAt,
    })
    .from(phishingMessages)
    .innerJoin(phishingCampaigns, eq(phishingCampaigns.id, phishingMessages.campaignId))
    .innerJoin(companies, eq(companies.id, phishingMessages.companyId))
    .leftJoin(phishingSettings, eq(phishingSettings.companyId, phishingMessages.companyId))
    .leftJoin(users, eq(users.id, phishingMessages.userId))
    .where(eq(phishingMessages.tokenHash, sql.placeholder('tokenHash')))
    .prepare('core_phishing_token_lookup'),
);

/**
 * The message of a link token, or null for a malformed, unknown or deleted one (ADR 036: the
 * answer never says which). Only the token's SHA-256 is looked up.
 */
export async function lookupPhishingToken(db: TDb, token: string): Promise<TTrackedMessage | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await tokenLookup(db).execute({ tokenHash: hashPhishingToken(token) });
  const template = row && phishingTemplate(row.templateSlug);
  if (!row || !template) return null;
  return {
    messageId: row.messageId,
    companyId: row.companyId,
    companyName: row.companyName,
    userId: row.userId,
    lang: row.lang,
    templateSlug: row.templateSlug,
    landing: template.meta.landing,
    course: template.meta.course,
    namesVisible: row.namesVisibleAt !== null,
    trackOpens: row.trackOpens,
    firstName: row.firstName ?? '',
    sentAt: row.sentAt,
  };
}

/** Built per call: the bound tables are read only after a database is open (tables-at-load.test.ts). */
const columnOf = (event: TPhishingEvent) =>
  ({
    opened: phishingMessages.openedAt,
    clicked: phishingMessages.clickedAt,
    submitted: phishingMessages.submittedAt,
    reported: phishingMessages.reportedAt,
  })[event];
const FIELD = { opened: 'openedAt', clicked: 'clickedAt', submitted: 'submittedAt', reported: 'reportedAt' } as const;

/**
 * Records the first time of an event (ADR 036: people, not events; a repeat changes nothing). A
 * form sent on the imitation sign-in page implies the click before it; a message whose template
 * has no sign-in page is never "submitted" (issue 37.7), whatever posts to its form address.
 * Answers whether this call was the first.
 */
export async function recordPhishingEvent(
  db: TDatabase,
  messageId: string,
  event: TPhishingEvent,
  now = new Date(),
): Promise<boolean> {
  // Read committed: the conditional update decides which call is the first.
  return transaction(db, (tx) => markPhishingEvent(tx, messageId, event, now));
}

/** recordPhishingEvent inside the caller's transaction, for a change that writes more with it (a report's thanks). */
export async function markPhishingEvent(
  tx: TTransaction,
  messageId: string,
  event: TPhishingEvent,
  now = new Date(),
): Promise<boolean> {
  // The condition is in each update, so no other path can mark another template's message.
  const signIn = event === 'submitted' ? ofSignInTemplate() : undefined;
  if (event === 'submitted') {
    await tx
      .update(phishingMessages)
      .set({ clickedAt: now })
      .where(and(eq(phishingMessages.id, messageId), isNull(phishingMessages.clickedAt), signIn));
  }
  const changed = await tx
    .update(phishingMessages)
    .set({ [FIELD[event]]: now })
    .where(and(eq(phishingMessages.id, messageId), isNull(columnOf(event)), signIn))
    .returning({ id: phishingMessages.id });
  return changed.length > 0;
}

export interface TPhishingRequest {
  /** The per-address limit: its key in the login throttle's table and the calls it allows a minute. */
  limitKey: string;
  perMinute: number;
  token: string;
  /**
   * The event this request records for a known token, decided from its message (an open only
   * where the campaign tracks opens); null or absent for a page that records nothing.
   */
  event?: (message: TTrackedMessage) => TPhishingEvent | null;
  now?: Date;
}

export type TPhishingRequestOutcome =
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'unknown' }
  | { kind: 'known'; message: TTrackedMessage; firstTime: boolean };

/**
 * One request to a simulated mail's link (ADR 036): the address's call is counted, then the token
 * looked up, then the event recorded, in one transaction, so a click commits once instead of
 * twice (docs/benchmarks.md, "Phishing"). The count comes first and is committed for every
 * answer: an address over its limit never reaches the lookup, and guessed tokens use up the limit
 * like real ones. Anything that fails after the count rolls it back with the event, so a request
 * that was not answered costs the address nothing and records nothing.
 */
export async function trackPhishingRequest(db: TDatabase, request: TPhishingRequest): Promise<TPhishingRequestOutcome> {
  const now = request.now ?? new Date();
  // Read committed: the upsert locks the address's row, the conditional update decides the first
  // event. Every request takes the two rows in that order, so requests may wait but never deadlock.
  return transaction(db, async (tx) => {
    const claim = await countInMinuteWindow(tx, request.limitKey, request.perMinute, now);
    if (!claim.allowed) return { kind: 'limited', retryAfterSeconds: claim.retryAfterSeconds };
    const message = await lookupPhishingToken(tx, request.token);
    if (!message) return { kind: 'unknown' };
    const event = request.event?.(message) ?? null;
    const firstTime = event !== null && (await markPhishingEvent(tx, message.messageId, event, now));
    return { kind: 'known', message, firstTime };
  });
}

/**
 * The teaching page's button: assigns the template's course to the recipient if they do not have
 * it, as the employer's own assignment does (ADR 036). Someone who left the company meanwhile
 * gets no assignment, and still the course's address. Answers the course's slug.
 */
export async function assignLessonCourse(db: TDatabase, message: TTrackedMessage): Promise<string> {
  if (!message.userId) return message.course;
  try {
    await assignCourse(db, message.companyId, { trainingSlug: message.course, ownerId: message.userId });
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'NOT_FOUND')) throw error;
  }
  return message.course;
}
