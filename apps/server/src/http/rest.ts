import { appRouter, buildOpenApiDocument, type TContext } from '@portal/api';
import { createTranslator, isMessageKey, localeFromAcceptLanguage, type TMessageKey } from '@portal/i18n';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createRestHandler } from './openapi-handler.ts';
import { bodyText } from './read-body.ts';

interface TTrpcErrorBody {
  message?: string;
  code?: string;
  issues?: unknown;
  data?: { errorCode?: string; messageKey?: string | null; issues?: unknown };
}

/** For errors raised by trpc-to-openapi itself (unknown path, unparsable body), which carry no key. */
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
 * missing or expired session, and the message always in the caller's language.
 * trpc-to-openapi's own body is reshaped here, in one place.
 */
async function reshapeError(response: Response, acceptLanguage: string | undefined): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response.json().catch(() => ({}))) as TTrpcErrorBody;
  const code = body.data?.errorCode ?? body.code ?? 'INTERNAL_SERVER_ERROR';
  const given = body.data?.messageKey;
  const messageKey: TMessageKey =
    given && isMessageKey(given) ? given : (FALLBACK_KEYS[code] ?? 'app.something_went_wrong');
  const reshaped = {
    success: false,
    code,
    message: createTranslator(localeFromAcceptLanguage(acceptLanguage))(messageKey),
    messageKey,
    issues: body.data?.issues ?? null,
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(reshaped), { status: response.status, headers });
}

/**
 * trpc-to-openapi refuses a POST without a content type even when the call takes no input
 * (logout). A body-less request is JSON by declaration; one with a body keeps its own type.
 */
function withJsonContentType(req: Request): Request {
  if (req.method === 'GET' || req.method === 'HEAD' || req.headers.get('content-type')) return req;
  if (req.headers.get('content-length') && req.headers.get('content-length') !== '0') return req;
  const headers = new Headers(req.headers);
  headers.set('content-type', 'application/json');
  return new Request(req, { headers });
}

/** File downloads served by plain Hono routes (see app.ts), for the OpenAPI document. */
export const PLAIN_ROUTES: NonNullable<ReturnType<typeof buildOpenApiDocument>['paths']> = {
  '/pdf/upload-file': {
    post: {
      tags: ['Employees'],
      summary: 'Policyholder: store an employee list (CSV, 50+ rows) as an upload request at once',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' }, cc: { type: 'string', format: 'email' } },
              required: ['file'],
            },
          },
        },
      },
      responses: { '200': { description: 'The stored request (uploadId, valid, invalid)' } },
    },
  },
  '/employee/upload-employee-list': {
    post: {
      tags: ['Employees'],
      summary: 'Policyholder: upload an employee list (CSV, 50+ rows); preview without `confirm=true`',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                confirm: { type: 'string', enum: ['true', 'false'] },
                cc: { type: 'string', format: 'email' },
              },
              required: ['file'],
            },
          },
        },
      },
      responses: { '200': { description: 'Preview (rows, valid, invalid, problem) or the stored request (uploadId)' } },
    },
  },
  '/admin/upload-employee-list': {
    post: {
      tags: ['Admin uploads'],
      summary:
        'Admin: upload a policyholder’s employee list (CSV, 50+ rows); preview without `confirm=true`, all-or-nothing import with it',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                companyId: { type: 'string' },
                confirm: { type: 'string', enum: ['true', 'false'] },
              },
              required: ['file', 'companyId'],
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'Preview (problem, rows with status new/existing/invalid and reasons, summary) or the import result (uploadId, existing, created, validationErrors, handled, report)',
        },
        '403': { description: 'The policyholder has not accepted the AVV (`admin_upload.avv_missing`)' },
        '404': { description: 'Unknown company, or the caller is not an admin' },
      },
    },
  },
  '/pdf/avv': {
    get: {
      tags: ['AVV'],
      summary: 'The data processing agreement (AVV 5.40) as PDF',
      parameters: [{ name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['de', 'en'] } }],
      responses: { '200': { description: 'PDF', content: { 'application/pdf': {} } } },
    },
  },
  '/certificates/pdf/{code}': {
    get: {
      tags: ['Certificates'],
      summary:
        'A certificate as PDF (A4 landscape): for its holder, or the employer and managers for the proof of insurance',
      parameters: [
        { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['de', 'en'] } },
      ],
      responses: {
        '200': { description: 'PDF', content: { 'application/pdf': {} } },
        '404': { description: 'Unknown, revoked, or not the caller’s certificate' },
      },
    },
  },
  '/certificates/preview/{code}': {
    get: {
      tags: ['Certificates'],
      summary: 'Preview image (PNG) of a certificate, for the same people as the PDF',
      parameters: [
        { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['de', 'en'] } },
      ],
      responses: {
        '200': { description: 'PNG', content: { 'image/png': {} } },
        '404': { description: 'As for the PDF' },
      },
    },
  },
};

export function restRoutes(deps: {
  createContext: (c: Context, via: 'rest', setHeader: (name: string, value: string) => void) => TContext;
  publicUrl: string;
  onError: (path: string | undefined, error: Error) => void;
}) {
  const app = new Hono();
  const openApiDocument = buildOpenApiDocument(deps.publicUrl);

  app.get('/openapi.json', (c) => c.json(openApiDocument));
  // Plain Hono routes beside the generated layer are listed too (conventions §3).
  openApiDocument.paths = { ...openApiDocument.paths, ...PLAIN_ROUTES };

  // The Hono context of the request being handled, for the shared handler's createContext.
  const contexts = new WeakMap<Request, Context>();
  const handle = createRestHandler({
    router: appRouter,
    endpoint: '/api',
    createContext: (request, setHeader) => {
      const c = contexts.get(request);
      if (!c) throw new Error('no Hono context for this request');
      return deps.createContext(c, 'rest', setHeader);
    },
    onError: (error, path) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') deps.onError(path, error);
    },
    readBody: (request) => {
      const c = contexts.get(request);
      return c ? bodyText(c) : request.text();
    },
  });

  app.all('/*', async (c) => {
    const request = withJsonContentType(c.req.raw);
    contexts.set(request, c);
    const response = await handle(request);
    const shaped = await reshapeError(response, c.req.header('accept-language'));
    // Spec §7: GETs are not cached (answers are personal and change).
    if (c.req.method === 'GET') shaped.headers.set('Cache-Control', 'no-store');
    return shaped;
  });
  return app;
}
