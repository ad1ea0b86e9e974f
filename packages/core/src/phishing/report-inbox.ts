import { type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { countInDayWindow } from '../throttle/day-window.ts';
import { countInMinuteWindow, MINUTE_MS, windowFullFor } from '../throttle/minute-window.ts';
import { readPhishingSettings } from './phishing-settings.ts';
import { clientNetwork, envelopeIdentity, MAX_HEADER_BYTES, readReportHeaders } from './report-identities.ts';
import {
  companyOfReporter,
  findReportedMessages,
  findReporter,
  reportCounts,
  type TReportedMessage,
  type TReporter,
} from './report-people.ts';
import type { TReportReading } from './report-read.ts';
import type { TReportReader } from './report-reader.ts';
import { markPhishingEvent } from './tracking.ts';

export interface TReportInboxOptions {
  /** Bases of the portal's own links (`PHISHING_LINK_URL`, `PUBLIC_URL`): `<base>/p/<token>` is a simulation's. */
  linkBases: readonly string[];
  /** Where the thanks' link to the teaching page points (`PHISHING_LINK_URL`), without a trailing slash. */
  linkUrl: string;
  /**
   * Reports per sender address and minute, over all processes (`PHISHING_REPORTS_PER_MINUTE`):
   * the envelope sender and the header `From` each count, as the same address counts once.
   */
  perMinute: number;
  /** Reports per client address (IPv6: per /64) and minute (`PHISHING_REPORTS_PER_CLIENT_MINUTE`). */
  perClientMinute: number;
  /** Reports per company of a known reporter and minute (`PHISHING_REPORTS_PER_COMPANY_MINUTE`). */
  perCompanyMinute: number;
  /** Forwards to a company's IT contact per 24 hours (`PHISHING_REPORT_FORWARDS_PER_DAY`); more are dropped. */
  forwardsPerDay: number;
}

/** A mail the report address received: its bytes as they came, the envelope sender and the client. */
export interface TReceivedReport {
  raw: Buffer;
  envelopeFrom: string | null;
  /** The SMTP session's remote address. */
  clientAddress: string | null;
}

/**
 * What became of a report. The sender learns none of it (the SMTP answer is the same), so the
 * inbox tells nobody outside whether an address is known or a mail was a simulation.
 */
export type TReportOutcome =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | {
      kind: 'ignored';
      reason:
        | 'unreadable'
        | 'automatic'
        | 'no-sender'
        | 'sender-mismatch'
        | 'unknown-sender'
        | 'not-counted'
        | 'no-contact'
        | 'contact-unconfirmed'
        | 'daily-cap';
    }
  | { kind: 'simulation'; messages: number; counted: number }
  | { kind: 'forwarded'; companyId: string };

/** The name of the attached report in a forward to the IT contact. */
export const REPORT_FILE = 'reported-email.eml';

/** The limits' keys in the throttle table. A sender's address counts the same as envelope or `From`. */
const senderKey = (address: string) => `phishing-report:${address}`;
const clientKey = (network: string) => `phishing-report-client:${network}`;
const companyKey = (companyId: string) => `phishing-report-company:${companyId}`;
const forwardKey = (companyId: string) => `phishing-forwards:${companyId}`;

/**
 * Whether a session is to be refused at `MAIL FROM`, before it sends any data: its client or its
 * envelope sender already used up their minute. Counts nothing (receivePhishingReport counts), so
 * it gives a refused sender no extra attempts either. Null, or the seconds until it may try again.
 */
export async function reportSessionDeferral(
  db: TDatabase,
  session: { envelopeFrom: string | null; clientAddress: string | null },
  options: Pick<TReportInboxOptions, 'perMinute' | 'perClientMinute'>,
  now = new Date(),
): Promise<number | null> {
  const network = clientNetwork(session.clientAddress);
  const sender = envelopeIdentity(session.envelopeFrom);
  const waits = await Promise.all([
    network ? windowFullFor(db, clientKey(network), options.perClientMinute, MINUTE_MS, now) : null,
    sender ? windowFullFor(db, senderKey(sender), options.perMinute, MINUTE_MS, now) : null,
  ]);
  const longest = Math.max(...waits.map((wait) => wait ?? 0));
  return longest > 0 ? longest : null;
}

export { MAX_HEADER_BYTES };

/** The start of a report as it arrives: its header block (at most MAX_HEADER_BYTES), envelope and client. */
export interface TReportStart {
  head: Buffer;
  envelopeFrom: string | null;
  clientAddress: string | null;
}

/**
 * What the screening decided before the body mattered: the report is done (`outcome`), or it is to
 * be read, as the reporter's.
 */
export type TReportScreening =
  | { kind: 'done'; outcome: TReportOutcome }
  | { kind: 'read'; reporter: TReporter & { companyId: string } };

/**
 * The first steps of the report inbox, on the header block alone, so the listener can run them
 * while the body still arrives and keep no body that will never be read: (1) the envelope sender,
 * the header `From` (read from the raw header block) and the client's network are each counted, in
 * one transaction, before anything is looked up or parsed; (2) the reporter is the known person
 * whose address both name, else nobody and the report is dropped unparsed; (3) the reporter's
 * company is counted.
 */
export async function screenPhishingReport(
  db: TDatabase,
  start: TReportStart,
  options: TReportInboxOptions,
  now = new Date(),
): Promise<TReportScreening> {
  const done = (outcome: TReportOutcome): TReportScreening => ({ kind: 'done', outcome });
  const headers = readReportHeaders(start.head);
  const envelope = envelopeIdentity(start.envelopeFrom);
  const network = clientNetwork(start.clientAddress);
  const senders = [...new Set([envelope, headers.from].filter((address): address is string => address !== null))];
  // Read committed: each upsert locks its key's row until the commit; all keys count, or none.
  const refused = await transaction(db, async (tx) => {
    const claims = [];
    if (network) claims.push(await countInMinuteWindow(tx, clientKey(network), options.perClientMinute, now));
    for (const sender of senders) claims.push(await countInMinuteWindow(tx, senderKey(sender), options.perMinute, now));
    return claims.filter((claim) => !claim.allowed);
  });
  if (refused.length > 0) {
    return done({ kind: 'throttled', retryAfterSeconds: Math.max(...refused.map((claim) => claim.retryAfterSeconds)) });
  }
  if (headers.automatic) return done({ kind: 'ignored', reason: 'automatic' });
  if (senders.length === 0) return done({ kind: 'ignored', reason: 'no-sender' });
  // A person only when envelope and header agree: a forged `From` alone, or a forged envelope
  // alone, names nobody (the old "From, else envelope" let a rotating From borrow a person).
  if (!envelope || !headers.from || envelope !== headers.from)
    return done({ kind: 'ignored', reason: 'sender-mismatch' });
  const reporter = await findReporter(db, [envelope]);
  // Nothing can come of a report without a person of a company: it is not even parsed.
  if (!reporter?.companyId) return done({ kind: 'ignored', reason: 'unknown-sender' });
  const companyId = reporter.companyId;
  const company = await transaction(db, (tx) =>
    countInMinuteWindow(tx, companyKey(companyId), options.perCompanyMinute, now),
  );
  if (!company.allowed) return done({ kind: 'throttled', retryAfterSeconds: company.retryAfterSeconds });
  return { kind: 'read', reporter: { ...reporter, companyId } };
}

/**
 * The rest, for a screened report with all its bytes: the reader parses it in a worker thread with
 * limits of size, parts, depth and time; each outcome writes in one transaction, a forward with its
 * company's count for the day.
 */
export async function completePhishingReport(
  db: TDatabase,
  reporter: TReporter & { companyId: string },
  raw: Buffer,
  options: TReportInboxOptions & { reader: TReportReader },
  now = new Date(),
): Promise<TReportOutcome> {
  // A mail the reader cannot read in its limits is dropped, not deferred: the sender would retry it for days.
  const reading = await options.reader.read(raw);
  if (!reading) return { kind: 'ignored', reason: 'unreadable' };
  const messages = await findReportedMessages(db, reading.evidence, reporter);
  // A simulation is never passed on as a real attack, even when it does not count for this sender.
  if (messages.length > 0) return countReport(db, reporter, messages, options, now);
  if (reporter.locked) return { kind: 'ignored', reason: 'unknown-sender' };
  return forwardReport(db, reporter, reading, raw, options, now);
}

/**
 * The report inbox (ADR 036, step 4), for a report with all its bytes: screenPhishingReport, then
 * completePhishingReport. A report that points to a simulated mail marks it reported (once) and
 * thanks the reporter; any other report from a known person goes to the company's confirmed IT
 * contact with the report attached; everything else is dropped, a stranger's mail at little cost.
 */
export async function receivePhishingReport(
  db: TDatabase,
  received: TReceivedReport,
  options: TReportInboxOptions & { reader: TReportReader },
  now = new Date(),
): Promise<TReportOutcome> {
  const screening = await screenPhishingReport(
    db,
    {
      head: received.raw.subarray(0, MAX_HEADER_BYTES),
      envelopeFrom: received.envelopeFrom,
      clientAddress: received.clientAddress,
    },
    options,
    now,
  );
  if (screening.kind === 'done') return screening.outcome;
  return completePhishingReport(db, screening.reporter, received.raw, options, now);
}

async function countReport(
  db: TDatabase,
  reporter: TReporter,
  messages: TReportedMessage[],
  options: TReportInboxOptions,
  now: Date,
): Promise<TReportOutcome> {
  const counting = messages.filter((message) => reportCounts(message, reporter));
  if (counting.length === 0) return { kind: 'ignored', reason: 'not-counted' };
  // The teaching page assigns its course to the mail's recipient: only they get the link to it.
  const own = counting.find((message) => message.userId === reporter.id && message.token !== null);
  const first = own ?? counting[0];
  // Read committed: the conditional update of `reported_at` decides the first report; the thanks
  // is written with it, so a report sent twice (or a sender's retry) thanks once.
  const counted = await transaction(db, async (tx) => {
    let newly = 0;
    for (const message of counting) if (await markPhishingEvent(tx, message.messageId, 'reported', now)) newly += 1;
    if (newly > 0 && first) {
      await enqueueMail(
        tx,
        {
          to: reporter.email,
          lang: reporter.lang,
          userId: reporter.id,
          companyId: first.companyId,
          mail: {
            template: 'phishing_reported',
            params: {
              name: reporter.firstname,
              company: first.companyName,
              lesson: own?.token ? `${options.linkUrl}/p/${own.token}/lesson` : null,
            },
          },
        },
        now,
      );
    }
    return newly;
  });
  return { kind: 'simulation', messages: counting.length, counted };
}

async function forwardReport(
  db: TDatabase,
  reporter: TReporter & { companyId: string },
  reading: TReportReading,
  raw: Buffer,
  options: TReportInboxOptions,
  now: Date,
): Promise<TReportOutcome> {
  const { companyId } = reporter;
  const [settings, company] = await Promise.all([
    readPhishingSettings(db, companyId),
    companyOfReporter(db, companyId),
  ]);
  const contact = settings.reportContactEmail;
  const who = { actorId: reporter.id, companyId };
  if (!contact || !company) {
    await transaction(db, (tx) => audit(tx, { action: 'phishing.report_unrouted', ...who }));
    return { kind: 'ignored', reason: 'no-contact' };
  }
  // An address the employer typed is not a mailbox that asked for strangers' attachments.
  if (!settings.reportContactConfirmed) {
    await transaction(db, (tx) =>
      audit(tx, { action: 'phishing.report_unrouted', ...who, details: { reason: 'contact-unconfirmed' } }),
    );
    return { kind: 'ignored', reason: 'contact-unconfirmed' };
  }
  // Read committed: the day's count locks the company's row until the commit, so two processes
  // never both send the last forward of a day; over it, the report is dropped (and audited), not
  // deferred: a sender's retries would only come back to the same cap.
  return transaction(db, async (tx) => {
    const day = await countInDayWindow(tx, forwardKey(companyId), options.forwardsPerDay, now);
    if (!day.allowed) {
      await audit(tx, {
        action: 'phishing.report_capped',
        ...who,
        details: { perDay: options.forwardsPerDay, firstOverCap: day.firstRefusal },
      });
      return { kind: 'ignored', reason: 'daily-cap' } as const;
    }
    await enqueueMail(
      tx,
      {
        to: contact,
        lang: company.lang,
        companyId,
        // The IT contact answers the person who reported, not the portal's no-reply sender.
        headers: { 'Reply-To': reporter.email },
        // The report as one attachment, unchanged: the forward's own body is the portal's text only.
        attachments: [{ filename: REPORT_FILE, contentType: 'message/rfc822', content: raw }],
        mail: {
          template: 'phishing_report_forward',
          params: {
            reporter: reporter.name,
            email: reporter.email,
            company: company.name,
            subject: reading.subject,
            file: REPORT_FILE,
          },
        },
      },
      now,
    );
    await audit(tx, { action: 'phishing.report_forwarded', ...who });
    return { kind: 'forwarded', companyId } as const;
  });
}
