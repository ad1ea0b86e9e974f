import type { TCourseLanguage } from '@portal/content';
import { companyVersion, type TCompanyVersion, type TDatabase } from '@portal/db';
import { companyStats, type TCompanyStats, weekStart } from './company-stats.ts';

/*
 * The dashboard of a large company reads every assignment of its people (30,000 rows at 5,000
 * people, about 100 ms). Its figures change only when the company's data does, so they are kept
 * per company and language until a write touches the company (ADR 023):
 * - people or assignments changed (someone invited, moved, deleted, a course assigned or
 *   revoked): the next call recomputes;
 * - progress changed (learners saving, quizzes scored): the figures may lag by up to 100 times
 *   what computing them cost, at most 30 s. So recomputing takes at most about 1 % of the time
 *   while the staff learn, and a small company (about 1 ms) is always current;
 * - in any case after five minutes (writes by other processes are not seen), or when the week
 *   of "progress over time" ends.
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

const caches = new WeakMap<TDatabase, Map<string, TEntry>>();

function isCurrent(entry: TEntry, version: TCompanyVersion, now: number): boolean {
  if (entry.version.structure !== version.structure) return false;
  if (entry.week !== weekStart(now)) return false;
  const age = now - entry.computedAt;
  if (age < 0 || age >= MAX_AGE_MS) return false;
  if (entry.version.progress === version.progress) return true;
  return age < Math.min(MAX_PROGRESS_LAG_MS, entry.costMs * PROGRESS_LAG_FACTOR);
}

/** `companyStats` kept between calls, for the dashboard. */
export function cachedCompanyStats(
  db: TDatabase,
  companyId: string,
  lang: TCourseLanguage,
  now = new Date(),
): TCompanyStats {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = `${companyId}\u0000${lang}`;
  const version = companyVersion(db, companyId);
  const entry = cache.get(key);
  cache.delete(key);
  if (entry && isCurrent(entry, version, now.getTime())) {
    cache.set(key, entry);
    return entry.stats;
  }
  const started = performance.now();
  const stats = companyStats(db, companyId, lang, now);
  cache.set(key, {
    stats,
    version,
    computedAt: now.getTime(),
    week: weekStart(now.getTime()),
    costMs: performance.now() - started,
  });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return stats;
}
