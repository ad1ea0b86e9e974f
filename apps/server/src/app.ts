import { createHmac } from 'node:crypto';
import { appRouter, createContextFactory } from '@portal/api';
import type { TConfig } from '@portal/core';
import { isDatabaseUnavailable, pingDatabase, type TDatabase } from '@portal/db';
import { createTranslator, localeFromAcceptLanguage } from '@portal/i18n';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { type Context, Hono } from 'hono';
import { devRoutes } from './dev/dev-routes.ts';
import { adminUploadRoutes } from './http/admin-upload.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { apiKeyCalls, apiKeyOf } from './http/api-key-calls.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { certificateFileRoutes } from './http/certificate-files.ts';
import { clientIpResolver } from './http/client-ip.ts';
import { compressLargeReads } from './http/compress-large-reads.ts';
import { courseMediaRoutes } from './http/course-media.ts';
import { employeeUploadRoutes } from './http/employee-upload.ts';
import { evidenceFileRoutes } from './http/evidence-files.ts';
import { legalPdfRoutes } from './http/legal-pdf.ts';
import { malformedUrlAnswer, rejectMalformedUrls } from './http/malformed-url.ts';
import { pageLink } from './http/page-link.ts';
import { requestLog } from './http/request-log.ts';
import { restRoutes } from './http/rest.ts';
import { securityHeaders } from './http/security-headers.ts';
import { procedureRequest } from './http/server-render.ts';
import { signInFormRoutes } from './http/sign-in-form.ts';
import { takeawayFileRoutes } from './http/takeaway-files.ts';
import { webAppRoutes } from './http/web-app.ts';
import type { TLogger } from './logger.ts';
import { phishingTrackingRoutes } from './phishing/tracking-routes.ts';

export interface TAppDeps {
  db: TDatabase;
  config: TConfig;
  logger: TLogger;
  webDist: string;
  /** True once the process has been told to stop: readiness answers 503 so traffic moves away. */
  isDraining?: () => boolean;
}

