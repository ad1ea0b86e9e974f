import { mailOutbox, type TTransaction } from '@portal/db';
import type { TLocale } from '@portal/i18n';
import { renderMail, type TMailTemplate } from './templates.ts';

export interface TMailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TEnqueueMail {
  to: string;
  attachments?: TMailAttachment[];
  cc?: string | null;
  /** Extra headers, e.g. `Reply-To` of a forwarded report (ADR 036). */
  headers?: Record<string, string>;
  lang: TLocale;
  mail: TMailTemplate;
  userId?: string | null;
  companyId?: string | null;
}

/**
 * Puts a mail into the outbox. Call it inside the transaction of the change that causes the mail:
 * the mail then exists exactly when the change does, and the worker sends it later. Writing the
 * row is all it does, so a transaction that is re-run (ADR 028) does not send anything twice.
 */
export async function enqueueMail(tx: TTransaction, input: TEnqueueMail, now = new Date()): Promise<string> {
  const [rendered] = renderOutboxRows([input], now);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      ...(rendered as TOutboxRow),
      headers: input.headers ? JSON.stringify(input.headers) : null,
      attachments: input.attachments?.length
        ? JSON.stringify(
            input.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              base64: file.content.toString('base64'),
            })),
          )
        : null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}

/** An outbox row with its mail rendered: rendering is done before the transaction that inserts it. */
export type TOutboxRow = typeof mailOutbox.$inferInsert;

/** Renders mails into outbox rows (attachments apart), outside any transaction. */
export function renderOutboxRows(inputs: readonly TEnqueueMail[], now = new Date()): TOutboxRow[] {
  return inputs.map((input) => ({
    template: input.mail.template,
    toAddress: input.to,
    cc: input.cc ?? null,
    userId: input.userId ?? null,
    companyId: input.companyId ?? null,
    lang: input.lang,
    ...renderMail(input.lang, input.mail),
    attachments: null,
    nextAttemptAt: now,
    createdAt: now,
  }));
}

/** Inserts rendered outbox rows in the caller's transaction, one insert per slice of 100. */
export async function insertOutboxRows(tx: TTransaction, rows: readonly TOutboxRow[]): Promise<number> {
  // 100 rows of 14 values stay far below both databases' limits on bound parameters.
  for (let start = 0; start < rows.length; start += 100)
    await tx.insert(mailOutbox).values(rows.slice(start, start + 100));
  return rows.length;
}
