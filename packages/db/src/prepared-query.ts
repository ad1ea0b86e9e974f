import type { TDb } from './database.ts';

/**
 * A drizzle query built and prepared once per connection (SQLite) or pool (PostgreSQL), its values
 * passed as `sql.placeholder(...)`; run it with `await prepared.execute(values)`, which resolves
 * with the rows on both databases. For the small lookups every request makes, building the query
 * object and its SQL cost more than the database's work (docs/benchmarks.md), so the hot paths
 * use this. `build` calls `.prepare(name)`: PostgreSQL keeps it as a named statement per
 * connection, so the name must be unique in the portal.
 *
 * The cache key is the connection the handle's session sends to (drizzle's `session.client`): the
 * pool, SQLite's read or write connection, or on PostgreSQL the pooled connection a transaction
 * holds. drizzle gives every PostgreSQL transaction a session of its own, but what it prepares
 * keeps only that connection; so a statement run inside transactions is built once per pooled
 * connection, not once per transaction (the phishing click's lookup, docs/benchmarks.md).
 */
export function preparedQuery<TPrepared>(build: (db: TDb) => TPrepared): (db: TDb) => TPrepared {
  const byConnection = new WeakMap<object, TPrepared>();
  return (db) => {
    const session = (db as unknown as { session: { client?: object } }).session;
    const connection = session.client ?? session;
    let prepared = byConnection.get(connection);
    if (!prepared) {
      prepared = build(db);
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}
