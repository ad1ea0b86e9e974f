import { asc, companies, eq, or, sql, type TDb, users } from '@portal/db';

export const COMPANY_PICKER_LIMIT = 20;

export interface TCompanyOption {
  id: string;
  companyName: string;
  insuranceNumber: string;
  ownerEmail: string | null;
  ownerName: string | null;
  /** Whether the policyholder accepted the AVV: imports need it. */
  orderProcessing: boolean;
}

/** `%` and `_` typed by the admin are meant literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The admin's company picker: companies whose name, insurance number or policyholder's email
 * contains the text in any case (both sides lower-cased: LIKE is case-sensitive on PostgreSQL), at
 * most 20, by name. An empty text lists the first 20.
 */
export async function searchCompanies(db: TDb, query: string, limit = COMPANY_PICKER_LIMIT): Promise<TCompanyOption[]> {
  const text = query.trim();
  const pattern = containsPattern(text);
  const matches = (column: typeof companies.companyName | typeof companies.insuranceNumber | typeof users.email) =>
    sql`lower(${column}) like lower(${pattern}) escape '\\'`;
  const found = await db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      insuranceNumber: companies.insuranceNumber,
      ownerEmail: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      orderProcessing: users.orderProcessingAccepted,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(
      text === ''
        ? undefined
        : or(matches(companies.companyName), matches(companies.insuranceNumber), matches(users.email)),
    )
    .orderBy(asc(companies.companyName), asc(companies.id))
    .limit(Math.min(Math.max(1, limit), COMPANY_PICKER_LIMIT));
  return found.map(({ firstname, lastname, orderProcessing, ...row }) => ({
    ...row,
    ownerName: firstname === null ? null : `${firstname} ${lastname ?? ''}`.trim(),
    orderProcessing: orderProcessing === true,
  }));
}
