import type { TDb } from './database.ts';

/**
 * A drizzle query built and prepared once per connection (SQLite) or pool (PostgreSQL), its values
 * passed as `sql.placeholder(...)`; run it with `await prepared.execute(values)`, which resolves
 * with the rows on both databases. For the small lookups every request makes, building the query
 * object and its SQL cost more than the database's work (docs/benchmarks.md), so the hot paths
 * use this. `build` calls `.prepare(name)`: PostgreSQL keeps it as a named statement per
 * connection, so the name must be unique in the portal.
 *
 * The cache key is the handle's session: a transaction has its own (so a statement is prepared
 * again inside each transaction, which costs one query build).
 */
export function preparedQuery<TPrepared>(build: (db: TDb) => TPrepared): (db: TDb) => TPrepared {
  const bySession = new WeakMap<object, TPrepared>();
  return (db) => {
    const session = (db as unknown as { session: object }).session;
    let prepared = bySession.get(session);
    if (!prepared) {
      prepared = build(db);
      bySession.set(session, prepared);
    }
    return prepared;
  };
}
