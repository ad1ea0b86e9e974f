import { rawExecute, sql, type TTransaction } from '@portal/db';
import { eraseCertificates } from '../certificates/revoke-certificates.ts';

/**
 * Erases one company inside the caller's (serializable) transaction (DECISIONS.md deletion rule):
 * its people, progress, quiz attempts, assignments, sessions, tokens, AVV records, uploads and
 * mails. Certificates become tombstones (code, dates, reason) so a scanned QR code says
 * "revoked"; audit entries of the company lose every id and address. The admin's complete
 * deletion and the expiry of unconfirmed registrations both end here.
 */
export async function eraseCompany(tx: TTransaction, companyId: string, now: Date) {
  const people = sql`select id from users where company_id = ${companyId}`;
  // Rows that name the company's people but do not cascade from the company.
  const mails = await rawExecute(
    tx,
    sql`delete from mail_outbox where company_id = ${companyId} or user_id in (${people})`,
  );
  await rawExecute(
    tx,
    sql`delete from login_throttle where key in (select 'account:' || email from users where company_id = ${companyId})`,
  );
  await eraseCertificates(tx, { companyId }, now);
  await rawExecute(
    tx,
    sql`update certificates set content = null, user_id = null, company_id = null,
               revoked_at = coalesce(revoked_at, ${now.getTime()}),
               revoked_reason = coalesce(revoked_reason, 'company_deleted')
         where user_id in (${people})`,
  );
  await rawExecute(
    tx,
    sql`update audit_log set actor_id = null, target_id = null, company_id = null, ip = null, details = null
         where company_id = ${companyId} or actor_id in (${people}) or target_id in (${people})`,
  );
  const removedPeople = await rawExecute(tx, sql`delete from users where company_id = ${companyId}`);
  // The company row last: progress, quiz attempts, uploads and AVV records cascade from it and
  // from the people.
  await rawExecute(tx, sql`delete from companies where id = ${companyId}`);
  return { people: removedPeople, mails };
}
