import type { TMessageKey } from '@portal/i18n';
import { type RouteObject, redirect } from 'react-router';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { PublicLayout } from '../features/shell/public-layout.tsx';
import { RouteErrorPage } from '../features/shell/route-error-page.tsx';
import { TitledOutlet } from '../features/shell/titled-outlet.tsx';
import { loadDictionaryPart } from '../lib/dictionaries.ts';
import { guard, guardedPreload, HOME_BY_ROLE, maybeSignedIn, requireUser } from '../lib/guards.ts';
import { getLocale } from '../lib/locale-state.ts';
import { PORTFOLIO_PAGE_SIZE, STAFF_PAGE_SIZE } from '../lib/page-sizes.ts';
import { preload } from '../lib/preload.ts';
import type { TRouteHandle } from '../lib/route-handle.ts';
import { trpcUtils } from '../lib/trpc.ts';

type TPageModule = () => Promise<{ default: React.ComponentType }>;
type TLazyPage = () => Promise<{ Component: React.ComponentType }>;

/** A lazy page: it renders once its code and the page texts (a lazy dictionary part) are here. */
const page =
  (load: TPageModule): TLazyPage =>
  async () => {
    const [module] = await Promise.all([load(), loadDictionaryPart('pages')]);
    return { Component: module.default };
  };
/**
 * Pages that render with the shell texts only, which ship with the entry: the sign-in pages, the
 * first page most people see, and '/' (ADR 020; dictionary-sections.test.ts checks their keys).
 */
const shellPage =
  (load: TPageModule): TLazyPage =>
  async () => ({ Component: (await load()).default });
// '/' only redirects (a signed-out visitor to /login), so it must not wait for the page texts.
const titleOnly = shellPage(() => import('../routes/title-page.tsx'));

const publicRoute = (path: string, title: TMessageKey, lazy: TLazyPage): RouteObject => ({
  path,
  handle: { title } satisfies TRouteHandle,
  lazy,
});

const EMPLOYER_MANAGER = ['employer', 'manager'] as const;
const CUSTOMERS = ['employer', 'manager', 'employee'] as const;

/**
 * Pages without navigation (spec §2: sign-in, registration, password, legal and 404 pages), plus
 * '/' and '/logout', which only move on. They render in the public layout, which ships with the
 * entry.
 */
const publicPages: RouteObject[] = [
  {
    path: '/',
    loader: async ({ request }) => {
      const me = await requireUser(request);
      return redirect(HOME_BY_ROLE[me.role]);
    },
    handle: { title: 'pages.home' } satisfies TRouteHandle,
    lazy: titleOnly,
  },
  publicRoute(
    '/login',
    'pages.login',
    shellPage(() => import('../features/auth/login-page.tsx')),
  ),
  publicRoute(
    '/admin/login',
    'pages.admin_login',
    shellPage(() => import('../features/auth/admin-login-page.tsx')),
  ),
  publicRoute(
    '/login/:token',
    'pages.first_login',
    page(() => import('../features/auth/first-login-page.tsx')),
  ),
  publicRoute(
    '/register',
    'pages.register',
    page(() => import('../features/auth/register-page.tsx')),
  ),
  publicRoute(
    '/reset-password',
    'pages.password_recovery',
    page(() => import('../features/auth/reset-password-page.tsx')),
  ),
  publicRoute(
    '/admin/reset-password',
    'pages.password_recovery',
    page(() => import('../features/auth/admin-reset-password-page.tsx')),
  ),
  publicRoute(
    '/recovery-password/:token',
    'pages.set_new_password',
    page(() => import('../features/auth/recovery-password-page.tsx')),
  ),
  publicRoute(
    '/admin/recovery-password/:token',
    'pages.set_new_password',
    page(() => import('../features/auth/admin-recovery-password-page.tsx')),
  ),
  publicRoute(
    '/verify',
    'pages.verify',
    page(() => import('../features/certificates/verify-page.tsx')),
  ),
  publicRoute(
    '/verify/:code',
    'pages.verify',
    page(() => import('../features/certificates/verify-page.tsx')),
  ),
  publicRoute(
    '/order-data-processing',
    'pages.order_data_processing',
    page(() => import('../routes/legal-page.tsx')),
  ),
  publicRoute(
    '/datenschutzhinweise',
    'pages.data_protection_notes',
    page(() => import('../routes/legal-page.tsx')),
  ),
  publicRoute(
    '/data-protection-notes',
    'pages.data_protection_notes',
    page(() => import('../routes/legal-page.tsx')),
  ),
  { path: '/logout', lazy: page(() => import('../features/auth/logout-page.tsx')) },
  {
    path: '*',
    handle: { title: 'pages.not_found' } satisfies TRouteHandle,
    lazy: page(() => import('../routes/not-found-page.tsx')),
  },
];

/** The pages behind the sign-in, each with its guard, its preload and its lazy module. */
const signedInPages: RouteObject[] = [
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
      return preloadTraining(slug);
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

/**
 * Every page's failure (unknown course, slide or id, a failed load) shows in the page's place,
 * inside its layout: header, navigation and footer stay; the error page explains what happened and
 * offers a way on (ADR 027). The title element gives way to the error page, which sets its own.
 */
const IN_PAGE_ERRORS = { element: <TitledOutlet />, errorElement: <RouteErrorPage /> } satisfies RouteObject;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Only when the shell itself fails: the error page then brings its own header.
    errorElement: <RouteErrorPage standalone />,
    children: [
      { element: <PublicLayout />, children: [{ ...IN_PAGE_ERRORS, children: publicPages }] },
      {
        // The navigation and the AVV handling load with the first signed-in page, and with the page
        // texts, whose sections (avv, help) they use (ADR 027).
        lazy: page(() => import('../features/shell/signed-in-layout.tsx')),
        children: [{ ...IN_PAGE_ERRORS, children: signedInPages }],
      },
    ],
  },
];
