import { eq } from 'drizzle-orm';
import type { TDb } from './database.ts';
import { companyVersions } from './tables.ts';

export interface TCompanyVersion {
  /** Changes of the company's people and their course assignments. */
  structure: number;
  /** Changes of the company's learning progress and quiz results. */
  progress: number;
}

/**
 * What a cache of a company's figures compares to see whether they changed (ADR 023): counters
 * that database triggers raise with every write (migration 0009 on SQLite, 0002 on PostgreSQL), so
 * they see writes of every process and every code path; a write rolled back does not count.
 */
export async function companyVersion(db: TDb, companyId: string): Promise<TCompanyVersion> {
  const [row] = await db
    .select({ structure: companyVersions.structure, progress: companyVersions.progress })
    .from(companyVersions)
    .where(eq(companyVersions.companyId, companyId));
  return { structure: row?.structure ?? 0, progress: row?.progress ?? 0 };
}
