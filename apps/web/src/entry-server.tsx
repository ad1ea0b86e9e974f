import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { AppRouter } from '@portal/api';
import { type TLocale, translatorFor } from '@portal/i18n';
import { QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { includeSignedInPages } from './app/routes.tsx';
import { signedInPages } from './app/signed-in-routes.tsx';
import { supervisorQuery } from './features/avv/use-actions-blocked.ts';
import { loadPart, textsOf } from './lib/dictionaries.ts';
import { setRequestLocaleSource } from './lib/locale-state.ts';
import type { TRouteHandle } from './lib/route-handle.ts';
import { problemOf } from './lib/route-problem.ts';
import { QUERY_STATE_ID, ROUTER_STATE_ID, scriptJson, type TAnsweredQuery } from './lib/script-json.ts';
import { setRequestTrpcSource, type TRequestTrpc, trpc } from './lib/trpc.ts';

/*
 * The server's entry (ADR 038): the Hono server imports the built file (dist-server/) and calls
 * `renderPage` for every page address. The route table, the loaders and the pages are the
 * browser's; what differs is where a loader's data comes from (the request's own tRPC client,
 * calling the procedures in the process) and that every request gets its own QueryClient.
 */

interface TRequestScope extends TRequestTrpc {
  locale: TLocale;
}

// The loaders and getLocale() read the request they run for from here; in the browser nothing is set.
const scope = new AsyncLocalStorage<TRequestScope>();
setRequestLocaleSource(() => scope.getStore()?.locale);
setRequestTrpcSource(() => scope.getStore());

const handler = createStaticHandler(includeSignedInPages(signedInPages));
// Every part of both dictionaries, once per process: the same for every request.
const dictionaries = Promise.all(
  (['de', 'en'] as const).flatMap((locale) => [loadPart(locale, 'shell'), loadPart(locale, 'pages')]),
);

/** Hooks that ask for data only once other data is in (a lookup keyed by the user) get this many rounds. */
const MAX_DATA_PASSES = 3;

export interface TRenderOptions {
  locale: TLocale;
  /** The request's way to the procedures: tRPC's local link with the request's session. */
  link: TRPCLink<AppRouter>;
}

export type TRenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      lang: TLocale;
      title: string;
      /** The markup inside `<div id="root">`. */
      body: string;
      /** The `<script type="application/json">` blocks main.tsx hydrates from. */
      data: string;
    };

