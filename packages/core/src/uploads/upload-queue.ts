import { and, asc, companies, employeeUploads, eq, type TDatabase, type TDb, transaction, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { classifyRows, summariseRows, type TClassifiedRow, type TRowSummary } from './classify-rows.ts';
import { importEmployeeList, type TImportResult } from './import-employee-list.ts';
import { readStoredRows } from './stored-rows.ts';

export interface TQueueEntry {
  id: string;
  companyId: string;
  companyName: string;
  filename: string;
  validCount: number;
  invalidCount: number;
  uploadedBy: string | null;
  cc: string | null;
  createdAt: Date;
}

// A function, not a constant: the tables are bound when the database opens (ADR 028).
const entryColumns = () => ({
  id: employeeUploads.id,
  companyId: employeeUploads.companyId,
  companyName: companies.companyName,
  filename: employeeUploads.filename,
  validCount: employeeUploads.validCount,
  invalidCount: employeeUploads.invalidCount,
  firstname: users.firstname,
  lastname: users.lastname,
  cc: employeeUploads.cc,
  createdAt: employeeUploads.createdAt,
});

type TEntryRow = { firstname: string | null; lastname: string | null } & Omit<TQueueEntry, 'uploadedBy'>;
const toEntry = ({ firstname, lastname, ...row }: TEntryRow): TQueueEntry => ({
  ...row,
  uploadedBy: firstname === null ? null : `${firstname} ${lastname ?? ''}`.trim(),
});

const pendingQuery = (db: TDb) =>
  db
    .select(entryColumns())
    .from(employeeUploads)
    .innerJoin(companies, eq(companies.id, employeeUploads.companyId))
    .leftJoin(users, eq(users.id, employeeUploads.uploadedBy));

/** The employer upload requests still waiting for the provider, oldest first (five working days). */
export async function listPendingUploads(db: TDb): Promise<TQueueEntry[]> {
  const pending = await pendingQuery(db)
    .where(eq(employeeUploads.status, 'pending'))
    .orderBy(asc(employeeUploads.createdAt), asc(employeeUploads.id));
  return pending.map(toEntry);
}

async function pendingUpload(db: TDb, uploadId: string) {
  const [upload] = await db.select().from(employeeUploads).where(eq(employeeUploads.id, uploadId));
  if (!upload) throw notFound();
  if (upload.status !== 'pending') throw new DomainError('CONFLICT', 'admin_upload.already_processed');
  return upload;
}

/**
 * One pending request with its rows checked against today's accounts (who exists by now, whose
 * address another company uses), as the admin's preview before import or rejection.
 */
export async function getQueuedUpload(
  db: TDb,
  uploadId: string,
): Promise<TQueueEntry & { rows: TClassifiedRow[]; summary: TRowSummary }> {
  const upload = await pendingUpload(db, uploadId);
  const [entry] = await pendingQuery(db).where(eq(employeeUploads.id, upload.id));
  if (!entry) throw notFound();
  const rows = await classifyRows(db, upload.companyId, readStoredRows(upload.rows));
  return { ...toEntry(entry), rows, summary: summariseRows(rows) };
}

/**
 * Imports a pending request: the same all-or-nothing import as a file the admin uploads. Two
 * imports of the same request at once: the import's conditional update from pending to imported
 * lets one through; the other fails with `admin_upload.already_processed` and writes nothing.
 */
export async function importQueuedUpload(
  db: TDatabase,
  admin: TSessionUser,
  uploadId: string,
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): Promise<TImportResult> {
  const upload = await pendingUpload(db, uploadId);
  return importEmployeeList(
    db,
    admin,
    {
      companyId: upload.companyId,
      rows: readStoredRows(upload.rows),
      filename: upload.filename,
      uploadId: upload.id,
      cc: upload.cc,
    },
    meta,
    now,
  );
}

/** Takes a request out of the queue without importing anyone (e.g. the wrong list was sent). */
export async function rejectQueuedUpload(
  db: TDatabase,
  admin: TSessionUser,
  uploadId: string,
  meta: TRequestMeta,
  now = new Date(),
): Promise<{ id: string; status: 'rejected' }> {
  if (admin.role !== 'admin') throw notFound();
  // Read committed: the conditional update from pending to rejected decides a race with an import
  // or another rejection of the same request (ADR 028).
  return transaction(db, async (tx) => {
    const [upload] = await tx
      .update(employeeUploads)
      .set({ status: 'rejected', processedAt: now })
      .where(and(eq(employeeUploads.id, uploadId), eq(employeeUploads.status, 'pending')))
      .returning({
        id: employeeUploads.id,
        companyId: employeeUploads.companyId,
        validCount: employeeUploads.validCount,
        invalidCount: employeeUploads.invalidCount,
      });
    // Unknown, or processed already (by someone else a moment ago): the same answers as before.
    if (!upload) await pendingUpload(tx, uploadId);
    if (!upload) throw new DomainError('CONFLICT', 'admin_upload.already_processed');
    await audit(tx, {
      action: 'upload.rejected',
      actorId: admin.id,
      actorRole: admin.role,
      targetId: upload.id,
      companyId: upload.companyId,
      ip: meta.ip,
      details: { valid: upload.validCount, invalid: upload.invalidCount },
    });
    return { id: upload.id, status: 'rejected' as const };
  });
}
