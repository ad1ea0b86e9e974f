import { and, companies, eq, isNotNull, lt, type TDatabase, type TTransaction, transaction } from '@portal/db';
import type { TLocale } from '@portal/i18n';
import { eraseCompany } from '../admin/erase-company.ts';
import { audit } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ATTEMPT_LIMITS, REGISTRATION_CONFIRMATION_DAYS } from '../policy.ts';
import { DAY_MS } from '../throttle/day-window.ts';
import { consumeToken, findValidToken, insertOneTimeToken } from './one-time-tokens.ts';
import type { TSessionUser } from './sessions.ts';
import { claimAttempt } from './throttle.ts';

/** The page that opens a confirmation link (apps/web routes). */
export const CONFIRM_EMAIL_PATH = '/confirm-email/';

/**
 * Queues the confirmation mail of a self-registered policyholder inside the caller's transaction
 * (issue 37). The mail carries nothing the registrant typed (no name, no company): a stranger who
 * registers with someone else's address can make the portal send only this fixed text, once per
 * registration and a few times on request, each counted against the address limits.
 */
export async function queueRegistrationConfirmation(
  tx: TTransaction,
  input: { userId: string; companyId: string; email: string; lang: TLocale; publicUrl: string },
  now: Date,
): Promise<string> {
  const token = await insertOneTimeToken(tx, {
    kind: 'email_confirmation',
    userId: input.userId,
    validForMs: REGISTRATION_CONFIRMATION_DAYS * DAY_MS,
    now,
  });
  await enqueueMail(
    tx,
    {
      to: input.email,
      lang: input.lang,
      userId: input.userId,
      companyId: input.companyId,
      mail: {
        template: 'registration_confirmation',
        params: { link: `${input.publicUrl}${CONFIRM_EMAIL_PATH}${token}`, days: REGISTRATION_CONFIRMATION_DAYS },
      },
    },
    now,
  );
  return token;
}

/**
 * The registrant opened the link: the company is confirmed (its actions beyond its own settings
 * unlock) and the link is used up. Anyone holding the link may open it, signed in or not: it
 * proves only that the mailbox received it. A used, expired or unknown link answers one error.
 */
export async function confirmRegistration(
  db: TDatabase,
  token: string,
  now = new Date(),
): Promise<{ confirmed: true }> {
  const invalid = () => new DomainError('BAD_REQUEST', 'confirm_email.invalid_link');
  const found = await findValidToken(db, token, ['email_confirmation'], now);
  if (!found?.companyId || found.locked) throw invalid();
  const companyId = found.companyId;
  // Read committed: the conditional update of the token decides between two clicks; the loser
  // changes nothing.
  await transaction(db, async (tx) => {
    if (!(await consumeToken(tx, found.tokenId, now))) throw invalid();
    await tx
      .update(companies)
      .set({ confirmationPendingSince: null, updatedAt: now })
      .where(eq(companies.id, companyId));
    await audit(tx, { action: 'employer.email_confirmed', actorId: found.userId, actorRole: found.role, companyId });
  });
  return { confirmed: true };
}

/**
 * A new confirmation link for the signed-in policyholder whose company waits for it; the earlier
 * link stops working. Limited like reset requests (per address and per requesting address), so
 * the button cannot be used to mail an inbox over and over.
 */
export async function resendRegistrationConfirmation(
  db: TDatabase,
  caller: TSessionUser,
  input: { ip: string; publicUrl: string },
  now = new Date(),
): Promise<{ sent: true }> {
  if (caller.role !== 'employer' || !caller.companyId) throw new DomainError('NOT_FOUND', 'errors.NOT_FOUND');
  const companyId = caller.companyId;
  const [company] = await db
    .select({ pending: companies.confirmationPendingSince, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company?.pending || company.ownerId !== caller.id)
    throw new DomainError('CONFLICT', 'confirm_email.already_confirmed');
  const allowed = await claimAttempt(
    db,
    [
      [ATTEMPT_LIMITS.confirmationAccount, caller.email],
      [ATTEMPT_LIMITS.confirmationAddress, input.ip],
    ],
    now,
  );
  if (!allowed) throw new DomainError('TOO_MANY_REQUESTS', 'errors.TOO_MANY_REQUESTS');
  await transaction(db, async (tx) => {
    await queueRegistrationConfirmation(
      tx,
      { userId: caller.id, companyId, email: caller.email, lang: caller.lang, publicUrl: input.publicUrl },
      now,
    );
    await audit(tx, { action: 'employer.confirmation_resent', actorId: caller.id, actorRole: 'employer', companyId });
  });
  return { sent: true };
}

/**
 * Housekeeping: registrations never confirmed within REGISTRATION_CONFIRMATION_DAYS are erased
 * completely, like a company an admin deletes. Each in its own serializable transaction that
 * checks the company is still unconfirmed, so a confirmation at the same moment wins.
 */
export async function deleteUnconfirmedRegistrations(db: TDatabase, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REGISTRATION_CONFIRMATION_DAYS * DAY_MS);
  const expired = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(isNotNull(companies.confirmationPendingSince), lt(companies.confirmationPendingSince, cutoff)));
  let deleted = 0;
  for (const { id } of expired) {
    const erased = await transaction(
      db,
      async (tx) => {
        const [still] = await tx
          .select({ pending: companies.confirmationPendingSince })
          .from(companies)
          .where(eq(companies.id, id));
        if (!still?.pending || still.pending >= cutoff) return false;
        const { people } = await eraseCompany(tx, id, now);
        await audit(tx, { action: 'company.registration_expired', details: { people } });
        return true;
      },
      { isolation: 'serializable' },
    );
    if (erased) deleted += 1;
  }
  return deleted;
}

/** Whether the company has confirmed its registration (companies the provider made always have). */
export async function isCompanyConfirmed(db: TDatabase | TTransaction, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ pending: companies.confirmationPendingSince })
    .from(companies)
    .where(eq(companies.id, companyId));
  return Boolean(row) && !row?.pending;
}
