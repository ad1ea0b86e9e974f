import type Database from 'better-sqlite3';

/** Distinct SQL texts kept per connection; queries with variable `in (...)` lists make new texts. */
const CACHE_SIZE = 500;

/**
 * Makes `prepare` on this connection reuse compiled statements by their SQL text. drizzle calls
 * `prepare` for every query it runs, and compiling the SQL was the largest single cost of a typical
 * request (about a tenth of its CPU time, docs/benchmarks.md).
 *
 * A reused statement is handed out in its default mode: callers may have switched it to `raw`,
 * `pluck` or `expand` mode, and drizzle relies on the default when it does not ask for raw rows.
 * A statement that is still iterating is never shared: the caller gets a fresh one.
 */
export function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      // Re-inserting keeps the Map's order "least recently used first" for the eviction below.
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) cached.raw(false).pluck(false).expand(false);
      return cached;
    }
    const statement = prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
