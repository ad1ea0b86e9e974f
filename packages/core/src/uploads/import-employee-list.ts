import { and, courseAssignments, employeeUploads, eq, type TDatabase, type TDb, users } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { companyHasOrderProcessing } from '../avv/order-processing.ts';
import type { TCsvRow } from '../employees/employee-csv.ts';
import { sendInvitation } from '../employees/invite-employee.ts';
import { DomainError, notFound } from '../errors.ts';
import { classifyRows, type TImportReason } from './classify-rows.ts';
import { importContext, type TImportContext } from './import-context.ts';
import type { TImportOutcome, TStoredRow } from './stored-rows.ts';

export interface TImportReportRow {
  line: number;
  firstname: string;
  lastname: string;
  email: string;
  outcome: TImportOutcome;
  reasons: TImportReason[];
}

export interface TImportResult {
  /** The `employee_uploads` record holding this report (the queue item, or a new one). */
  uploadId: string;
  existing: number;
  created: number;
  validationErrors: number;
  handled: number;
  report: TImportReportRow[];
}

export interface TImportInput {
  companyId: string;
  rows: readonly TCsvRow[];
  filename: string;
  /** A pending upload request of the company: it becomes `imported` with this report. */
  uploadId?: string | undefined;
  cc?: string | null | undefined;
}

const OUTCOME = { new: 'created', existing: 'existing', invalid: 'invalid' } as const;

function createEmployee(tx: TDb, context: TImportContext, row: TImportReportRow, lang: 'de' | 'en', now: Date) {
  const person = tx
    .insert(users)
    .values({
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      role: 'employee',
      companyId: context.companyId,
      lang,
      active: false,
      isFirstLogin: true,
      createdAt: now,
    })
    .returning({ id: users.id })
    .get();
  for (const slug of context.defaultCourses) {
    tx.insert(courseAssignments).values({ userId: person.id, courseSlug: slug }).run();
  }
  return person.id;
}

function storeReport(
  tx: TDb,
  admin: TSessionUser,
  input: TImportInput,
  stored: TStoredRow[],
  counts: { valid: number; invalid: number },
  now: Date,
): string {
  const rows = JSON.stringify(stored);
  if (input.uploadId) {
    const changed = tx
      .update(employeeUploads)
      .set({ status: 'imported', processedAt: now, rows })
      .where(
        and(
          eq(employeeUploads.id, input.uploadId),
          eq(employeeUploads.companyId, input.companyId),
          eq(employeeUploads.status, 'pending'),
        ),
      )
      .run().changes;
    if (changed !== 1) throw new DomainError('CONFLICT', 'admin_upload.already_processed');
    return input.uploadId;
  }
  return tx
    .insert(employeeUploads)
    .values({
      companyId: input.companyId,
      uploadedBy: admin.id,
      filename: input.filename,
      rows,
      validCount: counts.valid,
      invalidCount: counts.invalid,
      cc: input.cc ?? null,
      status: 'imported',
      createdAt: now,
      processedAt: now,
    })
    .returning({ id: employeeUploads.id })
    .get().id;
}

/**
 * The admin's import of an employee list (admin issue, ADR 018). All or nothing: one immediate
 * transaction creates every new person of the list as an employee of the company, with the
 * courses the policyholder has and the same invitation (14-day link, outbox mail) as
 * invite-employee, stores the per-row report as an `employee_uploads` record and writes one audit
 * entry. Any error rolls everything back, invitations included.
 */
export function importEmployeeList(
  db: TDatabase,
  admin: TSessionUser,
  input: TImportInput,
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): TImportResult {
  if (admin.role !== 'admin') throw notFound();
  if (input.rows.length === 0) throw new DomainError('BAD_REQUEST', 'upload.empty');
  return db.transaction(
    (tx) => {
      const context = importContext(tx, input.companyId);
      // Inviting people is processing their data for the policyholder: not without the AVV.
      if (!companyHasOrderProcessing(tx, input.companyId)) {
        throw new DomainError('FORBIDDEN', 'admin_upload.avv_missing');
      }
      const lang = context.owner?.lang ?? 'de';
      // The invitation names the policyholder: the people know them, not the provider's admin.
      const inviter = context.owner ?? admin;
      const invitation = {
        inviterName: `${inviter.firstname} ${inviter.lastname}`,
        companyName: context.companyName,
        publicUrl: meta.publicUrl,
        companyId: context.companyId,
        now,
      };

      const report: TImportReportRow[] = classifyRows(tx, input.companyId, input.rows).map(({ status, ...row }) => ({
        ...row,
        outcome: OUTCOME[status],
      }));
      for (const row of report) {
        if (row.outcome !== 'created') continue;
        const id = createEmployee(tx, context, row, lang, now);
        sendInvitation(
          tx,
          { invitee: { id, email: row.email, firstname: row.firstname, lastname: row.lastname, lang } },
          invitation,
        );
      }

      const count = (outcome: TImportOutcome) => report.filter((row) => row.outcome === outcome).length;
      const result = {
        existing: count('existing'),
        created: count('created'),
        validationErrors: count('invalid'),
        handled: report.length,
      };
      const stored = input.rows.map((row, index): TStoredRow => {
        const outcome = report[index];
        return { ...row, outcome: outcome?.outcome ?? 'invalid', reasons: outcome?.reasons ?? [] };
      });
      const valid = input.rows.filter((row) => row.errors.length === 0).length;
      const uploadId = storeReport(tx, admin, input, stored, { valid, invalid: input.rows.length - valid }, now);
      audit(tx, {
        action: 'upload.imported',
        actorId: admin.id,
        actorRole: admin.role,
        targetId: uploadId,
        companyId: input.companyId,
        ip: meta.ip,
        details: { ...result, fromQueue: Boolean(input.uploadId), courses: context.defaultCourses.length },
      });
      return { uploadId, ...result, report };
    },
    { behavior: 'immediate' },
  );
}
