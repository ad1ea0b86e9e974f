import { companies, eq, preparedQuery, sql, type TDb, users } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { notFound } from '../errors.ts';
import { canView } from '../users/visibility.ts';

/**
 * Whether the company's policyholder has accepted the AVV (spec §4). Until then the company's
 * staff cannot use trainings and the policyholder's own actions are blocked. A company without
 * an owner counts as not accepted.
 */
export async function companyHasOrderProcessing(db: TDb, companyId: string): Promise<boolean> {
  const [row] = await acceptanceOf(db).execute({ companyId });
  return row?.accepted === true;
}

// Every company-scoped request asks this first, so it is prepared once per connection.
const acceptanceOf = preparedQuery((db) =>
  db
    .select({ accepted: users.orderProcessingAccepted })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('core_company_avv_accepted'),
);

/** POST /employee/supervisor-data/{id}: does this person's supervisor have an accepted AVV? */
export async function supervisorData(
  db: TDb,
  viewer: TSessionUser,
  userId: string,
): Promise<{ hasOrderProcessing: boolean }> {
  const [target] = await db
    .select({ id: users.id, companyId: users.companyId, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!target || !canView(viewer, target) || !target.companyId) throw notFound();
  return { hasOrderProcessing: await companyHasOrderProcessing(db, target.companyId) };
}
