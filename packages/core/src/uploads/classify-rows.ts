import { inArray, type TDb, users } from '@portal/db';
import type { TCsvRow, TRowError } from '../employees/employee-csv.ts';

/**
 * Why a row is not imported: an error of the file, or `email_taken` when the address already
 * belongs to someone outside this company (emails are unique over the whole portal).
 */
export type TImportReason = TRowError | 'email_taken';
export type TRowStatus = 'new' | 'existing' | 'invalid';

export interface TClassifiedRow {
  line: number;
  firstname: string;
  lastname: string;
  email: string;
  team: string;
  status: TRowStatus;
  reasons: TImportReason[];
}

export interface TRowSummary {
  toCreate: number;
  existing: number;
  validationErrors: number;
  handled: number;
}

// Well below the bound parameters a statement may have (SQLite 32,766, PostgreSQL 65,535).
const LOOKUP_CHUNK = 500;

async function companiesByEmail(db: TDb, emails: string[]): Promise<Map<string, string | null>> {
  const owners = new Map<string, string | null>();
  for (let start = 0; start < emails.length; start += LOOKUP_CHUNK) {
    const chunk = emails.slice(start, start + LOOKUP_CHUNK);
    const found = await db
      .select({ email: users.email, companyId: users.companyId })
      .from(users)
      .where(inArray(users.email, chunk));
    for (const row of found) owners.set(row.email, row.companyId);
  }
  return owners;
}

/**
 * Sorts parsed rows into new people, people this company already has ("existing", matched by
 * email only: names are not compared or updated, a team the list names is, see importEmployeeList)
 * and rows that cannot be imported.
 */
export async function classifyRows(db: TDb, companyId: string, rows: readonly TCsvRow[]): Promise<TClassifiedRow[]> {
  const owners = await companiesByEmail(
    db,
    rows.filter((row) => row.errors.length === 0).map((row) => row.email),
  );
  return rows.map(({ line, firstname, lastname, email, team, errors }) => {
    const base = { line, firstname, lastname, email, team };
    if (errors.length > 0) return { ...base, status: 'invalid', reasons: [...errors] };
    if (!owners.has(email)) return { ...base, status: 'new', reasons: [] };
    return owners.get(email) === companyId
      ? { ...base, status: 'existing', reasons: [] }
      : { ...base, status: 'invalid', reasons: ['email_taken'] };
  });
}

export function summariseRows(rows: readonly { status: TRowStatus }[]): TRowSummary {
  const count = (status: TRowStatus) => rows.filter((row) => row.status === status).length;
  return {
    toCreate: count('new'),
    existing: count('existing'),
    validationErrors: count('invalid'),
    handled: rows.length,
  };
}
