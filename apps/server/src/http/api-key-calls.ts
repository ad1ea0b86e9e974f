import { appRouter, type TProcedureMeta } from '@portal/api';
import {
  bearerTokenOf,
  claimApiCall,
  looksLikeApiKey,
  recordApiCall,
  resolveApiKey,
  type TApiKeyCaller,
  type TApiKeyResolution,
} from '@portal/core';
import type { TDatabase } from '@portal/db';
import { createTranslator, localeFromAcceptLanguage, type TMessageKey } from '@portal/i18n';
import type { Context, MiddlewareHandler } from 'hono';

/** The key each request under /api was resolved to, for its context (app.ts). */
const keys = new WeakMap<Request, TApiKeyCaller>();

export const apiKeyOf = (req: Request): TApiKeyCaller | null => keys.get(req) ?? null;

const POLICY_IN_PATH = /\/insurer\/policies\/(AS-\d{10})$/;

/** `METHOD /api/path` patterns of the procedures built on `insurerReadProcedure` (meta `apiKey`). */
const KEY_CALLS: { method: string; path: RegExp }[] = Object.values(appRouter._def.procedures).flatMap((procedure) => {
  const meta = (procedure as unknown as { _def: { meta?: TProcedureMeta } })._def.meta;
  if (!meta?.apiKey || !meta.openapi) return [];
  const pattern = meta.openapi.path.replace(/\{[^}]+\}/g, '[^/]+');
  return [{ method: meta.openapi.method, path: new RegExp(`^/api${pattern}/?$`) }];
});

const takesKey = (method: string, path: string) =>
  KEY_CALLS.some((call) => call.method === method && call.path.test(path));

/*
 * Insurer API keys at the door of /api (ADR 035), before any route runs, so that one place does
 * for every call what a key needs:
 * - an unknown, revoked or expired key answers 401 with its own message;
 * - each key has a rate limit per minute over all server processes (429 with Retry-After);
 * - every call with a known key is written to the audit log, with its answer's status.
 * - a key opens only the calls built on `insurerReadProcedure`; every other route under /api
 *   answers 403 `api_key.scope`, audited as refused.
 */
export function apiKeyCalls(deps: {
  db: TDatabase;
  callsPerMinute: number;
  clientIp: (c: Context) => string;
}): MiddlewareHandler {
  const refuse = (c: Context, status: 401 | 403 | 429, messageKey: TMessageKey, params?: Record<string, number>) => {
    const t = createTranslator(localeFromAcceptLanguage(c.req.header('accept-language') ?? null));
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : status === 403 ? 'FORBIDDEN' : 'UNAUTHORIZED';
    return c.json({ success: false, code, message: t(messageKey, params), messageKey, issues: null }, status, {
      'Cache-Control': 'no-store',
    });
  };

  return async (c, next) => {
    const token = bearerTokenOf(c.req.header('authorization'));
    if (!token || !looksLikeApiKey(token)) return next();

    const call = {
      method: c.req.method,
      path: c.req.path,
      ip: deps.clientIp(c),
      policyNumber: POLICY_IN_PATH.exec(c.req.path)?.[1] ?? null,
    };
    const resolution: TApiKeyResolution = await resolveApiKey(deps.db, token);
    if (resolution.kind === 'refused') {
      if (resolution.keyId) {
        await recordApiCall(deps.db, { ...call, keyId: resolution.keyId, status: 401, refused: resolution.reason });
      }
      return refuse(c, 401, `api_key.${resolution.reason}`);
    }
    const { key } = resolution;
    const claim = await claimApiCall(deps.db, key.id, deps.callsPerMinute);
    if (!claim.allowed) {
      // The first refusal of a window is written; a client hammering on is not a log per call.
      if (claim.firstRefusal) {
        await recordApiCall(deps.db, { ...call, keyId: key.id, status: 429, refused: 'rate_limited' });
      }
      c.header('Retry-After', String(claim.retryAfterSeconds));
      return refuse(c, 429, 'api_key.rate_limited', { seconds: claim.retryAfterSeconds });
    }

    // Every other route under /api (the file routes and public documents too) is refused here, in
    // one place; the procedures refuse a key once more on their own (trpc.ts).
    if (!takesKey(c.req.method, c.req.path)) {
      await recordApiCall(deps.db, { ...call, keyId: key.id, status: 403, refused: 'scope' });
      return refuse(c, 403, 'api_key.scope');
    }
    keys.set(c.req.raw, key);
    await next();
    const status = c.res.status;
    // Written after the answer is known; if it cannot be written the call fails rather than
    // hand out data that the log does not show.
    await recordApiCall(deps.db, { ...call, keyId: key.id, status, refused: status === 403 ? 'scope' : null });
  };
}
