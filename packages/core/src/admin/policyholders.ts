import { companies, count, dialectOf, eq, rawRows, sql, type TDb, users } from '@portal/db';

/** Spec §9: the admin's customer list loads employers 1000 at a time until all are in. */
export const POLICYHOLDER_PAGE_SIZE = 1000;

export interface TPolicyholderRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  team: string;
  active: boolean;
  locked: boolean;
  avvAccepted: boolean;
  avvAcceptedAt: string | null;
  createdAt: string;
  company: { id: string; companyName: string; insuranceNumber: string; postCode: string; city: string };
  /** People of the company, policyholder included. */
  people: number;
  assignedCourses: number;
  completedCourses: number;
  /** Completed of assigned courses over the company, 0-100. */
  progressPercent: number;
}

/** GET /employee/count?role=employer: policyholders that own a company. */
export async function countPolicyholders(db: TDb): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(companies, eq(companies.ownerId, users.id))
    .where(eq(users.role, 'employer'));
  return row?.total ?? 0;
}

interface TRawRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  team: string;
  /** Booleans on PostgreSQL, 0/1 on SQLite (raw SQL bypasses drizzle's mapping). */
  active: boolean | number;
  locked: boolean | number;
  avvAccepted: boolean | number;
  /** Epoch milliseconds on both (bigint read as a number on PostgreSQL). */
  avvAcceptedAt: number | null;
  createdAt: number;
  companyId: string;
  companyName: string;
  insuranceNumber: string;
  postCode: string;
  city: string;
  people: number;
  assigned: number;
  completed: number;
}

const flag = (value: boolean | number) => value === true || value === 1;

/**
 * One page of policyholders with their company and a progress figure, in a stable order so that
 * paging through all of them misses nobody: the order of registration. On SQLite that is the
 * companies' insertion order (rowid), which needs no sort (ordering by a date cost 55 ms a page at
 * 20,000); PostgreSQL has no such order and sorts by the registration time, ties by id. The
 * figures are computed for the page's companies only, through the company indexes.
 */
export async function listPolicyholders(db: TDb, input: { skip: number; limit: number }): Promise<TPolicyholderRow[]> {
  const sqlite = dialectOf(db) === 'sqlite';
  const position = sqlite ? sql`c.rowid` : sql`c.created_at`;
  const rows = await rawRows<TRawRow>(
    db,
    sql`with page as (
         select u.id, u.firstname, u.lastname, u.email, u.team, u.active, u.locked,
                u.order_processing_accepted as "avvAccepted", u.order_processing_accepted_at as "avvAcceptedAt",
                u.created_at as "createdAt", c.id as "companyId", c.company_name as "companyName",
                c.insurance_number as "insuranceNumber", c.post_code as "postCode", c.city,
                ${position} as "position"
           from companies c join users u on u.id = c.owner_id
          where u.role = 'employer'
          order by ${sqlite ? position : sql`${position}, c.id`}
          limit ${input.limit} offset ${input.skip})
       select page.*,
              (select count(*) from users s where s.company_id = page."companyId") as people,
              (select count(*) from users s join course_assignments a on a.user_id = s.id
                where s.company_id = page."companyId") as assigned,
              (select count(*) from users s join course_assignments a on a.user_id = s.id
                 join course_progress p on p.user_id = a.user_id and p.course_slug = a.course_slug
                where s.company_id = page."companyId" and p.status = 'completed') as completed
         from page
        -- The page's order again: a CTE's order is not promised to carry over.
        order by page."position", page."companyId"`,
  );
  return rows.map((row) => ({
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    team: row.team,
    active: flag(row.active),
    locked: flag(row.locked),
    avvAccepted: flag(row.avvAccepted),
    avvAcceptedAt: row.avvAcceptedAt === null ? null : new Date(Number(row.avvAcceptedAt)).toISOString(),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    company: {
      id: row.companyId,
      companyName: row.companyName,
      insuranceNumber: row.insuranceNumber,
      postCode: row.postCode,
      city: row.city,
    },
    people: Number(row.people),
    assignedCourses: Number(row.assigned),
    completedCourses: Number(row.completed),
    progressPercent: Number(row.assigned) === 0 ? 0 : Math.round((Number(row.completed) / Number(row.assigned)) * 100),
  }));
}
