import {
  alias,
  and,
  companies,
  eq,
  lt,
  ne,
  preparedQuery,
  sessions,
  sql,
  type TDatabase,
  type TTransaction,
  transaction,
  users,
} from '@portal/db';
import { isBackOfficeRole, type TRole } from '@portal/validators';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_TOUCH_INTERVAL_MS } from '../policy.ts';
import { constantTimeEqualHex, generateSecret, hashSecret } from '../tokens.ts';

export interface TSessionInfo {
  id: string;
  userId: string;
  role: TRole;
  /** Idle timeout in seconds. */
  ttl: number;
  createdAt: Date;
}

/** What every authenticated request knows about its caller. */
export interface TSessionUser {
  id: string;
  role: TRole;
  companyId: string | null;
  email: string;
  firstname: string;
  lastname: string;
  lang: 'de' | 'en';
}

// Every authenticated request runs this lookup: prepared once per connection, it skips drizzle's
// query building (about 0.1 ms a call). Built on first use, after the database bound its tables
// (the alias, like the tables, belongs to the bound dialect).
const sessionLookup = preparedQuery((db) => {
  /** The policyholder of the caller's company, whose AVV acceptance unlocks the company (spec §4). */
  const owner = alias(users, 'owner');
  return db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ttl: sessions.ttl,
      userId: users.id,
      role: users.role,
      companyId: users.companyId,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      lang: users.lang,
      locked: users.locked,
      companyAvvAccepted: owner.orderProcessingAccepted,
      companyConfirmationPending: companies.confirmationPendingSince,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(owner, eq(owner.id, companies.ownerId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('core_session_lookup');
});

export const idleSecondsFor = (role: TRole) =>
  isBackOfficeRole(role) ? SESSION_IDLE_SECONDS.admin : SESSION_IDLE_SECONDS.customer;

type TNewSession = { userId: string; role: TRole; userAgent?: string; now?: Date };

/**
 * Inserts a session inside the caller's transaction and returns its token `id.secret` (shown to
 * the client once). Only SHA-256(secret) is stored, so a leaked database does not leak usable
 * tokens.
 */
export async function insertSession(
  tx: TTransaction,
  input: TNewSession,
): Promise<{ token: string; session: TSessionInfo }> {
  const now = input.now ?? new Date();
  const id = generateSecret(15);
  const secret = generateSecret(32);
  const ttl = idleSecondsFor(input.role);
  await tx.insert(sessions).values({
    id,
    secretHash: hashSecret(secret),
    userId: input.userId,
    role: input.role,
    createdAt: now,
    lastSeenAt: now,
    ttl,
    userAgent: (input.userAgent ?? '').slice(0, 300),
  });
  return {
    token: `${id}.${secret}`,
    session: { id, userId: input.userId, role: input.role, ttl, createdAt: now },
  };
}

/**
 * Creates a session on its own (`insertSession` inside a transaction the caller already has).
 * Given a transaction, it runs as a savepoint in it.
 */
export function createSession(
  db: TDatabase | TTransaction,
  input: TNewSession,
): Promise<{ token: string; session: TSessionInfo }> {
  // Read committed: one insert of a new random id, nothing read.
  return transaction(db, (tx) => insertSession(tx, input));
}

/**
 * Resolves a token to its session and user, or null when the token is unknown, wrong, idle for
 * longer than its ttl, older than the absolute lifetime, or its user is blocked. Expired sessions
 * are deleted on sight. Activity slides the idle window. The lookup is one prepared read; a write
 * happens only for an expired session or once per SESSION_TOUCH_INTERVAL_MS.
 */
export async function validateSessionToken(
  db: TDatabase,
  token: string,
  now: Date = new Date(),
): Promise<{
  session: TSessionInfo;
  user: TSessionUser;
  companyAvvAccepted: boolean;
  companyConfirmed: boolean;
} | null> {
  const [id, secret] = token.split('.');
  if (!id || !secret || id.length > 64 || secret.length > 128) return null;
  const [row] = await sessionLookup(db).execute({ id });
  if (!row || !constantTimeEqualHex(row.secretHash, hashSecret(secret))) return null;

  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  const age = now.getTime() - row.createdAt.getTime();
  if (row.locked || idleFor > row.ttl * 1000 || age > SESSION_ABSOLUTE_SECONDS * 1000) {
    // Read committed: deleting a row by its key; a second request deleting it too changes nothing.
    await transaction(db, (tx) => tx.delete(sessions).where(eq(sessions.id, id)));
    return null;
  }
  if (idleFor > SESSION_TOUCH_INTERVAL_MS) {
    // Read committed: one conditional update; of racing requests the latest time stays, never an older one.
    await transaction(db, (tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, now))),
    );
  }
  return {
    session: { id: row.id, userId: row.userId, role: row.role, ttl: row.ttl, createdAt: row.createdAt },
    user: {
      id: row.userId,
      role: row.role,
      companyId: row.companyId,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      lang: row.lang,
    },
    // Read with the session so that the company rule costs company-scoped calls no extra query.
    companyAvvAccepted: row.companyAvvAccepted === true,
    // A self-registered company until its registrant opened the confirmation link (issue 37).
    companyConfirmed: row.companyConfirmationPending === null,
  };
}

/** Ends one session (logout), inside the caller's transaction. */
export async function invalidateSession(tx: TTransaction, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every other one when `exceptSessionId` is given. */
export async function invalidateUserSessions(
  tx: TTransaction,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  await tx.delete(sessions).where(condition);
}
