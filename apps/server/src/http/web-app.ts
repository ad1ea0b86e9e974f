import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { routePreloadLinks } from './route-preloads.ts';
import { slideImagePreloadLink } from './slide-image-preload.ts';

const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

type TEncoding = 'br' | 'gzip';

/** The best encoding the browser accepts (brotli, then gzip), or null. */
export function pickEncoding(acceptEncoding: string | undefined): TEncoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const compress = (body: Buffer, encoding: TEncoding) =>
  encoding === 'br'
    ? // Quality 9: within 2 % of the best, and fast enough for the first request of a large chunk.
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(body, { level: 9 });

/**
 * The built React app: hashed assets cached for a year, every other path answered with
 * index.html so the client router can show the page (or its 404 page).
 *
 * Text assets (scripts, styles, SVG) and index.html go out brotli- or gzip-compressed: about a
 * third of their size (Lighthouse 'uses-text-compression', issue 7). The assets never change
 * under their hashed names, so each is compressed once, on its first request, and kept in memory.
 * index.html carries the `modulepreload` links of the requested page (route-preloads.ts) and, on
 * a slide, a preload of its picture (slide-image-preload.ts).
 */
export function webAppRoutes(distDir: string) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503));
    return app;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const preloadLinks = routePreloadLinks(distDir);
  // index.html with the page's preload links, plain and compressed, once per set of links.
  const pages = new Map<string, { html: string; br: Buffer; gzip: Buffer }>();
  const pageFor = (pathname: string) => {
    const links = preloadLinks(pathname) + slideImagePreloadLink(pathname);
    let page = pages.get(links);
    if (!page) {
      const html = links ? indexHtml.replace('</head>', `${links}\n  </head>`) : indexHtml;
      page = { html, br: compress(Buffer.from(html), 'br'), gzip: compress(Buffer.from(html), 'gzip') };
      pages.set(links, page);
    }
    return page;
  };
  const root = relative(process.cwd(), distDir) || '.';
  const assetsDir = resolve(distDir, 'assets');
  const cache = new Map<string, Buffer | null>();

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.get('/assets/*', async (c, next) => {
    const type = TEXT_TYPES[extname(c.req.path)];
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const file = resolve(distDir, `.${decodeURIComponent(c.req.path)}`);
    if (!type || !encoding || !file.startsWith(`${assetsDir}${sep}`)) return next();
    const key = `${encoding}:${file}`;
    if (!cache.has(key)) cache.set(key, existsSync(file) ? compress(readFileSync(file), encoding) : null);
    const body = cache.get(key);
    if (!body) return next();
    c.header('Content-Type', type);
    c.header('Content-Encoding', encoding);
    c.header('Vary', 'Accept-Encoding');
    return c.body(new Uint8Array(body));
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const page = pageFor(c.req.path);
    if (!encoding) return c.html(page.html);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(page[encoding]));
  });
  return app;
}
