import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';

const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference – E-Learning-Portal</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main><h1 style="font-family:sans-serif;margin:16px">API reference</h1><div id="swagger-ui"></div></main>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

// An external script, not an inline one: the CSP forbids inline scripts on every page.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** A readable API reference at /api/docs, served offline from swagger-ui-dist. */
export function apiDocsRoutes() {
  const app = new Hono();
  app.get('/', (c) => c.html(PAGE));
  app.get('/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/:asset', async (c) => {
    const asset = c.req.param('asset');
    // Own keys only: `constructor` or `toString` must not find Object.prototype's and read a missing file.
    const type = Object.hasOwn(ASSETS, asset) ? ASSETS[asset] : undefined;
    if (!type) return c.notFound();
    const body = await readFile(join(swaggerDir, asset));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
  return app;
}
