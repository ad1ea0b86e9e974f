import { eq, type TDb, users } from '@portal/db';
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
 */
export function setNewPassword(
  tx: TDb,
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
  },
): void {
  const { user, now } = input;
  tx.update(users)
    .set({
      passwordHash: input.passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      isFirstLogin: false,
      active: true,
    })
    .where(eq(users.id, user.userId))
    .run();
  invalidateUserSessions(tx, user.userId, input.keepSessionId);
  if (input.notify === false) return;
  enqueueMail(
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
}
