import {
  bearerTokenOf,
  looksLikeApiKey,
  type TApiKeyCaller,
  type TConfig,
  type TSessionInfo,
  type TSessionUser,
  validateSessionToken,
} from '@portal/core';
import { isDatabaseUnavailable, type TDatabase } from '@portal/db';
import { createTranslator, localeFromAcceptLanguage, type TLocale, type TTranslate } from '@portal/i18n';
import { TRPCError } from '@trpc/server';

export const SESSION_COOKIE = 'session';
export const SECURE_SESSION_COOKIE = '__Host-session';

/** What the HTTP layer (Hono) hands to the API for one request. */
export interface TRequestAdapter {
  req: Request;
  ip: string;
  /** 'rest' for /api (trpc-to-openapi), 'trpc' for /trpc (the web app). */
  via: 'rest' | 'trpc';
  setHeader: (name: string, value: string) => void;
  /**
   * The insurer API key of this request, resolved (and rate-limited, and refused when revoked or
   * expired) by the `/api` layer before the call (apps/server/src/http/api-key-calls.ts).
   */
  apiKey?: TApiKeyCaller | null;
}

export interface TContext {
  db: TDatabase;
  config: TConfig;
  locale: TLocale;
  t: TTranslate;
  ip: string;
  userAgent: string;
  via: 'rest' | 'trpc';
  session: TSessionInfo | null;
  user: TSessionUser | null;
  /** The insurer's system calling with an API key (ADR 035); `user` and `session` are then null. */
  apiKey: TApiKeyCaller | null;
  /**
   * An API key was sent (`Bearer pk_…`). Only the calls built on `insurerReadProcedure` take one;
   * every other call answers 403 `api_key.scope`, so that a client developer sees why.
   */
  apiKeyPresented: boolean;
  /** Whether the caller's company has an accepted AVV (spec §4), read together with the session. */
  companyAvvAccepted: boolean;
  /** Whether the caller's company has confirmed its registration (issue 37), read with the session. */
  companyConfirmed: boolean;
  /** Set when a cookie-authenticated request fails the CSRF rule; authed procedures refuse it. */
  csrfRejected: boolean;
  /**
   * A GET or HEAD by cookie without proof that our own page sent it (Sec-Fetch-Site same-origin or
   * our Origin). Reads may go on; a mutation (a change the spec's call table makes a GET, such as
   * resend-invitation) is refused: a bearer token, or the web app's POST to /trpc, is needed.
   */
  changeByGetUnproven: boolean;
  setSessionCookie: (token: string, maxAgeSeconds: number) => void;
  clearSessionCookie: () => void;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * DECISIONS.md CSRF rule (issue 21.4), for a request authenticated by cookie:
 * - a write must come from our own origin (Sec-Fetch-Site same-origin, or a matching Origin) and
 *   carry a JSON or multipart body;
 * - a read is refused when the browser says another site sent it (Sec-Fetch-Site cross-site or
 *   same-site, or an Origin that is not ours): a link or form on another site must not act with
 *   the person's session, and no read of ours needs to be reachable that way. A typed or
 *   bookmarked address (Sec-Fetch-Site none) and clients that send neither header pass.
 * A change that the spec's call table makes a GET needs more: see `changeByGetUnproven`.
 */
function passesCsrfRule(req: Request, site: string | null, origin: string | null, ownOrigin: boolean): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (origin !== null && !ownOrigin) return false;
    return site === null || site === 'same-origin' || site === 'none';
  }
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/json') && !contentType.startsWith('multipart/form-data')) return false;
  if (site === 'same-origin') return true;
  if (!origin) return site === null; // non-browser clients send neither header
  return ownOrigin;
}

/** Builds one request's context; async because the session is read from the database (ADR 028). */
export type TCreateContext = (adapter: TRequestAdapter) => Promise<TContext>;

/** A session that cannot be read because the database is away answers 503, not 500 (ADR 029). */
function unavailableAsTrpc(error: unknown): never {
  if (isDatabaseUnavailable(error)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'errors.unavailable', cause: error });
  }
  throw error;
}

export function createContextFactory(deps: { db: TDatabase; config: TConfig }): TCreateContext {
  const cookieName = deps.config.secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const cookieAttributes = `Path=/; HttpOnly; SameSite=Lax${deps.config.secureCookies ? '; Secure' : ''}`;

  return async function createContext(adapter: TRequestAdapter): Promise<TContext> {
    const { req } = adapter;
    const locale = localeFromAcceptLanguage(req.headers.get('accept-language'));
    const bearer = bearerTokenOf(req.headers.get('authorization'));
    const cookieToken = readCookie(req.headers.get('cookie'), cookieName);
    // A key is never a session token: it is resolved by the /api layer, or (on /trpc) not at all.
    const apiKeyPresented = bearer !== undefined && looksLikeApiKey(bearer);
    const token = apiKeyPresented ? undefined : (bearer ?? cookieToken);
    const resolved = token ? await validateSessionToken(deps.db, token).catch(unavailableAsTrpc) : null;
    const site = req.headers.get('sec-fetch-site');
    const origin = req.headers.get('origin');
    const ownOrigin = origin !== null && (origin === deps.config.publicUrl || origin === new URL(req.url).origin);
    const byCookie = resolved !== null && !bearer;
    const csrfRejected = byCookie && !passesCsrfRule(req, site, origin, ownOrigin);
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const changeByGetUnproven = byCookie && reading && site !== 'same-origin' && !ownOrigin;

    return {
      db: deps.db,
      config: deps.config,
      locale,
      t: createTranslator(locale),
      ip: adapter.ip,
      userAgent: req.headers.get('user-agent') ?? '',
      via: adapter.via,
      session: resolved?.session ?? null,
      user: resolved?.user ?? null,
      apiKey: apiKeyPresented ? (adapter.apiKey ?? null) : null,
      apiKeyPresented,
      companyAvvAccepted: resolved?.companyAvvAccepted ?? false,
      companyConfirmed: resolved?.companyConfirmed ?? false,
      csrfRejected,
      changeByGetUnproven,
      setSessionCookie: (value, maxAgeSeconds) =>
        adapter.setHeader('Set-Cookie', `${cookieName}=${value}; ${cookieAttributes}; Max-Age=${maxAgeSeconds}`),
      clearSessionCookie: () => adapter.setHeader('Set-Cookie', `${cookieName}=; ${cookieAttributes}; Max-Age=0`),
    };
  };
}
