import { type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { claimInMinuteWindow } from '../throttle/minute-window.ts';
import { readPhishingSettings } from './phishing-settings.ts';
import {
  companyOfReporter,
  findReportedMessages,
  findReporter,
  reportCounts,
  type TReportedMessage,
  type TReporter,
} from './report-people.ts';
import { readReportMail, type TReportMail } from './report-read.ts';
import { findReportEvidence } from './report-scan.ts';
import { markPhishingEvent } from './tracking.ts';

export interface TReportInboxOptions {
  /** Bases of the portal's own links (`PHISHING_LINK_URL`, `PUBLIC_URL`): `<base>/p/<token>` is a simulation's. */
  linkBases: readonly string[];
  /** Where the thanks' link to the teaching page points (`PHISHING_LINK_URL`), without a trailing slash. */
  linkUrl: string;
  /** Reports per sender address and minute, over all processes (`PHISHING_REPORTS_PER_MINUTE`). */
  perMinute: number;
}

/** A mail the report address received: its bytes as they came, and the SMTP envelope's sender. */
export interface TReceivedReport {
  raw: Buffer;
  envelopeFrom: string | null;
}

/**
 * What became of a report. The sender learns none of it (the SMTP answer is the same), so the
 * inbox tells nobody outside whether an address is known or a mail was a simulation.
 */
export type TReportOutcome =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | {
      kind: 'ignored';
      reason: 'unreadable' | 'automatic' | 'no-sender' | 'unknown-sender' | 'not-counted' | 'no-contact';
    }
  | { kind: 'simulation'; messages: number; counted: number }
  | { kind: 'forwarded'; companyId: string };

/** The name of the attached report in a forward to the IT contact. */
export const REPORT_FILE = 'reported-email.eml';

/**
 * The report inbox (ADR 036, step 4). A report that points to a simulated mail marks it reported
 * (once) and thanks the reporter; any other report from a known person goes to the company's IT
 * contact with the report attached; everything else is dropped. Parsing and lookups come first;
 * each outcome then writes in one transaction, so a report either has its whole effect or none.
 */
export async function receivePhishingReport(
  db: TDatabase,
  received: TReceivedReport,
  options: TReportInboxOptions,
  now = new Date(),
): Promise<TReportOutcome> {
  // A mail mailparser cannot read is dropped, not deferred: the sender would retry it for days.
  const report = await readReportMail(received.raw).catch(() => null);
  if (!report) return { kind: 'ignored', reason: 'unreadable' };
  if (report.automatic) return { kind: 'ignored', reason: 'automatic' };
  const envelopeFrom = received.envelopeFrom?.trim().toLowerCase() || null;
  const sender = report.from ?? envelopeFrom;
  if (!sender) return { kind: 'ignored', reason: 'no-sender' };
  // Before anything is looked up, so known and unknown senders are limited alike.
  const claim = await claimInMinuteWindow(db, `phishing-report:${sender}`, options.perMinute, now);
  if (!claim.allowed) return { kind: 'throttled', retryAfterSeconds: claim.retryAfterSeconds };

  const reporter = await findReporter(
    db,
    [report.from, envelopeFrom].filter((a): a is string => a !== null),
  );
  const evidence = findReportEvidence(report.texts, options.linkBases);
  const messages = await findReportedMessages(db, evidence, reporter);
  // A simulation is never passed on as a real attack, even when it does not count for this sender.
  if (messages.length > 0) return countReport(db, reporter, messages, options, now);
  if (!reporter?.companyId || reporter.locked) return { kind: 'ignored', reason: 'unknown-sender' };
  return forwardReport(db, { ...reporter, companyId: reporter.companyId }, report, received.raw, now);
}

async function countReport(
  db: TDatabase,
  reporter: TReporter | null,
  messages: TReportedMessage[],
  options: TReportInboxOptions,
  now: Date,
): Promise<TReportOutcome> {
  const counting = messages.filter((message) => reportCounts(message, reporter));
  if (!reporter || counting.length === 0) return { kind: 'ignored', reason: 'not-counted' };
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
  report: TReportMail,
  raw: Buffer,
  now: Date,
): Promise<TReportOutcome> {
  const { companyId } = reporter;
  const [settings, company] = await Promise.all([
    readPhishingSettings(db, companyId),
    companyOfReporter(db, companyId),
  ]);
  const contact = settings.reportContactEmail;
  const who = { actorId: reporter.id, companyId };
  // Read committed: an outbox row and its audit entry, nothing read to decide on.
  await transaction(db, async (tx) => {
    if (contact && company) {
      await enqueueMail(
        tx,
        {
          to: contact,
          lang: company.lang,
          companyId,
          // The IT contact answers the person who reported, not the portal's no-reply sender.
          headers: { 'Reply-To': reporter.email },
          attachments: [{ filename: REPORT_FILE, contentType: 'message/rfc822', content: raw }],
          mail: {
            template: 'phishing_report_forward',
            params: {
              reporter: reporter.name,
              email: reporter.email,
              company: company.name,
              subject: report.subject,
              file: REPORT_FILE,
            },
          },
        },
        now,
      );
    }
    await audit(tx, { action: contact ? 'phishing.report_forwarded' : 'phishing.report_unrouted', ...who });
  });
  return contact ? { kind: 'forwarded', companyId } : { kind: 'ignored', reason: 'no-contact' };
}
