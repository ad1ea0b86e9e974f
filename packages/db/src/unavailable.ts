/**
 * SQLSTATE classes and codes meaning "the database is not there right now" rather than "this
 * request is wrong": connection exceptions (08), the server shutting down or starting (57P01,
 * 57P02, 57P03), too many connections (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres reports a lost or refused connection in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
];

/**
 * Whether an error (or any error in its `cause` chain) says the database is unreachable for the
 * moment (ADR 028): a PostgreSQL restart, a network cut, a full connection pool, SQLite's write
 * lock held too long by another process. Requests answer 503 "temporarily unavailable" for these,
 * and a 500 for everything else.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
    }
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
