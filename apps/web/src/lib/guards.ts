import type { TRole } from '@portal/validators';
import { redirect } from 'react-router';
import { loginPathFor } from './safe-next.ts';
import { trpcUtils } from './trpc.ts';

export type TMe = NonNullable<Awaited<ReturnType<typeof trpcUtils.auth.me.fetch>>>;

/** Where each role lands from `/` (spec §2 route table). */
export const HOME_BY_ROLE: Record<TRole, string> = {
  admin: '/admin/policyholders',
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
