import { companies, courseAssignments, eq, preparedQuery, sql, type TDb, users } from '@portal/db';
import type { TRole } from '@portal/validators';

/**
 * The user as the API shows it (spec §3): every listed field, dates as ISO strings, never a hash
 * or a secret. `acceptanceDate` repeats `orderProcessingAcceptedAt` under the spec's other name.
 */
export interface TUserView {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  salutation: 'Mr' | 'Mrs' | null;
  role: TRole;
  active: boolean;
  isFirstLogin: boolean;
  locked: boolean;
  companyId: string | null;
  dataProtectionPolicyAccepted: boolean;
  lang: 'de' | 'en';
  sawVideo: boolean;
  orderProcessingAccepted: boolean;
  orderProcessingAcceptedAt: string | null;
  acceptanceDate: string | null;
  createdAt: string;
  assignedCourseList: string[];
  ownsOneCompany: boolean;
  /** The owner of a self-registered company that has not confirmed its address yet (issue 37). */
  emailConfirmationPending: boolean;
  phoneNumber: string;
  street: string;
  postCode: string;
  city: string;
}

/**
 * The columns of a user's view. A function, not a constant: the tables are bound to the dialect
 * when the database opens (ADR 028), after this module is loaded.
 */
export const userViewColumns = () => ({
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  salutation: users.salutation,
  role: users.role,
  active: users.active,
  isFirstLogin: users.isFirstLogin,
  locked: users.locked,
  companyId: users.companyId,
  dataProtectionPolicyAccepted: users.dataProtectionPolicyAccepted,
  lang: users.lang,
  sawVideo: users.sawVideo,
  orderProcessingAccepted: users.orderProcessingAccepted,
  orderProcessingAcceptedAt: users.orderProcessingAcceptedAt,
  createdAt: users.createdAt,
  phoneNumber: users.phoneNumber,
  street: users.street,
  postCode: users.postCode,
  city: users.city,
  ownerOf: companies.id,
  confirmationPendingSince: companies.confirmationPendingSince,
});

// Prepared once per connection: `auth.me` runs this on every page load, and building the query
// cost more than running it (docs/benchmarks.md).
const userRow = preparedQuery((db) =>
  db
    .select(userViewColumns())
    .from(users)
    .leftJoin(companies, eq(companies.ownerId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('core_user_view_row'),
);
const assignedSlugs = preparedQuery((db) =>
  db
    .select({ slug: courseAssignments.courseSlug })
    .from(courseAssignments)
    .where(eq(courseAssignments.userId, sql.placeholder('userId')))
    .prepare('core_user_view_assigned_slugs'),
);

/** Loads one user's view; `null` when the id does not exist. Callers do the scoping. */
export async function loadUserView(db: TDb, userId: string): Promise<TUserView | null> {
  const [[row], courses] = await Promise.all([userRow(db).execute({ userId }), assignedSlugs(db).execute({ userId })]);
  if (!row) return null;
  const { ownerOf, confirmationPendingSince, ...rest } = row;
  const acceptedAt = rest.orderProcessingAcceptedAt?.toISOString() ?? null;
  return {
    ...rest,
    orderProcessingAcceptedAt: acceptedAt,
    acceptanceDate: acceptedAt,
    createdAt: rest.createdAt.toISOString(),
    assignedCourseList: courses.map((course) => course.slug),
    ownsOneCompany: ownerOf !== null,
    emailConfirmationPending: confirmationPendingSince !== null,
  };
}
