import { and, eq, type TTransaction, users } from '@portal/db';
import { enqueueMail } from '../mail/outbox.ts';
import { invalidateUserSessions } from './sessions.ts';

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(date);

/**
 * The shared tail of every password change (reset, change, first login): store the hash, end the
 * user's other sessions and tell them by mail. Runs inside the caller's transaction.
 *
 * With `previousHash` the hash is replaced only if it is still the one the caller verified (one
 * conditional update): of two changes racing with the same current password, the second finds the
 * hash changed and gets `false`, and writes nothing. Answers whether the password was stored.
 */
export async function setNewPassword(
  tx: TTransaction,
  input: {
    user: {
      userId: string;
      email: string;
      firstname: string;
      lastname: string;
      lang: 'de' | 'en';
      companyId: string | null;
    };
    passwordHash: string;
    now: Date;
    keepSessionId?: string;
    notify?: boolean;
    previousHash?: string;
  },
): Promise<boolean> {
  const { user, now } = input;
  const stored = await tx
    .update(users)
    .set({
      passwordHash: input.passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      isFirstLogin: false,
      active: true,
    })
    .where(
      input.previousHash === undefined
        ? eq(users.id, user.userId)
        : and(eq(users.id, user.userId), eq(users.passwordHash, input.previousHash)),
    )
    .returning({ id: users.id });
  if (stored.length === 0) return false;
  await invalidateUserSessions(tx, user.userId, input.keepSessionId);
  if (input.notify === false) return true;
  await enqueueMail(
    tx,
    {
      to: user.email,
      lang: user.lang,
      userId: user.userId,
      companyId: user.companyId,
      mail: {
        template: 'password_changed',
        params: { name: `${user.firstname} ${user.lastname}`, date: formatDate(now) },
      },
    },
    now,
  );
  return true;
}
