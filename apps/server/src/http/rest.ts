import { appRouter, buildOpenApiDocument, type TContext } from '@portal/api';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createOpenApiFetchHandler } from 'trpc-to-openapi';

interface TAdapterOptions {
  res?: { setHeader: (name: string, value: string) => void };
  resHeaders?: Headers;
}

interface TTrpcErrorBody {
  message?: string;
  code?: string;
  issues?: unknown;
  data?: { errorCode?: string; messageKey?: string | null; issues?: unknown };
}

/**
 * The REST error contract (spec §8 "actions return success false with the error message"):
 * `{ success: false, code, message, messageKey, issues }`, with code AUTHORIZATION_REQUIRED for a
 * missing or expired session. trpc-to-openapi's own body is reshaped here, in one place.
 */
async function reshapeError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response.json().catch(() => ({}))) as TTrpcErrorBody;
  const reshaped = {
    success: false,
    code: body.data?.errorCode ?? body.code ?? 'INTERNAL_SERVER_ERROR',
    message: body.message ?? 'Something went wrong',
    messageKey: body.data?.messageKey ?? null,
    issues: body.data?.issues ?? null,
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(reshaped), { status: response.status, headers });
}

export function restRoutes(deps: {
  createContext: (c: Context, via: 'rest', setHeader: (name: string, value: string) => void) => TContext;
  publicUrl: string;
  onError: (path: string | undefined, error: Error) => void;
}) {
  const app = new Hono();
  const openApiDocument = buildOpenApiDocument(deps.publicUrl);

  app.get('/openapi.json', (c) => c.json(openApiDocument));

  app.all('/*', async (c) => {
    const response = await createOpenApiFetchHandler({
      endpoint: '/api',
      router: appRouter,
      req: c.req.raw,
      // Typed as the fetch adapter's options, but trpc-to-openapi passes its node-style `res`.
      createContext: (options) => {
        const { res, resHeaders } = options as unknown as TAdapterOptions;
        return deps.createContext(c, 'rest', (name, value) =>
          res ? res.setHeader(name, value) : resHeaders?.append(name, value),
        );
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.onError(path, error);
      },
    });
    const shaped = await reshapeError(response);
    // Spec §7: GETs are not cached (answers are personal and change).
    if (c.req.method === 'GET') shaped.headers.set('Cache-Control', 'no-store');
    return shaped;
  });
  return app;
}
