import { appRouter, createContextFactory } from '@portal/api';
import type { TConfig } from '@portal/core';
import type { TDatabase } from '@portal/db';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { type Context, Hono } from 'hono';
import { devMailboxRoutes } from './dev/mailbox.ts';
import { adminUploadRoutes } from './http/admin-upload.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { certificateFileRoutes } from './http/certificate-files.ts';
import { clientIp } from './http/client-ip.ts';
import { courseMediaRoutes } from './http/course-media.ts';
import { employeeUploadRoutes } from './http/employee-upload.ts';
import { legalPdfRoutes } from './http/legal-pdf.ts';
import { requestLog } from './http/request-log.ts';
import { restRoutes } from './http/rest.ts';
import { securityHeaders } from './http/security-headers.ts';
import { webAppRoutes } from './http/web-app.ts';
import type { TLogger } from './logger.ts';

export interface TAppDeps {
  db: TDatabase;
  config: TConfig;
  logger: TLogger;
  webDist: string;
}

/** The whole HTTP surface; `main.ts` only adds the listening socket and background work. */
export function createApp({ db, config, logger, webDist }: TAppDeps) {
  const app = new Hono();
  const makeContext = createContextFactory({ db, config });
  const createContext = (c: Context, via: 'rest' | 'trpc', setHeader: (name: string, value: string) => void) =>
    makeContext({ req: c.req.raw, ip: clientIp(c, config.TRUST_PROXY), via, setHeader });
  const onError = (path: string | undefined, error: Error) =>
    logger.error(`procedure ${path ?? '?'} failed: ${error.message}`, error.cause ?? error);

  app.use(
    '*',
    requestLog((line) => logger.info(line)),
  );
  app.use('*', securityHeaders({ hsts: config.secureCookies }));
  app.use('*', requestBodyLimit());

  app.get('/healthz', (c) => {
    db.$client.prepare('select 1').get();
    return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
  });

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
  app.route('/api', restRoutes({ createContext, publicUrl: config.publicUrl, onError }));
  app.route('/media', courseMediaRoutes());
  if (!config.production) app.route('/dev/mailbox', devMailboxRoutes(db));
  app.route('/', webAppRoutes(webDist));

  app.onError((error, c) => {
    logger.error(`unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.json({ success: false, code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
