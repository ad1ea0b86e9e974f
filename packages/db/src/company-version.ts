import { eq } from 'drizzle-orm';
import type { TDb } from './database.ts';
import { companyStructureVersions, statsCompanyActivity } from './tables.ts';

export interface TCompanyVersion {
  /** Changes of the company's people and their course assignments (a counter kept by triggers). */
  structure: number;
  /** The latest progress save of the company (epoch ms), or 0 without progress. */
  progress: number;
}

/**
 * What a cache of a company's figures compares to see whether they changed (ADR 023). Both parts
 * live in the database and are kept by triggers, so they see writes of every process and every
 * code path; a write rolled back does not count.
 */
export async function companyVersion(db: TDb, companyId: string): Promise<TCompanyVersion> {
  const [row] = await db
    .select({ structure: companyStructureVersions.version, progress: statsCompanyActivity.lastProgressAt })
    .from(companyStructureVersions)
    .leftJoin(statsCompanyActivity, eq(statsCompanyActivity.companyId, companyStructureVersions.companyId))
    .where(eq(companyStructureVersions.companyId, companyId));
  return { structure: row?.structure ?? 0, progress: row?.progress ?? 0 };
}
