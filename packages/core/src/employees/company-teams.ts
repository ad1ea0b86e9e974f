import { and, asc, count, eq, ne, sql, type TDb, users } from '@portal/db';
import { textAsSqlite } from './text-as-sqlite.ts';

export interface TCompanyTeam {
  name: string;
  /** People of the company in the team, blocked ones included (the staff list shows them too). */
  people: number;
}

/**
 * The teams a company's people carry (`users.team`, free text set by upload or by hand), with
 * how many are in each, sorted by name the same way on both databases. People without a team
 * are not a team.
 */
export async function companyTeams(db: TDb, companyId: string): Promise<TCompanyTeam[]> {
  const name = textAsSqlite(db, users.team);
  const rows = await db
    .select({ name: users.team, people: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.team, ''), ne(users.role, 'admin')))
    .groupBy(users.team)
    .orderBy(asc(sql`lower(${name})`), asc(name));
  return rows.map((row) => ({ name: row.name, people: Number(row.people) }));
}
