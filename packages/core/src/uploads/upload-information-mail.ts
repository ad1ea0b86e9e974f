import { employeeUploads, eq, type TDatabase, transaction } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { INVITATION_DAYS } from '../policy.ts';
import { importContext } from './import-context.ts';
import { readStoredRows } from './stored-rows.ts';

/** More would make the mail a spreadsheet; the rest is counted. */
export const MAX_ERROR_ROWS_IN_MAIL = 50;

/**
 * The information mail of the admin issue ("trigger an information email to the policyholder
 * after upload"): the counts of an import and the rows that were not imported, to the
 * policyholder (optional cc). The admin sends it with a button after the import, so it can be
 * sent again, e.g. with another cc.
 */
export async function sendUploadInformationMail(
  db: TDatabase,
  admin: TSessionUser,
  input: { uploadId: string; cc: string | null },
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): Promise<{ sentTo: string }> {
  if (admin.role !== 'admin') throw notFound();
  // Read committed: an imported upload stays imported, and sending the mail again is allowed, so
  // nothing read here can be changed by a race into a wrong write (ADR 028).
  return transaction(db, async (tx) => {
    const [upload] = await tx.select().from(employeeUploads).where(eq(employeeUploads.id, input.uploadId));
    if (!upload) throw notFound();
    if (upload.status !== 'imported') throw new DomainError('CONFLICT', 'admin_upload.not_imported');
    const { owner, companyName } = await importContext(tx, upload.companyId);
    if (!owner) throw new DomainError('CONFLICT', 'admin_upload.no_policyholder');

    const rows = readStoredRows(upload.rows);
    const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
    const errors = rows.filter((row) => row.outcome === 'invalid');
    await enqueueMail(
      tx,
      {
        to: owner.email,
        cc: input.cc,
        lang: owner.lang,
        userId: owner.id,
        companyId: upload.companyId,
        mail: {
          template: 'upload_processed',
          params: {
            name: `${owner.firstname} ${owner.lastname}`,
            company: companyName,
            filename: upload.filename,
            created: count('created'),
            existing: count('existing'),
            invalid: errors.length,
            handled: rows.length,
            link: `${meta.publicUrl}/users`,
            days: INVITATION_DAYS,
            errorRows: errors.slice(0, MAX_ERROR_ROWS_IN_MAIL).map((row) => ({
              line: row.line,
              email: row.email,
              reasons: row.reasons ?? row.errors,
            })),
            moreErrors: Math.max(0, errors.length - MAX_ERROR_ROWS_IN_MAIL),
          },
        },
      },
      now,
    );
    await audit(tx, {
      action: 'upload.information_sent',
      actorId: admin.id,
      actorRole: admin.role,
      targetId: upload.id,
      companyId: upload.companyId,
      ip: meta.ip,
      details: { cc: input.cc !== null },
    });
    return { sentTo: owner.email };
  });
}
