import { z } from 'zod';
import type { TCsvRow, TRowError } from '../employees/employee-csv.ts';
import type { TImportReason } from './classify-rows.ts';

export type TImportOutcome = 'created' | 'existing' | 'invalid';

/** A row of `employee_uploads.rows`: the parsed row, plus its outcome once the list is imported. */
export interface TStoredRow extends TCsvRow {
  outcome?: TImportOutcome;
  reasons?: TImportReason[];
}

// A Record, so a new row error in employee-csv.ts fails the typecheck here until it is listed.
const ROW_ERRORS: Record<TRowError, true> = {
  missing_firstname: true,
  missing_lastname: true,
  invalid_email: true,
  duplicate_in_file: true,
  columns: true,
  team_too_long: true,
};
/** Every row error of a list, in one order: the stored rows and the API's schemas use it. */
export const CSV_ROW_ERRORS = Object.keys(ROW_ERRORS) as [TRowError, ...TRowError[]];
const ZRowError = z.enum(CSV_ROW_ERRORS);
const ZImportReason = z.union([ZRowError, z.literal('email_taken')]);

const ZStoredRows = z.array(
  z.object({
    line: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    /** Lists stored before teams existed have none. */
    team: z.string().default(''),
    errors: z.array(ZRowError),
    outcome: z.enum(['created', 'existing', 'invalid']).optional(),
    reasons: z.array(ZImportReason).optional(),
  }),
);

/** The JSON was written by this code; parsing it strictly still keeps a damaged row from reaching an import. */
export function readStoredRows(json: string): TStoredRow[] {
  return ZStoredRows.parse(JSON.parse(json)) as TStoredRow[];
}
