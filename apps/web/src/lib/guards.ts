import type { TRole } from '@portal/validators';
import { redirect } from 'react-router';
import { loginPathFor } from './login-path.ts';
import { preload } from './preload.ts';
import { readSessionData } from './session-data.ts';
import { trpcUtils } from './trpc.ts';

export type TMe = NonNullable<Awaited<ReturnType<typeof trpcUtils.auth.me.fetch>>>;

/** Where each role lands from `/` (spec §2 route table). */
export const HOME_BY_ROLE: Record<TRole, string> = {
  admin: '/admin/policyholders',
  insurer: '/insurer',
  employer: '/course-settings',
  manager: '/course-settings',
  employee: '/trainings',
};

/**
 * Route guard for loaders: unauthenticated → sign-in page with `next`; a role the route does not
 * allow → `/` (spec §2). The server checks again on every call; this only decides navigation.
 */
export async function requireUser(request: Request, roles?: readonly TRole[]): Promise<TMe> {
  const me = await trpcUtils.auth.me.ensureData();
  const url = new URL(request.url);
  if (!me) {
    const next = url.pathname + url.search;
    throw redirect(`${loginPathFor(url.pathname)}?next=${encodeURIComponent(next)}`);
  }
  if (roles && !roles.includes(me.role)) throw redirect('/');
  if (me.role === 'employer' && me.companyId && !SETTINGS_EXEMPT.test(url.pathname)) {
    // The rule arrives with the company, in parallel: the sign-in page loads neither (ADR 027).
    const [company, { isEmployerSettingsComplete }] = await Promise.all([
      trpcUtils.company.get.ensureData({ id: me.companyId }).catch(() => null),
      import('./employer-settings-rule.ts'),
    ]);
    // Spec §4: incomplete employer settings send the policyholder to /account-settings first.
    if (company && !isEmployerSettingsComplete({ ...me, company })) throw redirect('/account-settings?incomplete=1');
  }
  return me;
}

/** Pages an employer may open while the settings are incomplete. */
const SETTINGS_EXEMPT = /^\/(account-settings|impressum|logout)(\/|$)/;

/** Loader factory for a guarded route. */
export const guard =
  (...roles: TRole[]) =>
  ({ request }: { request: Request }) =>
    requireUser(request, roles.length > 0 ? roles : undefined);

/**
 * Whether this browser may hold a session (it kept the session data of a sign-in). Loaders start a
 * page's data call beside the sign-in check only then: without a session the call could only be
 * refused.
 */
export const maybeSignedIn = () => readSessionData() !== null;

/**
 * The guard and the page's data in one round trip: the data call starts in the same tick as the
 * sign-in check, so the batching link sends both in one request. A refused call (a role the route
 * excludes, an ended session) is left to the guard, which redirects first; any other failure
 * reaches the route's error page.
 */
export async function guardedPreload(request: Request, roles: readonly TRole[], load: () => Promise<unknown>) {
  const data = maybeSignedIn() ? preload(load()) : null;
  // The guard decides first; the data's failure is read only once the guard has let the person in.
  data?.catch(() => {});
  const me = await requireUser(request, roles);
  await (data ?? preload(load()));
  return me;
}
