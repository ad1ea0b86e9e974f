import {
  and,
  asc,
  dialectOf,
  eq,
  inArray,
  isNull,
  type jobs,
  lt,
  lte,
  type mailOutbox,
  or,
  type SQL,
  type TTransaction,
} from '@portal/db';

/** The tables whose rows a worker claims with a lease: the mail outbox (ADR 028) and the job queue (ADR 032). */
export type TLeasedTable = typeof mailOutbox | typeof jobs;

export interface TClaimWithLease<TTable extends TLeasedTable> {
  table: TTable;
  /** The table's "due from" column (`next_attempt_at`, `run_at`); the earliest due are claimed first. */
  dueAt: TTable extends typeof jobs ? typeof jobs.runAt : typeof mailOutbox.nextAttemptAt;
  /** The claiming worker's name, written to `lease_owner`. */
  owner: string;
  now: Date;
  /** How long the claim holds; after that another worker may take the row. */
  leaseMs: number;
  batchSize: number;
  /** More columns the claim sets besides the lease, e.g. the job runner's attempt counted in SQL. */
  set?: { [Key in keyof TTable['$inferInsert']]?: TTable['$inferInsert'][Key] | SQL };
}

/**
 * Claims up to `batchSize` due rows (status `pending`, `dueAt` reached, lease free) for `owner`:
 * they get its name and a lease until `now + leaseMs`, and no other worker takes them until it
 * runs out. Returns the claimed rows as updated. Runs inside the caller's transaction, so the
 * caller can record more about the claim atomically with it (the job runner opens its runs).
 *
 * Safe at read committed (ADR 028): on PostgreSQL the candidates are read `FOR UPDATE SKIP LOCKED`,
 * so two processes claiming at once take different rows without waiting for each other; the
 * conditional update checks status and lease again in any case and decides, so a row another
 * worker claimed first is skipped (on SQLite the write lock already makes claims take turns).
 */
export async function claimWithLease<TTable extends TLeasedTable>(
  tx: TTransaction,
  claim: TClaimWithLease<TTable>,
): Promise<TTable['$inferSelect'][]> {
  // drizzle's builders do not resolve a generic table's columns; the union of the two tables they do.
  const table: TLeasedTable = claim.table;
  const { dueAt, owner, now } = claim;
  const free = or(isNull(table.leaseUntil), lt(table.leaseUntil, now));
  const due = tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'pending'), lte(dueAt, now), free))
    .orderBy(asc(dueAt))
    .limit(claim.batchSize);
  const ids = (dialectOf(tx) === 'postgres' ? await due.for('update', { skipLocked: true }) : await due).map(
    (row) => row.id,
  );
  if (ids.length === 0) return [];
  const claimed = await tx
    .update(table)
    .set({ ...claim.set, leaseOwner: owner, leaseUntil: new Date(now.getTime() + claim.leaseMs) })
    .where(and(inArray(table.id, ids), eq(table.status, 'pending'), free))
    .returning();
  // The rows come from `claim.table`, which is TTable: the union's other member is not among them.
  return claimed as TTable['$inferSelect'][];
}
