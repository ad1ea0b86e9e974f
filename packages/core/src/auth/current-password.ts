import { type TDatabase, transaction } from '@portal/db';
import { DomainError } from '../errors.ts';
import { signInClaims, type TRequestMeta } from './login.ts';
import { verifyPassword } from './password-hash.ts';
import { claimAttempt, refundAttempt } from './throttle.ts';

/**
 * The current password of a signed-in person (changing the password, turning two factors off).
 * It counts against the same limits as a sign-in (throttle.ts): a stolen session must not become a
 * way to guess the password without a limit.
 */
export async function assertCurrentPassword(
  db: TDatabase,
  user: { email: string; passwordHash: string | null },
  password: string,
  meta: TRequestMeta,
  now = new Date(),
): Promise<void> {
  const claims = signInClaims(user.email, meta.ip);
  if (!(await claimAttempt(db, claims, now))) throw new DomainError('TOO_MANY_REQUESTS', 'errors.TOO_MANY_REQUESTS');
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new DomainError('BAD_REQUEST', 'change_password.current_password_wrong');
  }
  await transaction(db, (tx) => refundAttempt(tx, claims));
}
