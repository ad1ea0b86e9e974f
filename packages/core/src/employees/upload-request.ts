import { desc, employeeUploads, eq, type TDatabase, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { companyNameOf } from './company-name.ts';
import type { TParsedCsv } from './employee-csv.ts';

/**
 * Stores a confirmed employee list as an upload request for the provider and mails the
 * confirmation to the policyholder (optional cc), in one transaction. Rows with errors travel
 * along, so the admin sees the same report.
 */
export async function submitUploadRequest(
  db: TDatabase,
  actor: TSessionUser & { companyId: string },
  input: { filename: string; parsed: TParsedCsv; cc: string | null },
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  if (input.parsed.problem) throw new DomainError('BAD_REQUEST', `upload.${input.parsed.problem}`);
  // Read committed: one insert and a mail; nothing read decides anything (ADR 028).
  return transaction(db, async (tx) => {
    const [upload] = await tx
      .insert(employeeUploads)
      .values({
        companyId: actor.companyId,
        uploadedBy: actor.id,
        filename: input.filename,
        rows: JSON.stringify(input.parsed.rows),
        validCount: input.parsed.valid,
        invalidCount: input.parsed.invalid,
        cc: input.cc,
        createdAt: now,
      })
      .returning({ id: employeeUploads.id });
    if (!upload) throw new Error('the upload request was not stored');
    const [owner] = await tx.select({ lang: users.lang }).from(users).where(eq(users.id, actor.id));
    await enqueueMail(
      tx,
      {
        to: actor.email,
        cc: input.cc,
        lang: owner?.lang ?? 'de',
        userId: actor.id,
        companyId: actor.companyId,
        mail: {
          template: 'upload_confirmation',
          params: {
            name: `${actor.firstname} ${actor.lastname}`,
            company: await companyNameOf(tx, actor.companyId),
            filename: input.filename,
            valid: input.parsed.valid,
            invalid: input.parsed.invalid,
          },
        },
      },
      now,
    );
    await audit(tx, {
      action: 'upload.requested',
      actorId: actor.id,
      actorRole: actor.role,
      companyId: actor.companyId,
      ip: meta.ip,
      details: { valid: input.parsed.valid, invalid: input.parsed.invalid },
    });
    return { uploadId: upload.id, valid: input.parsed.valid, invalid: input.parsed.invalid };
  });
}

/**
 * Spec §7 `POST /pdf/send-upload-confirmation` (email, optional cc): mails the confirmation of
 * the company's latest upload request again, to a person of the company (not to any address).
 */
export async function sendUploadConfirmation(
  db: TDatabase,
  actor: TSessionUser & { companyId: string },
  input: { email: string; cc: string | null },
  now = new Date(),
) {
  if (actor.role !== 'employer') throw new DomainError('FORBIDDEN', 'users.not_allowed');
  // Read committed: it reads and queues a mail; a concurrent upload may or may not be the latest
  // one, as if it came a moment later (ADR 028).
  return transaction(db, async (tx) => {
    const [recipient] = await tx
      .select({
        id: users.id,
        lang: users.lang,
        firstname: users.firstname,
        lastname: users.lastname,
        companyId: users.companyId,
      })
      .from(users)
      .where(eq(users.email, input.email));
    if (!recipient || recipient.companyId !== actor.companyId) throw new DomainError('NOT_FOUND', 'errors.NOT_FOUND');
    const [latest] = await tx
      .select()
      .from(employeeUploads)
      .where(eq(employeeUploads.companyId, actor.companyId))
      .orderBy(desc(employeeUploads.createdAt))
      .limit(1);
    if (!latest) throw new DomainError('NOT_FOUND', 'errors.NOT_FOUND');
    await enqueueMail(
      tx,
      {
        to: input.email,
        cc: input.cc,
        lang: recipient.lang,
        userId: recipient.id,
        companyId: actor.companyId,
        mail: {
          template: 'upload_confirmation',
          params: {
            name: `${recipient.firstname} ${recipient.lastname}`,
            company: await companyNameOf(tx, actor.companyId),
            filename: latest.filename,
            valid: latest.validCount,
            invalid: latest.invalidCount,
          },
        },
      },
      now,
    );
    return { sent: true as const };
  });
}
