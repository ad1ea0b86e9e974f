import {
  and,
  courseAssignments,
  employeeUploads,
  eq,
  inArray,
  ne,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
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
  team: string;
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

/** Rows per multi-row insert: users have 27 columns, so 300 rows stay far below the parameter limits. */
const INSERT_CHUNK = 300;

/**
 * Creates the people of the report's `created` rows with the policyholder's courses. An address
 * that another import (or an invitation) took since the rows were classified is not inserted
 * (`on conflict do nothing`, ADR 028) and comes back in `taken`, to be classified again. Returns
 * the new ids by email.
 */
async function createEmployees(
  tx: TTransaction,
  context: TImportContext,
  rows: readonly TImportReportRow[],
  lang: 'de' | 'en',
  now: Date,
): Promise<{ ids: Map<string, string>; taken: TImportReportRow[] }> {
  const ids = new Map<string, string>();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const created = await tx
      .insert(users)
      .values(
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          firstname: row.firstname,
          lastname: row.lastname,
          email: row.email,
          team: row.team,
          role: 'employee' as const,
          companyId: context.companyId,
          lang,
          active: false,
          isFirstLogin: true,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    for (const person of created) ids.set(person.email, person.id);
  }
  const assignments = [...ids.values()].flatMap((userId) =>
    context.defaultCourses.map((courseSlug) => ({ userId, courseSlug })),
  );
  for (let start = 0; start < assignments.length; start += INSERT_CHUNK) {
    await tx.insert(courseAssignments).values(assignments.slice(start, start + INSERT_CHUNK));
  }
  return { ids, taken: rows.filter((row) => !ids.has(row.email)) };
}

/**
 * People the company already has take the team their row names: an HR export is where teams are
 * kept, so uploading it again is how an employer sorts existing staff into teams. An empty team
 * cell changes nothing (a three-column list must not clear teams set by hand). One update per
 * team and slice, limited to the company's people; returns how many people changed team.
 */
async function moveExistingToTeams(
  tx: TTransaction,
  companyId: string,
  rows: readonly TImportReportRow[],
  now: Date,
): Promise<number> {
  const byTeam = new Map<string, string[]>();
  for (const row of rows) {
    if (row.team !== '') byTeam.set(row.team, [...(byTeam.get(row.team) ?? []), row.email]);
  }
  let changed = 0;
  for (const [team, emails] of byTeam) {
    for (let start = 0; start < emails.length; start += INSERT_CHUNK) {
      const moved = await tx
        .update(users)
        .set({ team, updatedAt: now })
        .where(
          and(
            eq(users.companyId, companyId),
            inArray(users.email, emails.slice(start, start + INSERT_CHUNK)),
            ne(users.team, team),
          ),
        )
        .returning({ id: users.id });
      changed += moved.length;
    }
  }
  return changed;
}

/**
 * A pending request of the company becomes `imported`: one conditional update, so of two imports
 * of the same request at the same moment exactly one gets the row and the other writes nothing
 * (on PostgreSQL it waits for the first to commit, then finds the request processed).
 */
async function claimUpload(tx: TTransaction, input: TImportInput & { uploadId: string }, now: Date): Promise<void> {
  const claimed = await tx
    .update(employeeUploads)
    .set({ status: 'imported', processedAt: now })
    .where(
      and(
        eq(employeeUploads.id, input.uploadId),
        eq(employeeUploads.companyId, input.companyId),
        eq(employeeUploads.status, 'pending'),
      ),
    )
    .returning({ id: employeeUploads.id });
  if (claimed.length !== 1) throw new DomainError('CONFLICT', 'admin_upload.already_processed');
}

async function storeReport(
  tx: TTransaction,
  admin: TSessionUser,
  input: TImportInput,
  stored: TStoredRow[],
  counts: { valid: number; invalid: number },
  now: Date,
): Promise<string> {
  const rows = JSON.stringify(stored);
  if (input.uploadId) {
    // Claimed by this transaction (claimUpload): only the report is added.
    await tx.update(employeeUploads).set({ rows }).where(eq(employeeUploads.id, input.uploadId));
    return input.uploadId;
  }
  const [upload] = await tx
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
    .returning({ id: employeeUploads.id });
  if (!upload) throw new Error('the upload insert returned no row');
  return upload.id;
}

/**
 * The admin's import of an employee list (admin issue, ADR 018). All or nothing: one transaction
 * creates every new person of the list as an employee of the company, with the courses the
 * policyholder has and the same invitation (14-day link, outbox mail) as invite-employee, stores
 * the per-row report as an `employee_uploads` record and writes one audit entry. Any error rolls
 * everything back, invitations included.
 *
 * Two imports at the same moment (two admins, the same list or the same queue item) neither
 * create a person twice nor import a request twice: the request's change from pending to imported
 * is a conditional update, and people are inserted with `on conflict (email) do nothing`; a row
 * whose address was taken in between is reported as existing (same company) or taken.
 */
export async function importEmployeeList(
  db: TDatabase,
  admin: TSessionUser,
  input: TImportInput,
  meta: TRequestMeta & { publicUrl: string },
  now = new Date(),
): Promise<TImportResult> {
  if (admin.role !== 'admin') throw notFound();
  if (input.rows.length === 0) throw new DomainError('BAD_REQUEST', 'upload.empty');
  // Read committed: the queue item's conditional update (pending to imported) and the people's
  // `insert … on conflict (email) do nothing` decide every race with another import (ADR 028).
  return transaction(db, async (tx) => {
    const context = await importContext(tx, input.companyId);
    // Inviting people is processing their data for the policyholder: not without the AVV.
    if (!(await companyHasOrderProcessing(tx, input.companyId))) {
      throw new DomainError('FORBIDDEN', 'admin_upload.avv_missing');
    }
    const { uploadId } = input;
    if (uploadId) await claimUpload(tx, { ...input, uploadId }, now);
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

    const report: TImportReportRow[] = (await classifyRows(tx, input.companyId, input.rows)).map(
      ({ status, ...row }) => ({ ...row, outcome: OUTCOME[status] }),
    );
    const { ids, taken } = await createEmployees(
      tx,
      context,
      report.filter((row) => row.outcome === 'created'),
      lang,
      now,
    );
    if (taken.length > 0) {
      // Created by someone else since the rows were classified: what the address is now.
      const current = await classifyRows(
        tx,
        input.companyId,
        taken.map(({ line, firstname, lastname, email, team }) => ({
          line,
          firstname,
          lastname,
          email,
          team,
          errors: [],
        })),
      );
      current.forEach((row, index) => {
        const reportRow = taken[index] as TImportReportRow;
        // Taken and gone again within this transaction: let the admin try once more.
        if (row.status === 'new') throw new DomainError('CONFLICT', 'users.email_already_exists');
        reportRow.outcome = OUTCOME[row.status];
        reportRow.reasons = row.status === 'invalid' ? ['email_taken'] : [];
      });
    }
    const teamsChanged = await moveExistingToTeams(
      tx,
      input.companyId,
      report.filter((row) => row.outcome === 'existing'),
      now,
    );
    for (const row of report) {
      const id = row.outcome === 'created' ? ids.get(row.email) : undefined;
      if (!id) continue;
      await sendInvitation(
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
    const storedId = await storeReport(tx, admin, input, stored, { valid, invalid: input.rows.length - valid }, now);
    await audit(tx, {
      action: 'upload.imported',
      actorId: admin.id,
      actorRole: admin.role,
      targetId: storedId,
      companyId: input.companyId,
      ip: meta.ip,
      details: {
        ...result,
        fromQueue: Boolean(input.uploadId),
        courses: context.defaultCourses.length,
        teamsChanged,
      },
    });
    return { uploadId: storedId, ...result, report };
  });
}
