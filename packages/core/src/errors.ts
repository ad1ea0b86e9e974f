import type { TMessageKey } from '@portal/i18n';

export type TDomainErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS';

/**
 * An expected failure with a translatable message key. Services throw it; the API layer maps
 * `kind` to an HTTP status and translates `messageKey` into the caller's language.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: TDomainErrorKind,
    readonly messageKey: TMessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }
}

/** 404. The default message says nothing; a more specific key only where it reveals nothing private. */
export const notFound = (messageKey: TMessageKey = 'errors.NOT_FOUND') => new DomainError('NOT_FOUND', messageKey);

/**
 * Whether a database error is a unique-constraint violation, on either database (ADR 028): SQLite
 * reports `SQLITE_CONSTRAINT_UNIQUE` (or `SQLITE_CONSTRAINT_PRIMARYKEY`), PostgreSQL SQLSTATE
 * 23505. drizzle may wrap the driver's error, so the causes are searched too. A racing request that
 * inserts the same email or key loses here, after the database decided.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  }
  return false;
}
