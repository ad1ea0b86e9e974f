import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, mailOutbox, type TDatabase, transaction } from '@portal/db';
import nodemailer, { type Transporter } from 'nodemailer';
import { claimWithLease } from '../leases/claim-with-lease.ts';
import { MAIL_RETRY_HOURS } from '../policy.ts';

export interface TMailWorkerOptions {
  db: TDatabase;
  /** Without it the worker does nothing and mails wait in the outbox (/dev/mailbox). */
  smtpUrl?: string | undefined;
  from: string;
  intervalMs: number;
  onError?: (message: string) => void;
  /** The pause before the next attempt of a failed mail; `backoffMs` unless a test is in a hurry. */
  retryDelayMs?: (attempts: number) => number;
}

const BATCH_SIZE = 10;
/** nodemailer's limits per mail, so a claimed batch is sent well within its lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/**
 * How long a claim holds: a whole batch at the SMTP timeouts, twice over. A process that dies
 * with claimed mails leaves them to the others after this long.
 */
export const LEASE_MS = BATCH_SIZE * (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.socketTimeout) * 2;
/** Templates whose body carries a working sign-in or reset link. */
// A phishing simulation's links carry the token that counts a click (ADR 036): only its hash stays.
// The thanks for a report links to the mail's teaching page with the same token. An IT contact's
// confirmation link and a registration's confirmation link confirm the address for whoever holds
// them (issue 37).
const LINK_TEMPLATES = new Set([
  'reset',
  'first_login',
  'invitation',
  'phishing',
  'phishing_reported',
  'report_contact_confirmation',
  'registration_confirmation',
]);
export const REDACTED = '[removed after delivery]';
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

export interface TMailWorker {
  /** Sends what is due now; resolves with the number sent. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

function parseAttachments(json: string | null) {
  if (!json) return undefined;
  const files = JSON.parse(json) as { filename: string; contentType: string; base64: string; cid?: string }[];
  return files.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.base64, 'base64'),
    // An image the HTML shows inline (`<img src="cid:…">`), e.g. a phishing simulation's QR code.
    // Everything else is an attachment, said so: nodemailer would mark a message/rfc822 (a
    // reported mail forwarded to an IT contact) `inline`, and mail programs then show the
    // stranger's mail, its HTML and its attachments, as if they were part of ours (issue 37).
    ...(file.cid
      ? { cid: file.cid, contentDisposition: 'inline' as const }
      : { contentDisposition: 'attachment' as const }),
  }));
}

/** nodemailer reads its options from the connection URL's query too; settings already there win. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * Claims up to a batch of due mails for this worker (ADR 028): they get its name and a lease, and
 * no other worker takes them until it runs out (claimWithLease says why two processes never take
 * the same mail).
 */
function claimDue(db: TDatabase, owner: string, now: Date) {
  // Read committed: claimWithLease's conditional update decides; a mail another worker claimed
  // first is skipped.
  return transaction(db, (tx) =>
    claimWithLease(tx, {
      table: mailOutbox,
      dueAt: mailOutbox.nextAttemptAt,
      owner,
      now,
      leaseMs: LEASE_MS,
      batchSize: BATCH_SIZE,
    }),
  );
}

/**
 * Sends outbox mails over SMTP. A mail that fails is retried with backoff for 24 hours, then
 * marked failed; nothing is lost while the SMTP server is down. Every process runs a worker; each
 * mail is claimed by one of them with a lease (claimDue), so it goes out once.
 */
export function createMailWorker(options: TMailWorkerOptions): TMailWorker {
  const { db } = options;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let transporter: Transporter | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  const mine = (id: string) => and(eq(mailOutbox.id, id), eq(mailOutbox.leaseOwner, owner));

  async function runOnce(now = new Date()): Promise<number> {
    if (!options.smtpUrl) return 0;
    transporter ??= nodemailer.createTransport(withTimeouts(options.smtpUrl));
    const due = await claimDue(db, owner, now);
    let sent = 0;
    for (const mail of due) {
      try {
        await transporter.sendMail({
          from: mail.fromAddress ?? options.from,
          to: mail.toAddress,
          headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
          cc: mail.cc ?? undefined,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: parseAttachments(mail.attachments),
        });
        // Links that sign someone in must not outlive delivery in our database.
        const redact = LINK_TEMPLATES.has(mail.template) ? { html: REDACTED, text: REDACTED } : {};
        // Read committed: one update of this worker's claimed mail, in a transaction of its own so a
        // delivered mail is recorded at once (ADR 028).
        await transaction(db, (tx) =>
          tx
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: new Date(),
              attempts: mail.attempts + 1,
              lastError: null,
              leaseOwner: null,
              leaseUntil: null,
              // Attachments (certificates with personal data) are not kept once delivered.
              attachments: null,
              ...redact,
            })
            .where(mine(mail.id)),
        );
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const giveUp = now.getTime() - mail.createdAt.getTime() > MAIL_RETRY_HOURS * 3600 * 1000;
        const message = error instanceof Error ? error.message : String(error);
        // Read committed: one update of this worker's claimed mail; the lease ends with it (ADR 028).
        await transaction(db, (tx) =>
          tx
            .update(mailOutbox)
            .set({
              attempts,
              status: giveUp ? 'failed' : 'pending',
              nextAttemptAt: new Date(now.getTime() + (options.retryDelayMs ?? backoffMs)(attempts)),
              lastError: message.slice(0, 500),
              leaseOwner: null,
              leaseUntil: null,
            })
            .where(mine(mail.id)),
        );
        options.onError?.(`mail ${mail.id} (${mail.template}) not sent: ${message}`);
      }
    }
    return sent;
  }

  const tick = () => {
    running ??= runOnce()
      // A database that does not answer (a PostgreSQL restart) must not end the process with an
      // unhandled rejection: the mails stay due and the next tick tries again.
      .catch((error: unknown) => {
        options.onError?.(`mail worker: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runOnce,
    start() {
      if (!options.smtpUrl || timer) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transporter?.close();
      // Mails this worker claimed but did not get to go to the other processes at once, not after
      // the lease (a drained process hands its work back).
      // Read committed: one update of this worker's own claims.
      await transaction(db, (tx) =>
        tx
          .update(mailOutbox)
          .set({ leaseOwner: null, leaseUntil: null })
          .where(and(eq(mailOutbox.leaseOwner, owner), eq(mailOutbox.status, 'pending'))),
      ).catch((error: unknown) => {
        options.onError?.(
          `mail worker: leases not handed back: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    },
  };
}
