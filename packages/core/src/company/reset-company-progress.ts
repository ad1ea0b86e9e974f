import { renderCertificatePdf } from '@portal/certificates';
import {
  and,
  companies,
  courseProgress,
  eq,
  isNull,
  lte,
  or,
  rawExecute,
  sql,
  type TDatabase,
  type TDb,
  transaction,
  users,
} from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { insertCertificate } from '../certificates/certificate-record.ts';
import { companyCertificateContent } from '../certificates/company-certificate.ts';
import { revokeCertificates } from '../certificates/revoke-certificates.ts';
import { certificateValidUntil, newCertificateCode, verifyUrl } from '../certificates/verification-code.ts';
import { DomainError, notFound } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** Spec §4: an e-learning reset is allowed once every 30 days. */
export const RESET_INTERVAL_DAYS = 30;
const DAY_MS = 86_400_000;

function nextResetAt(lastResetAt: Date | null): Date | null {
  return lastResetAt ? new Date(lastResetAt.getTime() + RESET_INTERVAL_DAYS * DAY_MS) : null;
}

async function loadCompany(db: TDb, companyId: string) {
  const [company] = await db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      insuranceNumber: companies.insuranceNumber,
      lastProgressResetAt: companies.lastProgressResetAt,
      ownerEmail: users.email,
      ownerId: users.id,
      ownerLang: users.lang,
      ownerFirstname: users.firstname,
      ownerLastname: users.lastname,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return company;
}

/** When the company may reset next (null: now). */
export async function resetStatus(db: TDb, companyId: string, now = new Date()) {
  const last = (await loadCompany(db, companyId)).lastProgressResetAt;
  const next = nextResetAt(last);
  return { lastResetAt: last?.toISOString() ?? null, nextResetAt: next && next > now ? next.toISOString() : null };
}

/**
 * Resets the company's e-learning (spec §4): the company certificate (proof of insurance) with the
 * figures before the reset goes to the policyholder by mail, then every result is set to zero;
 * assignments stay. Certificates issued earlier are revoked, since the results they state are
 * gone; the mailed one stays valid as the record of the closed training round. At most every 30
 * days; earlier answers `reset.too_soon` with the next possible date. Employers reset their own
 * company, admins any (the admin issue).
 */
export async function resetCompanyProgress(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  meta: TRequestMeta,
  publicUrl: string,
  now = new Date(),
) {
  if (actor.role !== 'admin' && (actor.role !== 'employer' || actor.companyId !== companyId)) throw notFound();
  const tooSoon = (next: Date) => new DomainError('CONFLICT', 'reset.too_soon', { date: formatDate(next) });
  const before = await loadCompany(db, companyId);
  const next = nextResetAt(before.lastProgressResetAt);
  if (next && next > now) throw tooSoon(next);

  // The PDF is rendered before the transaction (it is slow: on SQLite the transaction holds the
  // only write connection); the transaction claims the reset and stores the certificate under the
  // code printed on it.
  const content = await companyCertificateContent(db, companyId);
  const code = newCertificateCode();
  const pdf = await renderCertificatePdf(
    { code, issuedAt: now, validUntil: certificateValidUntil(now), verifyUrl: verifyUrl(publicUrl, code), content },
    before.ownerLang,
  );
  const t = createTranslator(before.ownerLang);

  // Read committed: the first statement claims the reset with one conditional update of the date
  // (ADR 028). Of two resets at once, the second waits for the first to commit, then finds the new
  // date and changes nothing: it rolls back with `reset.too_soon`, so the company is reset, mailed
  // and certified once.
  return transaction(db, async (tx) => {
    const [claimed] = await tx
      .update(companies)
      .set({ lastProgressResetAt: now, updatedAt: now })
      .where(
        and(
          eq(companies.id, companyId),
          or(
            isNull(companies.lastProgressResetAt),
            lte(companies.lastProgressResetAt, new Date(now.getTime() - RESET_INTERVAL_DAYS * DAY_MS)),
          ),
        ),
      )
      .returning({ id: companies.id });
    if (!claimed) {
      const again = nextResetAt((await loadCompany(tx, companyId)).lastProgressResetAt);
      throw again && again > now ? tooSoon(again) : notFound();
    }
    const company = await loadCompany(tx, companyId);
    await enqueueMail(
      tx,
      {
        to: company.ownerEmail,
        lang: company.ownerLang,
        userId: company.ownerId,
        companyId,
        mail: {
          template: 'progress_reset',
          params: { name: `${company.ownerFirstname} ${company.ownerLastname}`, company: company.companyName },
        },
        attachments: [
          {
            filename: `${t('certificate.file_company')}-${code}.pdf`,
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      },
      now,
    );
    const revoked = await revokeCertificates(tx, { companyId }, now);
    await insertCertificate(tx, { kind: 'company', companyId }, content, now, code);
    // The number of rows only: a large company has tens of thousands.
    const removed = await rawExecute(
      tx,
      sql`delete from ${courseProgress} where ${courseProgress.companyId} = ${companyId}`,
    );
    await audit(tx, {
      action: 'company.progress_reset',
      actorId: actor.id,
      actorRole: actor.role,
      companyId,
      ip: meta.ip,
      details: { removed, revokedCertificates: revoked, certificate: code },
    });
    return {
      removed,
      lastResetAt: now.toISOString(),
      nextResetAt: new Date(now.getTime() + RESET_INTERVAL_DAYS * DAY_MS).toISOString(),
    };
  });
}
