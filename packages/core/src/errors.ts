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