/** The whole HTTP surface; `main.ts` only adds the listening socket and background work. */
export function createApp({ db, config, logger, webDist, isDraining = () => false }: TAppDeps) {
  const app = new Hono();
  const makeContext = createContextFactory({ db, config });
  const clientIp = clientIpResolver(config.TRUST_PROXY);
  const createContext = (c: Context, via: 'rest' | 'trpc', setHeader: (name: string, value: string) => void) =>
    makeContext({ req: c.req.raw, ip: clientIp(c), via, setHeader, apiKey: apiKeyOf(c.req.raw) });
  const onError = (path: string | undefined, error: Error) =>
    logger.error(`procedure ${path ?? '?'} failed: ${error.message}`, error.cause ?? error);

  app.use(
    '*',
    requestLog((line) => logger.info(line)),
  );
  app.use('*', securityHeaders({ hsts: config.secureCookies }));
  // A bad percent escape in the path or query is the client's mistake: 400 before any route decodes it.
  app.use('*', rejectMalformedUrls());
  // A draining process answers what it has, then lets each connection end (ADR 029).
  app.use('*', async (c, next) => {
    await next();
    if (isDraining()) c.header('Connection', 'close');
  });
  app.use('*', requestBodyLimit());

  // Liveness: the process answers. It does not ask the database, so an orchestrator does not
  // restart every process while PostgreSQL restarts (ADR 029).
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  // Readiness: this process takes requests (not draining) and its database answers.
  app.get('/readyz', async (c) => {
    const headers = { 'Cache-Control': 'no-store' };
    if (isDraining()) return c.json({ status: 'draining' }, 503, headers);
    try {
      await pingDatabase(db);
    } catch (error) {
      logger.warn(`readiness: the database does not answer (${error instanceof Error ? error.message : error})`);
      return c.json({ status: 'database_unavailable' }, 503, headers);
    }
    return c.json({ status: 'ready' }, 200, headers);
  });

  // Large reads (a course with its exercises) go out gzip-compressed (compress-large-reads.ts).
  app.use('/trpc/*', compressLargeReads);
  app.use('/api/*', compressLargeReads);
  // Insurer API keys: refused when revoked or expired, limited per key, every call audited (ADR 035).
  app.use('/api/*', apiKeyCalls({ db, callsPerMinute: config.API_KEY_CALLS_PER_MINUTE, clientIp }));
  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      router: appRouter,
      req: c.req.raw,
      createContext: ({ resHeaders }) => createContext(c, 'trpc', (name, value) => resHeaders.append(name, value)),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') onError(path, error);
      },
      responseMeta: ({ type }) => (type === 'query' ? { headers: { 'Cache-Control': 'no-store' } } : {}),
    }),
  );

  app.route('/api/docs', apiDocsRoutes());
  app.route('/api/pdf', legalPdfRoutes());
  app.route(
    '/api',
    employeeUploadRoutes((c) => createContext(c, 'rest', (name, value) => c.header(name, value))),
  );
  app.route(
    '/api',
    adminUploadRoutes((c) => createContext(c, 'rest', (name, value) => c.header(name, value))),
  );
  app.route(
    '/api',
    certificateFileRoutes((c) => createContext(c, 'rest', (name, value) => c.header(name, value)), config.publicUrl),
  );
  app.route(
    '/api',
    takeawayFileRoutes((c) => createContext(c, 'rest', (name, value) => c.header(name, value))),
  );
  // The evidence pack (ADR 035): before the generated routes, which would read `evidence` as an id.
  app.route(
    '/api',
    evidenceFileRoutes((c) => createContext(c, 'rest', (name, value) => c.header(name, value)), config.publicUrl),
  );
  app.route('/api', restRoutes({ createContext, publicUrl: config.publicUrl, onError }));
  // The links of simulated phishing mails and their teaching pages (ADR 036).
  app.route(
    '/p',
    phishingTrackingRoutes({
      db,
      clientIp,
      callsPerMinute: config.PHISHING_CALLS_PER_MINUTE,
      proofKey: createHmac('sha256', config.totpKey).update('phishing-proof').digest(),
      senderDomain: config.phishing.mailDomain,
      linkUrl: config.phishing.linkUrl,
    }),
  );
  app.route('/media', courseMediaRoutes());
  app.route('/dev', devRoutes(db, config));
  app.route(
    '/',
    signInFormRoutes({
      createContext: (c) => createContext(c, 'trpc', (name, value) => c.header(name, value, { append: true })),
      publicUrl: config.publicUrl,
    }),
  );
  app.route(
    '/',
    webAppRoutes(
      webDist,
      config.SERVER_RENDERING === 'off'
        ? undefined
        : {
            pageLink: (c, locale, setHeader) =>
              pageLink({
                createContext: () =>
                  makeContext({
                    req: procedureRequest(c.req.raw, locale),
                    ip: clientIp(c),
                    via: 'trpc',
                    setHeader,
                    apiKey: null,
                  }),
                onError,
              }),
            onRenderError: (path, error) => logger.error(`rendering ${path} failed, sent the plain app`, error),
          },
    ),
  );

  app.onError((error, c) => {
    if (error instanceof URIError) {
      // Safety net behind rejectMalformedUrls: a decoder that still throws answers 400, not 500.
      logger.warn(`malformed URL on ${c.req.method} ${c.req.path}: ${error.message}`);
      return malformedUrlAnswer(c);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn(`database unavailable on ${c.req.method} ${c.req.path}: ${error.message}`);
      const t = createTranslator(localeFromAcceptLanguage(c.req.header('accept-language') ?? null));
      return c.json(
        {
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          messageKey: 'errors.unavailable',
          message: t('errors.unavailable'),
        },
        503,
        { 'Retry-After': '5' },
      );
    }
    logger.error(`unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json({ success: false, code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
