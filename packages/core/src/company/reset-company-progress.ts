import { companies, courseProgress, eq, type TDatabase, type TDb, users } from '@portal/db';
import { formatDate } from '@portal/validators';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { DomainError, notFound } from '../errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { companyStats } from '../statistics/company-stats.ts';
import { progressSummaryPdf } from './progress-summary-pdf.ts';

/** Spec §4: an e-learning reset is allowed once every 30 days. */
export const RESET_INTERVAL_DAYS = 30;
const DAY_MS = 86_400_000;

function nextResetAt(lastResetAt: Date | null): Date | null {
  return lastResetAt ? new Date(lastResetAt.getTime() + RESET_INTERVAL_DAYS * DAY_MS) : null;
}

function loadCompany(db: TDb, companyId: string) {
  const company = db
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
    .where(eq(companies.id, companyId))
    .get();
  if (!company) throw notFound();
  return company;
}

/** When the company may reset next (null: now). */
export function resetStatus(db: TDb, companyId: string, now = new Date()) {
  const last = loadCompany(db, companyId).lastProgressResetAt;
  const next = nextResetAt(last);
  return { lastResetAt: last?.toISOString() ?? null, nextResetAt: next && next > now ? next.toISOString() : null };
}

/**
 * Resets the company's e-learning (spec §4): first the company's record goes to the policyholder
 * as a PDF by mail, then every result is set to zero; assignments stay. At most every 30 days;
 * earlier answers `reset.too_soon` with the next possible date. Employers reset their own company,
 * admins any (the admin issue).
 */
export async function resetCompanyProgress(
  db: TDatabase,
  actor: TSessionUser,
  companyId: string,
  meta: TRequestMeta,
  now = new Date(),
) {
  if (actor.role !== 'admin' && (actor.role !== 'employer' || actor.companyId !== companyId)) throw notFound();
  const tooSoon = (next: Date) => new DomainError('CONFLICT', 'reset.too_soon', { date: formatDate(next) });
  const before = loadCompany(db, companyId);
  const next = nextResetAt(before.lastProgressResetAt);
  if (next && next > now) throw tooSoon(next);

  // The PDF is rendered outside the transaction (pdfkit streams); the transaction re-checks the date.
  const stats = companyStats(db, companyId, before.ownerLang, now);
  const pdf = await progressSummaryPdf(
    {
      companyName: before.companyName,
      insuranceNumber: before.insuranceNumber,
      issuedAt: now,
      learners: stats.learners,
      completedAllAssigned: stats.completedAllAssigned,
      courses: stats.courses.map((course) => ({
        title: course.title,
        assigned: course.assigned,
        completed: course.completed,
      })),
    },
    before.ownerLang,
  );

  return db.transaction(
    (tx) => {
      const company = loadCompany(tx, companyId);
      const again = nextResetAt(company.lastProgressResetAt);
      if (again && again > now) throw tooSoon(again);
      enqueueMail(
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
              filename: company.ownerLang === 'de' ? 'Schulungsnachweis.pdf' : 'Training-record.pdf',
              contentType: 'application/pdf',
              content: pdf,
            },
          ],
        },
        now,
      );
      const removed = tx.delete(courseProgress).where(eq(courseProgress.companyId, companyId)).run().changes;
      tx.update(companies).set({ lastProgressResetAt: now, updatedAt: now }).where(eq(companies.id, companyId)).run();
      audit(tx, {
        action: 'company.progress_reset',
        actorId: actor.id,
        actorRole: actor.role,
        companyId,
        ip: meta.ip,
        details: { removed },
      });
      return {
        removed,
        lastResetAt: now.toISOString(),
        nextResetAt: new Date(now.getTime() + RESET_INTERVAL_DAYS * DAY_MS).toISOString(),
      };
    },
    { behavior: 'immediate' },
  );
}
