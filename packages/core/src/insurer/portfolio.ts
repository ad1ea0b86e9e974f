import { rawRows, type SQL, sql, type TDb } from '@portal/db';
import { escapeLike, textAsSqlite } from '../employees/text-as-sqlite.ts';
import { DomainError } from '../errors.ts';
import { companyPhishingRates, type TCompanyPhishingRates } from '../phishing/company-phishing-rates.ts';
import { decodePortfolioCursor, encodePortfolioCursor, type TPortfolioSort } from './portfolio-cursor.ts';

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
  /**
   * Learners with an overdue course and with one due soon, as the daily reminder run counted them
   * on `countedOn`; all null for a company the run has not counted (no AVV accepted yet).
   */
  due: { overdue: number; dueSoon: number; countedOn: string } | null;
  /** Phishing simulations over all started campaigns (ADR 036); null before the first one started. */
  phishing: TCompanyPhishingRates | null;
}

/** Completion bands of the filter: nothing completed, some, all (of at least one course). */
export type TCompletionBand = 'none' | 'partial' | 'complete';

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
  completion?: TCompletionBand | undefined;
  /** Only policies whose last count found an overdue learner. */
  due?: 'overdue' | undefined;
  /** Policy-number order unless asked; every order ends with the policy number and company id. */
  sort?: TPortfolioSort | undefined;
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
  overdue: number | string | null;
  dueSoon: number | string | null;
  countedOn: string | null;
  sortValue: number | string | null;
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
  const completion =
    query.completion === 'none'
      ? sql`s.completed = 0`
      : query.completion === 'partial'
        ? sql`s.completed > 0 and s.completed < s.assigned`
        : query.completion === 'complete'
          ? sql`s.assigned > 0 and s.completed = s.assigned`
          : sql`true`;
  const overdue = query.due === 'overdue' ? sql`d.overdue > 0` : sql`true`;
  return sql`${avv} and ${certificate} and ${policy} and ${completion} and ${overdue}`;
}

/** Completed of assigned courses in whole per cent, rounded down, as SQL (integer division on both). */
const COMPLETION = sql`(case when s.assigned = 0 then 0 else (s.completed * 100) / s.assigned end)`;

/** Each order's leading key and direction; every order continues by policy number and company id. */
const SORT_KEYS: Record<TPortfolioSort, { key: SQL; descending: boolean } | null> = {
  policy: null,
  completion_asc: { key: COMPLETION, descending: false },
  completion_desc: { key: COMPLETION, descending: true },
  // Companies without a count (no AVV yet) come last.
  overdue_desc: { key: sql`coalesce(d.overdue, -1)`, descending: true },
};

/**
 * A page of the insurer's portfolio in the asked order, after the cursor. Only companies with a
 * policy number are policies, and only once their registration is confirmed (issue 37): a stranger
 * who types someone's policy number into a registration reaches no insurer. The figures are read from `company_summary` (kept by triggers) and
 * `company_due_counts` (the reminder run's count), one row per company, so a page costs the same
 * whatever the size of its companies (ADR 035). The phishing figures are counted afterwards for the
 * page's companies only, in one grouped query; their cost grows with those companies' simulated
 * mails, which the retention job deletes after the company's retention (12 months unless set).
 */
export async function portfolioPage(db: TDb, query: TPortfolioQuery, now = new Date()) {
  const sort = query.sort ?? 'policy';
  const after = query.cursor === undefined ? null : decodePortfolioCursor(query.cursor, sort);
  if (query.cursor !== undefined && after === null) throw new DomainError('BAD_REQUEST', 'insurer.invalid_cursor');
  const order = SORT_KEYS[sort];
  const byPolicy = after
    ? sql`(c.insurance_number > ${after.policyNumber} or (c.insurance_number = ${after.policyNumber} and c.id > ${after.companyId}))`
    : sql`true`;
  const afterCondition =
    after && order
      ? sql`(${order.key} ${sql.raw(order.descending ? '<' : '>')} ${after.value} or (${order.key} = ${after.value} and ${byPolicy}))`
      : byPolicy;
  const orderBy = order
    ? sql`${order.key} ${sql.raw(order.descending ? 'desc' : 'asc')}, c.insurance_number, c.id`
    : sql`c.insurance_number, c.id`;
  // The page's keys first (a scan of the summary rows, one per company, in the asked order), then
  // the per-row lookups for those rows only: in one select, SQLite would work them out for every
  // row it sorts.
  const rows = await rawRows<TRawRow>(
    db,
    sql`with page as (
          select c.id as "companyId", c.insurance_number as "policyNumber", c.company_name as "companyName",
                 c.owner_id as "ownerId", s.learners, s.assigned, s.completed,
                 d.overdue, d.due_soon as "dueSoon", d.counted_on as "countedOn",
                 ${order ? order.key : sql`null`} as "sortValue"
            from companies c
            join company_summary s on s.company_id = c.id
            left join users u on u.id = c.owner_id
            left join company_due_counts d on d.company_id = c.id
           where c.insurance_number <> '' and c.confirmation_pending_since is null and ${afterCondition} and ${searchCondition(db, query.search)}
             and ${filterConditions(query, now)}
           order by ${orderBy}
           limit ${query.limit + 1})
        select page.*,
               u.order_processing_accepted as "avvAccepted", u.order_processing_accepted_at as "avvAcceptedAt",
               (select max(ce.valid_until) from certificates ce
                 where ce.company_id = page."companyId" and ce.kind = 'company' and ce.revoked_at is null) as "validUntil",
               (select sa.last_progress_at from stats_company_activity sa
                 where sa.company_id = page."companyId") as "lastActivityAt"
          from page left join users u on u.id = page."ownerId"
         order by ${order ? sql`page."sortValue" ${sql.raw(order.descending ? 'desc' : 'asc')},` : sql``} page."policyNumber", page."companyId"`,
  );
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const phishing = await companyPhishingRates(
    db,
    page.map((row) => row.companyId),
  );
  const items = page.map((row): TPortfolioRow => {
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
      due:
        row.countedOn === null
          ? null
          : { overdue: Number(row.overdue), dueSoon: Number(row.dueSoon), countedOn: row.countedOn },
      phishing: phishing.get(row.companyId) ?? null,
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      more && last
        ? encodePortfolioCursor({
            sort,
            value: last.sortValue === null ? null : Number(last.sortValue),
            policyNumber: last.policyNumber,
            companyId: last.companyId,
          })
        : null,
  };
}
