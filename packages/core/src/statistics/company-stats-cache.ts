import type { TCourseLanguage } from '@portal/content';
import { companyVersion, type TCompanyVersion, type TDatabase } from '@portal/db';
import { companyStats, type TCompanyStats, weekStart } from './company-stats.ts';

/*
 * The dashboard of a large company reads every assignment of its people (30,000 rows at 5,000
 * people, about 100 ms). Its figures change only when the company's data does, so they are kept
 * per company and language until a write touches the company (ADR 023). What changed is read from
 * the database (`companyVersion`: a counter and the latest progress save, both kept by triggers),
 * so writes by every process and every code path are seen, on SQLite and PostgreSQL alike:
 * - people or assignments changed (someone invited, moved, deleted, a course assigned or
 *   revoked), here or in another process: the next call recomputes;
 * - progress changed (learners saving, quizzes scored): the figures may lag by up to 100 times
 *   what computing them cost, at most 30 s. So recomputing takes at most about 1 % of the time
 *   while the staff learn, and a small company (about 1 ms) is always current;
 * - in any case after five minutes, or when the week of "progress over time" ends.
 * Calls that arrive while the figures are being computed for the same people and assignments
 * wait for that computation instead of starting their own (it started at most its own duration
 * ago, well inside the progress lag).
 */
export const PROGRESS_LAG_FACTOR = 100;
export const MAX_PROGRESS_LAG_MS = 30_000;
export const MAX_AGE_MS = 5 * 60_000;
/** Companies kept; the least recently read goes first. */
export const CACHE_SIZE = 500;

interface TEntry {
  stats: TCompanyStats;
  version: TCompanyVersion;
  computedAt: number;
  week: number;
  costMs: number;
}

interface TPending {
  structure: number;
  week: number;
  stats: Promise<TCompanyStats>;
}

interface TCache {
  entries: Map<string, TEntry>;
  pending: Map<string, TPending>;
}

const caches = new WeakMap<TDatabase, TCache>();

function isCurrent(entry: TEntry, version: TCompanyVersion, now: number): boolean {
  if (entry.version.structure !== version.structure) return false;
  if (entry.week !== weekStart(now)) return false;
  const age = now - entry.computedAt;
  if (age < 0 || age >= MAX_AGE_MS) return false;
  if (entry.version.progress === version.progress) return true;
  return age < Math.min(MAX_PROGRESS_LAG_MS, entry.costMs * PROGRESS_LAG_FACTOR);
}

/** `companyStats` kept between calls, for the dashboard. */
export async function cachedCompanyStats(
  db: TDatabase,
  companyId: string,
  lang: TCourseLanguage,
  now = new Date(),
): Promise<TCompanyStats> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), pending: new Map() };
    caches.set(db, cache);
  }
  const { entries, pending } = cache;
  const key = `${companyId}\u0000${lang}`;
  // Read before computing: a write during the computation leaves the entry older than the data.
  const version = await companyVersion(db, companyId);
  const week = weekStart(now.getTime());
  const entry = entries.get(key);
  if (entry && isCurrent(entry, version, now.getTime())) {
    entries.delete(key);
    entries.set(key, entry);
    return entry.stats;
  }
  const running = pending.get(key);
  if (running && running.structure === version.structure && running.week === week) return running.stats;

  const started = performance.now();
  const stats = companyStats(db, companyId, lang, now);
  const computing: TPending = { structure: version.structure, week, stats };
  pending.set(key, computing);
  try {
    const result = await stats;
    // Stored with the version read before it started, so whatever finishes last is safe to keep.
    entries.delete(key);
    entries.set(key, { stats: result, version, computedAt: now.getTime(), week, costMs: performance.now() - started });
    if (entries.size > CACHE_SIZE) entries.delete(entries.keys().next().value as string);
    return result;
  } finally {
    if (pending.get(key) === computing) pending.delete(key);
  }
}
