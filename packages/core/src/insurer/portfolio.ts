import { rawRows, type SQL, sql, type TDb } from '@portal/db';
import { escapeLike, textAsSqlite } from '../employees/text-as-sqlite.ts';
import { DomainError } from '../errors.ts';
import { decodePortfolioCursor, encodePortfolioCursor } from './portfolio-cursor.ts';

export type TCertificateState = 'valid' | 'expired' | 'none';

/** One policyholder as the insurer sees it: company-level figures only, never a person (ADR 035). */
export interface TPortfolioRow {
  companyId: string;
  policyNumber: string;
  companyName: string;
  avvAccepted: boolean;
  avvAcceptedAt: string | null;
  /** People of the company with at least one assigned course. */
  learners: number;
  assignedCourses: number;
  completedCourses: number;
  /** Completed of assigned courses, 0-100 (0 when nothing is assigned). */
  completionPercent: number;
  certificate: { state: TCertificateState; validUntil: string | null };
  lastActivityAt: string | null;
}

export interface TPortfolioQuery {
  cursor?: string | undefined;
  limit: number;
  search?: string | undefined;
  /** Only policies whose AVV is accepted, or only those where it is open. */
  avv?: 'accepted' | 'open' | undefined;
  /** Only policies with a valid, an expired or no proof of insurance. */
  certificate?: TCertificateState | undefined;
  /** Only this exact policy number (the single-policy call). */
  policyNumber?: string | undefined;
}

interface TRawRow {
  companyId: string;
  policyNumber: string;
  companyName: string;
  avvAccepted: boolean | number | null;
  avvAcceptedAt: number | string | null;
  learners: number | string;
  assigned: number | string;
  completed: number | string;
  validUntil: number | string | null;
  lastActivityAt: number | string | null;
}

const isoOrNull = (value: number | string | null) => (value === null ? null : new Date(Number(value)).toISOString());

/**
 * The search: text that looks like the start of a policy number ("AS-47", "4711") matches numbers
 * that begin with it; anything else matches company names that contain it, compared in lower case
 * as SQLite does on both databases (text-as-sqlite.ts).
 */
function searchCondition(db: TDb, search: string | undefined): SQL {
  const term = search?.trim() ?? '';
  if (term === '') return sql`true`;
  const digits = /^(?:as-?)?(\d{1,10})$/i.exec(term);
  if (digits) return sql`c.insurance_number like ${`AS-${digits[1]}%`}`;
  return sql`lower(${textAsSqlite(db, sql`c.company_name`)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/** The newest company certificate of `c` that is not revoked: its `valid_until`, or null. */
const newestCertificate = sql`(select max(ce.valid_until) from certificates ce
  where ce.company_id = c.id and ce.kind = 'company' and ce.revoked_at is null)`;

/** The filters, as conditions on `c` (the company) and `u` (its owner, possibly missing). */
function filterConditions(query: TPortfolioQuery, now: Date): SQL {
  // A boolean column as a condition reads the same on both databases (0/1 on SQLite).
  const avv =
    query.avv === 'accepted'
      ? sql`coalesce(u.order_processing_accepted, false)`
      : query.avv === 'open'
        ? sql`not coalesce(u.order_processing_accepted, false)`
        : sql`true`;
  const certificate =
    query.certificate === 'valid'
      ? sql`${newestCertificate} > ${now.getTime()}`
      : query.certificate === 'expired'
        ? sql`${newestCertificate} <= ${now.getTime()}`
        : query.certificate === 'none'
          ? sql`${newestCertificate} is null`
          : sql`true`;
  const policy = query.policyNumber === undefined ? sql`true` : sql`c.insurance_number = ${query.policyNumber}`;
  return sql`${avv} and ${certificate} and ${policy}`;
}

/**
 * A page of the insurer's portfolio in policy-number order (ties by company id), after the cursor.
 * Only companies with a policy number are policies. The figures are computed for the page's
 * companies only, through the company indexes, like the admins' customer list.
 */
export async function portfolioPage(db: TDb, query: TPortfolioQuery, now = new Date()) {
  const after = query.cursor === undefined ? null : decodePortfolioCursor(query.cursor);
  if (query.cursor !== undefined && after === null) throw new DomainError('BAD_REQUEST', 'insurer.invalid_cursor');
  const afterCondition = after
    ? sql`(c.insurance_number > ${after.policyNumber} or (c.insurance_number = ${after.policyNumber} and c.id > ${after.companyId}))`
    : sql`true`;
  const rows = await rawRows<TRawRow>(
    db,
    sql`with page as (
         select c.id as "companyId", c.insurance_number as "policyNumber", c.company_name as "companyName",
                u.order_processing_accepted as "avvAccepted", u.order_processing_accepted_at as "avvAcceptedAt"
           from companies c left join users u on u.id = c.owner_id
          where c.insurance_number <> '' and ${afterCondition} and ${searchCondition(db, query.search)}
            and ${filterConditions(query, now)}
          order by c.insurance_number, c.id
          limit ${query.limit + 1})
       select page.*,
              (select count(distinct a.user_id) from users s join course_assignments a on a.user_id = s.id
                where s.company_id = page."companyId") as learners,
              (select count(*) from users s join course_assignments a on a.user_id = s.id
                where s.company_id = page."companyId") as assigned,
              (select count(*) from users s join course_assignments a on a.user_id = s.id
                 join course_progress p on p.user_id = a.user_id and p.course_slug = a.course_slug
                where s.company_id = page."companyId" and p.status = 'completed') as completed,
              (select max(ce.valid_until) from certificates ce
                where ce.company_id = page."companyId" and ce.kind = 'company' and ce.revoked_at is null) as "validUntil",
              (select sa.last_progress_at from stats_company_activity sa
                where sa.company_id = page."companyId") as "lastActivityAt"
         from page
        order by page."policyNumber", page."companyId"`,
  );
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map((row): TPortfolioRow => {
    const assigned = Number(row.assigned);
    const completed = Number(row.completed);
    const validUntil = isoOrNull(row.validUntil);
    return {
      companyId: row.companyId,
      policyNumber: row.policyNumber,
      companyName: row.companyName,
      avvAccepted: row.avvAccepted === true || row.avvAccepted === 1,
      avvAcceptedAt: isoOrNull(row.avvAcceptedAt),
      learners: Number(row.learners),
      assignedCourses: assigned,
      completedCourses: completed,
      completionPercent: assigned === 0 ? 0 : Math.floor((completed * 100) / assigned),
      certificate: {
        state: validUntil === null ? 'none' : Date.parse(validUntil) > now.getTime() ? 'valid' : 'expired',
        validUntil,
      },
      lastActivityAt: isoOrNull(row.lastActivityAt),
    };
  });
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      more && last ? encodePortfolioCursor({ policyNumber: last.policyNumber, companyId: last.companyId }) : null,
  };
}
