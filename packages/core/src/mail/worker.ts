import { and, asc, eq, lte, mailOutbox, type TDatabase } from '@portal/db';
import nodemailer, { type Transporter } from 'nodemailer';
import { MAIL_RETRY_HOURS } from '../policy.ts';

export interface TMailWorkerOptions {
  db: TDatabase;
  /** Without it the worker does nothing and mails wait in the outbox (/dev/mailbox). */
  smtpUrl?: string | undefined;
  from: string;
  intervalMs: number;
  onError?: (message: string) => void;
}

const BATCH_SIZE = 20;
/** Templates whose body carries a working sign-in or reset link. */
const LINK_TEMPLATES = new Set(['reset', 'first_login', 'invitation']);
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
  const files = JSON.parse(json) as { filename: string; contentType: string; base64: string }[];
  return files.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.base64, 'base64'),
  }));
}

/**
 * Sends outbox mails over SMTP. A mail that fails is retried with backoff for 24 hours, then
 * marked failed; nothing is lost while the SMTP server is down.
 */
export function createMailWorker(options: TMailWorkerOptions): TMailWorker {
  const { db } = options;
  let transporter: Transporter | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(now = new Date()): Promise<number> {
    if (!options.smtpUrl) return 0;
    transporter ??= nodemailer.createTransport(options.smtpUrl);
    const due = db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .all();
    let sent = 0;
    for (const mail of due) {
      try {
        await transporter.sendMail({
          from: options.from,
          to: mail.toAddress,
          cc: mail.cc ?? undefined,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: parseAttachments(mail.attachments),
        });
        // Links that sign someone in must not outlive delivery in our database.
        const redact = LINK_TEMPLATES.has(mail.template) ? { html: REDACTED, text: REDACTED } : {};
        db.update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: mail.attempts + 1,
            lastError: null,
            // Attachments (certificates with personal data) are not kept once delivered.
            attachments: null,
            ...redact,
          })
          .where(eq(mailOutbox.id, mail.id))
          .run();
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const giveUp = now.getTime() - mail.createdAt.getTime() > MAIL_RETRY_HOURS * 3600 * 1000;
        const message = error instanceof Error ? error.message : String(error);
        db.update(mailOutbox)
          .set({
            attempts,
            status: giveUp ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
            lastError: message.slice(0, 500),
          })
          .where(eq(mailOutbox.id, mail.id))
          .run();
        options.onError?.(`mail ${mail.id} (${mail.template}) not sent: ${message}`);
      }
    }
    return sent;
  }

  const tick = () => {
    running ??= runOnce().finally(() => {
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
    },
  };
}
