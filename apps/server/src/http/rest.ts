import { appRouter, type TContext } from '@portal/api';
import { createTranslator, isMessageKey, localeFromAcceptLanguage, type TMessageKey } from '@portal/i18n';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { servedOpenApiDocument } from './openapi-document.ts';
import { bodyText } from './read-body.ts';
import { createRestDispatcher } from './rest-dispatch.ts';

interface TErrorShape {
  message?: string;
  data?: { errorCode?: string; messageKey?: string | null; issues?: unknown };
}

/** For errors the REST layer raises itself (unknown path, unparsable body), which carry no key. */
const FALLBACK_KEYS: Record<string, TMessageKey> = {
  NOT_FOUND: 'errors.NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'errors.NOT_FOUND',
  PARSE_ERROR: 'validation.invalid_input',
  BAD_REQUEST: 'validation.invalid_input',
  UNSUPPORTED_MEDIA_TYPE: 'validation.invalid_input',
  UNAUTHORIZED: 'errors.AUTHORIZATION_REQUIRED',
  FORBIDDEN: 'errors.FORBIDDEN',
  TOO_MANY_REQUESTS: 'errors.TOO_MANY_REQUESTS',
};

/**
 * The REST error contract (spec §8 "actions return success false with the error message"):
 * `{ success: false, code, message, messageKey, issues }`, with code AUTHORIZATION_REQUIRED for a
 * missing or expired session, and the message always in the caller's language: the error
 * formatter's (with its parameters, e.g. the date of `reset.too_soon`) once the request had a
 * context, otherwise the fallback key's.
 */
function errorBody(shape: TErrorShape, trpcCode: string, hadContext: boolean, acceptLanguage: string | undefined) {
  const code = shape.data?.errorCode ?? trpcCode;
  const given = shape.data?.messageKey;
  const fromFormatter = Boolean(given && isMessageKey(given));
  const messageKey: TMessageKey = fromFormatter
    ? (given as TMessageKey)
    : (FALLBACK_KEYS[code] ?? 'app.something_went_wrong');
  const message =
    hadContext && fromFormatter && shape.message
      ? shape.message
      : createTranslator(localeFromAcceptLanguage(acceptLanguage))(messageKey);
  return { success: false, code, message, messageKey, issues: shape.data?.issues ?? null };
}

export function restRoutes(deps: {
  createContext: (
    c: Context,
    via: 'rest',
    setHeader: (name: string, value: string) => void,
  ) => TContext | Promise<TContext>;
  publicUrl: string;
  onError: (path: string | undefined, error: Error) => void;
}) {
  const app = new Hono();
  const openApiDocument = servedOpenApiDocument(deps.publicUrl);
  app.get('/openapi.json', (c) => c.json(openApiDocument));

  const dispatch = createRestDispatcher(appRouter);

  app.all('/*', async (c) => {
    const method = c.req.method;
    // Spec §7: GETs are not cached (answers are personal and change).
    const noStore = method === 'GET' ? { 'Cache-Control': 'no-store' } : undefined;
    const acceptLanguage = c.req.header('accept-language');
    const contentLength = c.req.header('content-length');
    const result = await dispatch({
      method,
      path: c.req.path.slice('/api'.length),
      contentType: c.req.header('content-type'),
      hasBody:
        (contentLength !== undefined && contentLength !== '0') || c.req.header('transfer-encoding') !== undefined,
      query: new URL(c.req.url).searchParams,
      readBody: () => bodyText(c),
      createContext: () => deps.createContext(c, 'rest', (name, value) => c.header(name, value, { append: true })),
    });
    if (!result) {
      if (method === 'HEAD') return c.body(null, 204);
      return c.json(errorBody({}, 'NOT_FOUND', false, acceptLanguage), 404, noStore);
    }
    if (result.ok) {
      const text = JSON.stringify(result.data);
      return c.body(text ?? null, 200, { 'Content-Type': 'application/json', ...noStore });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') deps.onError(result.path, result.error);
    return c.json(
      errorBody(result.shape as TErrorShape, result.error.code, result.ctx !== undefined, acceptLanguage),
      result.status as ContentfulStatusCode,
      noStore,
    );
  });
  return app;
}
