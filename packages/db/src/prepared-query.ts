import type { TDb } from './client.ts';

/**
 * A drizzle query built and prepared once per connection, its values passed as
 * `sql.placeholder(...)`. For the small lookups every request makes, building the query object and
 * its SQL cost more than SQLite's work (docs/benchmarks.md), so the hot paths use this.
 *
 * The cache key is the connection's session, which a transaction handle shares with its database:
 * a query prepared once runs inside and outside transactions on the same connection.
 */
export function preparedQuery<TPrepared>(build: (db: TDb) => TPrepared): (db: TDb) => TPrepared {
  const byConnection = new WeakMap<object, TPrepared>();
  return (db) => {
    const session = (db as unknown as { session: object }).session;
    let prepared = byConnection.get(session);
    if (!prepared) {
      prepared = build(db);
      byConnection.set(session, prepared);
    }
    return prepared;
  };
}
