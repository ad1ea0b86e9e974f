import { companies, eq, type TDb } from '@portal/db';

export async function companyNameOf(db: TDb, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}