/** The page for a GET request: a redirect from a guard, or the HTML with the data it was drawn from. */
export async function renderPage(request: Request, options: TRenderOptions): Promise<TRenderedPage> {
  await dictionaries;
  // Never module-level: one request's answers must not reach another's page.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = trpc.createClient({ links: [options.link] });
  const store: TRequestScope = { locale: options.locale, client, utils: createTRPCQueryUtils({ queryClient, client }) };

  const context = await scope.run(store, () => handler.query(request));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // A loader's failure travels as the problem the error page explains, so that the server's page
  // and the browser's first render read the same thing (a thrown tRPC error would not survive JSON).
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([id, error]) => [id, asRouteError(error)]))
    : null;
  context.errors = errors;
  // What every page's shell shows beside the page's own data: fetched before drawing, so a page is
  // drawn once (the loop below is then only a safety net for hooks added later).
  await scope.run(store, () => prefetchShell(store, queryClient));
  const router = createStaticRouter(handler.dataRoutes, context);
  // Whole, with every lazy part inside the page (an exercise's code): a boundary left at its
  // fallback would be drawn anew by the browser instead of hydrated.
  const draw = () =>
    scope.run(
      store,
      () =>
        new Promise<string>((resolve, reject) => {
          const chunks: string[] = [];
          const sink = new Writable({
            write(chunk: Uint8Array | string, _encoding, done) {
              chunks.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
              done();
            },
            final(done) {
              resolve(chunks.join('') + decoder.decode());
              done();
            },
          });
          const decoder = new TextDecoder();
          const { pipe } = renderToPipeableStream(
            <AppProviders client={client} queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>,
            { onAllReady: () => pipe(sink), onShellError: reject },
          );
        }),
    );
  let body = await draw();
  const tried = new Set<string>();
  // The loaders fetch a page's own data; the shell and the page may ask for more with their hooks
  // (the footer's portal info, the supervisor check). On the server a hook only registers its
  // query: fetch what the drawing asked for, then draw again, until nothing new is asked.
  for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
    const asked = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash));
    for (const query of asked) tried.add(query.queryHash);
    if (asked.length === 0) break;
    await scope.run(store, () => Promise.all(asked.map((query) => query.fetch().catch(() => undefined))));
    // A query that failed stays unanswered in the page, as it is in the browser's first render,
    // which then asks again; answeredQueries() leaves it out.
    for (const query of asked)
      if (query.state.status === 'error') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    body = await draw();
  }

  const routerState = {
    // A loader that returns nothing is still done: JSON would drop `undefined`, and the browser
    // would then run it again before showing anything.
    loaderData: Object.fromEntries(Object.entries(context.loaderData).map(([id, value]) => [id, value ?? null])),
    actionData: context.actionData,
    errors: errors
      ? Object.fromEntries(
          Object.entries(errors).map(([id, error]) => [id, { ...error, __type: 'RouteErrorResponse' }]),
        )
      : null,
  };
  const data =
    `<script type="application/json" id="${ROUTER_STATE_ID}">${scriptJson(routerState)}</script>` +
    `<script type="application/json" id="${QUERY_STATE_ID}">${scriptJson(answeredQueries(queryClient))}</script>`;
  return {
    kind: 'page',
    status: statusOf(context, errors),
    lang: options.locale,
    title: titleOf(context, options.locale),
    body,
    data,
  };
}

/** The shell's data: the signed-in person, the portal's contact (footer), the supervisor lookup (AVV). */
async function prefetchShell(store: TRequestScope, queryClient: QueryClient): Promise<void> {
  const [me] = await Promise.all([
    store.utils.auth.me.fetch().catch(() => null),
    store.utils.auth.portalInfo.prefetch(undefined, { staleTime: Number.POSITIVE_INFINITY }),
  ]);
  const supervisor = supervisorQuery(me);
  if (supervisor.enabled) await queryClient.prefetchQuery(supervisor);
}

/**
 * The answers the page was drawn from, for the browser's cache (main.tsx puts each back with
 * `setQueryData`): what TanStack Query's dehydrate() would send for them, without its hydrate()
 * in the browser's entry (0.6 KB of the 130 KB budget). Unanswered and failed queries stay out.
 */
function answeredQueries(queryClient: QueryClient): TAnsweredQuery[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => [query.queryKey, query.state.data, query.state.dataUpdatedAt]);
}

function asRouteError(error: unknown): InstanceType<typeof ErrorResponseImpl> {
  if (isRouteErrorResponse(error)) return error as InstanceType<typeof ErrorResponseImpl>;
  const problem = problemOf(error);
  return new ErrorResponseImpl(problem.kind === 'record_not_found' ? 404 : 500, '', problem);
}

type TContext = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;

function statusOf(context: TContext, errors: Record<string, { status: number }> | null): number {
  if (errors) return Math.max(...Object.values(errors).map((error) => error.status));
  return context.matches.at(-1)?.route.path === '*' ? 404 : context.statusCode;
}

/** The title the page sets once it runs (route-handle.ts), already in the HTML. */
function titleOf(context: TContext, locale: TLocale): string {
  const t = translatorFor(textsOf(locale), textsOf('de'));
  const title = context.matches
    .map((match) => (match.route.handle as TRouteHandle | undefined)?.title)
    .findLast(Boolean);
  return title ? `${t(title)} – ${t('app.title')}` : t('app.title');
}
