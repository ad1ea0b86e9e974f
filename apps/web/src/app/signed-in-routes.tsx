import { type RouteObject, redirect } from 'react-router';
import { guard, guardedPreload, maybeSignedIn, requireUser } from '../lib/guards.ts';
import { getLocale } from '../lib/locale-state.ts';
import { PORTFOLIO_PAGE_SIZE, STAFF_PAGE_SIZE } from '../lib/page-sizes.ts';
import { preload } from '../lib/preload.ts';
import type { TRouteHandle } from '../lib/route-handle.ts';
import { trpcUtils } from '../lib/trpc.ts';
import { page } from './lazy-page.ts';

/*
 * The signed-in pages are not in the entry: the router discovers them on the first navigation to
 * a path the public table does not match (`patchRoutesOnNavigation` in routes.tsx), and the server
 * announces this chunk with every page address, so it arrives with the entry (ADR 037). The
 * sign-in page does not carry their guards, loaders and preloads.
 */

const EMPLOYER_MANAGER = ['employer', 'manager'] as const;
const CUSTOMERS = ['employer', 'manager', 'employee'] as const;

/** The pages behind the sign-in, each with its guard, its preload and its lazy module. */
export const signedInPages: RouteObject[] = [
  {
    path: '/users',
    loader: async ({ request }) => {
      return guardedPreload(request, EMPLOYER_MANAGER, () =>
        trpcUtils.employee.list.ensureData({
          page: 1,
          pageSize: STAFF_PAGE_SIZE,
          sort: 'lastname',
          direction: 'asc',
        }),
      );
    },
    handle: { title: 'pages.employee_list' },
    lazy: page(() => import('../features/users/users-page.tsx')),
  },
  {
    path: '/course-settings',
    loader: async ({ request }) => {
      // With the settings (deadline, reminders) in the same batch: a failure shows the route's error.
      return guardedPreload(request, EMPLOYER_MANAGER, () =>
        Promise.all([
          trpcUtils.trainings.overview.ensureData({ lang: getLocale(), page: 1, pageSize: STAFF_PAGE_SIZE }),
          trpcUtils.reminders.settings.ensureData(),
        ]),
      );
    },
    handle: { title: 'pages.course_settings' },
    lazy: page(() => import('../features/course-settings/course-settings-page.tsx')),
  },
  {
    path: '/dashboard',
    loader: async ({ request }) => {
      return guardedPreload(request, EMPLOYER_MANAGER, () =>
        trpcUtils.statistics.company.ensureData({ lang: getLocale() }),
      );
    },
    handle: { title: 'pages.dashboard' },
    // recharts travels in this route's chunk only.
    lazy: page(() => import('../features/dashboard/dashboard-page.tsx')),
  },
  {
    path: '/phishing',
    loader: ({ request }) =>
      guardedPreload(request, ['employer'], () =>
        Promise.all([
          trpcUtils.phishing.campaigns.ensureData({}),
          trpcUtils.phishing.settings.ensureData({}),
          trpcUtils.phishing.mailDomains.ensureData({}),
        ]),
      ),
    handle: { title: 'pages.phishing' },
    lazy: page(() => import('../features/phishing/phishing-page.tsx')),
  },
  {
    path: '/phishing/:campaignId',
    loader: ({ request, params }) =>
      guardedPreload(request, ['employer'], () =>
        // `new` is the editor of a new campaign; an unknown id fails here (route-problem.ts).
        Promise.all([
          trpcUtils.phishing.templates.ensureData(),
          params.campaignId === 'new' ? null : trpcUtils.phishing.campaign.ensureData({ id: params.campaignId ?? '' }),
        ]),
      ),
    handle: { title: 'pages.phishing_campaign' },
    lazy: page(() => import('../features/phishing/campaign-page.tsx')),
  },
  {
    path: '/proofOfInsurance',
    loader: async ({ request }) => {
      return guardedPreload(request, EMPLOYER_MANAGER, () => trpcUtils.certificates.companyStatus.ensureData());
    },
    handle: { title: 'pages.proof_of_insurance' },
    lazy: page(() => import('../features/certificates/proof-of-insurance-page.tsx')),
  },
  {
    path: '/personalCertificate',
    loader: async ({ request }) => {
      return guardedPreload(request, CUSTOMERS, () => trpcUtils.certificates.personalStatus.ensureData());
    },
    handle: { title: 'pages.personal_certificate' },
    lazy: page(() => import('../features/certificates/personal-certificate-page.tsx')),
  },
  {
    path: '/trainings',
    loader: async ({ request }) => {
      return guardedPreload(request, CUSTOMERS, () => trpcUtils.trainings.list.ensureData({ lang: getLocale() }));
    },
    handle: { title: 'pages.my_trainings' },
    lazy: page(() => import('../features/trainings/trainings-page.tsx')),
  },
  {
    path: '/trainings/:slug',
    id: 'training',
    // Moving between slides needs no reload of the course; another course does.
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.slug !== nextParams.slug,
    loader: async ({ request, params }) => {
      const slug = params.slug ?? '';
      // The slides load while the sign-in is checked, in the same batched request: one round
      // trip less before the first slide. Not when this browser is known to be signed out (the
      // refused call would only add a console error); without a session the check redirects.
      if (maybeSignedIn()) void trpcUtils.trainings.get.prefetch({ slug, lang: getLocale() });
      // Imported here, not at the top: the course queries stay out of the entry (ADR 020).
      const [, { preloadTraining }] = await Promise.all([
        requireUser(request, CUSTOMERS),
        import('../features/trainings/training-queries.ts'),
      ]);
      // Into the query cache only. What a loader returns also travels in a drawn page's router
      // data: the whole course a second time made a slide page 24 KB gzip instead of 14 (ADR 038).
      await preloadTraining(slug);
      return null;
    },
    handle: { title: 'pages.training' },
    children: [
      {
        index: true,
        // Resume where the learner left off.
        loader: async ({ params }) => {
          const { resumePath } = await import('../features/trainings/training-queries.ts');
          return redirect(await resumePath(params.slug ?? ''));
        },
      },
      {
        path: 'quiz/:step',
        loader: ({ params }) => trpcUtils.progress.getQuiz.prefetch({ slug: params.slug ?? '' }),
        lazy: page(() => import('../features/trainings/quiz-page.tsx')),
      },
      {
        path: ':slide/:step?',
        // A slide number the course does not have ('0', '999', 'abc') gets its own error page.
        loader: async ({ params }) => {
          const { checkSlide } = await import('../features/trainings/training-queries.ts');
          await checkSlide(params.slug ?? '', params.slide ?? '');
          return null;
        },
        lazy: page(() => import('../features/trainings/slide-player-page.tsx')),
      },
    ],
  },
  {
    path: '/account-settings',
    loader: guard(...CUSTOMERS),
    handle: { title: 'pages.account_settings' } satisfies TRouteHandle,
    lazy: page(() => import('../features/account/account-settings-page.tsx')),
  },
  {
    path: '/impressum',
    loader: guard(),
    handle: { title: 'pages.impressum' },
    lazy: page(() => import('../routes/legal-page.tsx')),
  },
  {
    path: '/admin',
    loader: async ({ request }) => {
      await requireUser(request, ['admin']);
      return redirect('/admin/policyholders');
    },
  },
  {
    path: '/admin/policyholders',
    loader: guard('admin'),
    handle: { title: 'pages.policyholders' },
    // The list loads itself page by page with a progress bar (thousands of customers).
    lazy: page(() => import('../features/admin-policyholders/policyholders-page.tsx')),
  },
  {
    path: '/admin/policyholders/:id',
    loader: async ({ request, params }) => {
      // An unknown, deleted or malformed id fails here: the error page says so (route-problem.ts).
      return guardedPreload(request, ['admin'], () => trpcUtils.admin.policyholder.ensureData({ id: params.id ?? '' }));
    },
    handle: { title: 'pages.policyholder_details' },
    lazy: page(() => import('../features/admin-policyholders/policyholder-details-page.tsx')),
  },
  {
    path: '/admin/policyholders/:id/phishing',
    loader: ({ request, params }) =>
      guardedPreload(request, ['admin'], async () => {
        const customer = await trpcUtils.admin.policyholder.ensureData({ id: params.id ?? '' });
        await trpcUtils.phishing.campaigns.ensureData({ companyId: customer.company.id });
      }),
    handle: { title: 'pages.admin_phishing' },
    lazy: page(() => import('../features/phishing/phishing-page.tsx')),
  },
  {
    path: '/admin/policyholders/:id/phishing/:campaignId',
    loader: ({ request, params }) =>
      guardedPreload(request, ['admin'], async () => {
        const customer = await trpcUtils.admin.policyholder.ensureData({ id: params.id ?? '' });
        await Promise.all([
          trpcUtils.phishing.templates.ensureData(),
          params.campaignId === 'new'
            ? null
            : trpcUtils.phishing.campaign.ensureData({ companyId: customer.company.id, id: params.campaignId ?? '' }),
        ]);
      }),
    handle: { title: 'pages.phishing_campaign' },
    lazy: page(() => import('../features/phishing/campaign-page.tsx')),
  },
  {
    path: '/admin/statistics',
    loader: async ({ request }) => {
      const me = await requireUser(request, ['admin']);
      // The period comes from the address (default: the last 12 months), as the page reads it.
      const { statsInput } = await import('../features/admin-statistics/period.ts');
      await preload(trpcUtils.statistics.overall.ensureData(statsInput(new URL(request.url).searchParams)));
      return me;
    },
    handle: { title: 'pages.statistics' },
    // recharts travels in this route's chunk only.
    lazy: page(() => import('../features/admin-statistics/admin-statistics-page.tsx')),
  },
  {
    path: '/admin/jobs',
    loader: async ({ request }) => {
      return guardedPreload(request, ['admin'], () => trpcUtils.admin.jobs.ensureData({}));
    },
    handle: { title: 'pages.jobs' },
    lazy: page(() => import('../features/admin-jobs/admin-jobs-page.tsx')),
  },
  {
    path: '/admin/admins',
    loader: async ({ request }) => {
      return guardedPreload(request, ['admin'], () => trpcUtils.appuser.list.ensureData());
    },
    handle: { title: 'pages.admins' },
    lazy: page(() => import('../features/admin-admins/admins-page.tsx')),
  },
  {
    path: '/admin/insurer-accounts',
    loader: ({ request }) => guardedPreload(request, ['admin'], () => trpcUtils.insurerAccounts.list.ensureData()),
    handle: { title: 'pages.insurer_accounts' },
    lazy: page(() => import('../features/admin-insurer-accounts/insurer-accounts-page.tsx')),
  },
  {
    path: '/admin/api-keys',
    loader: ({ request }) => guardedPreload(request, ['admin'], () => trpcUtils.apiKeys.list.ensureData()),
    handle: { title: 'pages.api_keys' },
    lazy: page(() => import('../features/admin-api-keys/api-keys-page.tsx')),
  },
  {
    path: '/admin/webhooks',
    loader: ({ request }) => guardedPreload(request, ['admin'], () => trpcUtils.webhooks.list.ensureData()),
    handle: { title: 'pages.webhooks' },
    lazy: page(() => import('../features/admin-webhooks/webhooks-page.tsx')),
  },
  {
    path: '/insurer',
    loader: ({ request }) =>
      guardedPreload(request, ['insurer'], () =>
        trpcUtils.insurer.policies.fetchInfinite({ limit: PORTFOLIO_PAGE_SIZE }),
      ),
    handle: { title: 'pages.portfolio' },
    lazy: page(() => import('../features/insurer/portfolio-page.tsx')),
  },
  {
    path: '/admin/upload',
    loader: async ({ request }) => {
      return guardedPreload(request, ['admin'], () => trpcUtils.uploads.queue.ensureData());
    },
    handle: { title: 'pages.upload' },
    lazy: page(() => import('../features/admin-upload/admin-upload-page.tsx')),
  },
];
