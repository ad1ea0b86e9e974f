import type { AppRouter } from '@portal/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import { getLocale } from './locale-state.ts';

export const trpc = createTRPCReact<AppRouter>();

/** Errors that mean "your session is gone" (spec §8 AUTHORIZATION_REQUIRED). */
export function isAuthorizationRequired(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.errorCode === 'AUTHORIZATION_REQUIRED';
}

function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || !error.data) return true;
  return (error.data.httpStatus ?? 500) >= 500;
}

let onAuthorizationRequired: () => void = () => {};
export const setAuthorizationRequiredHandler = (handler: () => void) => {
  onAuthorizationRequired = handler;
};

const handleError = (error: unknown) => {
  if (isAuthorizationRequired(error)) onAuthorizationRequired();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    // Only a missing or failed answer (network, 5xx) is worth asking again; a 4xx answer (not
    // found, forbidden, signed out) stays the same, and retrying it only keeps the page waiting.
    queries: { staleTime: 30_000, retry: (count, error) => isWorthRetrying(error) && count < 2 },
  },
});

const browserClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: '/trpc',
      // Spec §7: every call carries the chosen locale.
      headers: () => ({ 'Accept-Language': getLocale() }),
      fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin', cache: 'no-store' }),
    }),
  ],
});

export type TTrpcClient = typeof browserClient;

const browserUtils = createTRPCQueryUtils({ queryClient, client: browserClient });
export type TTrpcUtils = typeof browserUtils;

/** On the server, the client and utils of the request being rendered (entry-server.tsx). */
export interface TRequestTrpc {
  client: TTrpcClient;
  utils: TTrpcUtils;
}
let requestTrpc: () => TRequestTrpc | undefined = () => undefined;
export const setRequestTrpcSource = (source: () => TRequestTrpc | undefined) => {
  requestTrpc = source;
};

/** The tRPC client for calls outside React: the browser's, or the rendered request's on the server. */
export const trpcClient: TTrpcClient = import.meta.env.SSR
  ? new Proxy(browserClient, { get: (target, key) => Reflect.get(requestTrpc()?.client ?? target, key) })
  : browserClient;

/**
 * For route loaders: `utils.auth.me.ensureData()` preloads before a route renders. In the browser
 * these are the one client's utils; while the server renders a page they are that request's, with
 * its own QueryClient, so no loader can see another person's data (ADR 038).
 */
export const trpcUtils: TTrpcUtils = import.meta.env.SSR
  ? new Proxy(browserUtils, { get: (target, key) => Reflect.get(requestTrpc()?.utils ?? target, key) })
  : browserUtils;

/** The translated message of a failed call, or null for an unknown failure. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message.length > 0) {
    return error.data?.messageKey || error.data?.errorCode ? error.message : null;
  }
  return null;
}
