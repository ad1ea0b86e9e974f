import type Database from 'better-sqlite3';
import type { TDatabase } from './client.ts';

/** What changed: who belongs to the company and what they are assigned, or learning progress. */
export type TCompanyChangeKind = 'structure' | 'progress';

export interface TCompanyVersion {
  structure: number;
  progress: number;
}

interface TTracker {
  versions: Map<string, TCompanyVersion>;
}

const FUNCTION = 'portal_company_changed';
const STRUCTURE = 0;
const PROGRESS = 1;

/*
 * Temporary triggers: they live in this connection only, so the schema (and every other tool that
 * opens the file) never sees a function it does not have. Each names the company a write touched.
 */
const TRIGGERS: [name: string, event: string, table: string, companyOf: string, kind: number, when?: string][] = [
  ['users_insert', 'INSERT', 'users', 'new.company_id', STRUCTURE],
  ['users_delete', 'DELETE', 'users', 'old.company_id', STRUCTURE],
  ['users_move_from', 'UPDATE OF company_id', 'users', 'old.company_id', STRUCTURE],
  ['users_move_to', 'UPDATE OF company_id', 'users', 'new.company_id', STRUCTURE],
  ['assignments_insert', 'INSERT', 'course_assignments', userCompany('new'), STRUCTURE],
  ['assignments_delete', 'DELETE', 'course_assignments', userCompany('old'), STRUCTURE],
  ['assignments_update_from', 'UPDATE', 'course_assignments', userCompany('old'), STRUCTURE],
  ['assignments_update_to', 'UPDATE', 'course_assignments', userCompany('new'), STRUCTURE],
  ['progress_insert', 'INSERT', 'course_progress', 'new.company_id', PROGRESS],
  ['progress_delete', 'DELETE', 'course_progress', 'old.company_id', PROGRESS],
  // A save updates its row every few seconds: one call for it, two only when the row moves.
  ['progress_update', 'UPDATE', 'course_progress', 'new.company_id', PROGRESS],
  [
    'progress_move',
    'UPDATE OF company_id',
    'course_progress',
    'old.company_id',
    PROGRESS,
    'old.company_id IS NOT new.company_id',
  ],
  ['quiz_insert', 'INSERT', 'quiz_attempts', progressCompany('new'), PROGRESS],
  ['quiz_delete', 'DELETE', 'quiz_attempts', progressCompany('old'), PROGRESS],
  // Only the score counts on the dashboard; answers are saved one by one.
  ['quiz_score', 'UPDATE OF score, progress_id', 'quiz_attempts', progressCompany('new'), PROGRESS],
];

function userCompany(row: 'new' | 'old'): string {
  return `(select company_id from main.users where id = ${row}.user_id)`;
}
function progressCompany(row: 'new' | 'old'): string {
  return `(select company_id from main.course_progress where id = ${row}.progress_id)`;
}

const trackers = new WeakMap<Database.Database, TTracker>();

function trackerOf(sqlite: Database.Database): TTracker {
  let tracker = trackers.get(sqlite);
  if (tracker) return tracker;
  const created: TTracker = { versions: new Map() };
  sqlite.function(FUNCTION, { deterministic: false, varargs: false }, (companyId: unknown, kind: unknown) => {
    if (typeof companyId !== 'string') return null;
    const version = created.versions.get(companyId) ?? { structure: 0, progress: 0 };
    if (kind === PROGRESS) version.progress += 1;
    else version.structure += 1;
    created.versions.set(companyId, version);
    return null;
  });
  for (const [name, event, table, companyOf, kind, when] of TRIGGERS) {
    sqlite.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS portal_changes_${name} AFTER ${event} ON main.${table}
       ${when ? `WHEN ${when}` : ''} BEGIN SELECT ${FUNCTION}(${companyOf}, ${kind}); END`,
    );
  }
  tracker = created;
  trackers.set(sqlite, tracker);
  return tracker;
}

/**
 * How often, since this connection started watching, the data of a company changed, counted per
 * kind. Triggers count every write through this connection, whatever code makes it; the first
 * call starts the watch (the tables must exist, so after the migrations). Writes by other
 * processes are not seen: a cache built on this must also expire by age.
 *
 * A write rolled back still counts, which only costs a cache a needless refresh.
 */
export function companyVersion(db: TDatabase, companyId: string): TCompanyVersion {
  const version = trackerOf(db.$client).versions.get(companyId);
  return version ? { ...version } : { structure: 0, progress: 0 };
}
