import { companies, eq, type TDb } from '@portal/db';

export function companyNameOf(db: TDb, companyId: string): string {
  return (
    db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, companyId)).get()?.name ?? ''
  );
}
