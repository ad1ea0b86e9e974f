import { existsSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppRouter } from '@portal/api';
import type { TLocale } from '@portal/i18n';
import { safeNext } from '@portal/validators';
import type { TRPCLink } from '@trpc/client';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { drawnPageHead, firstPicturePreload, pageHead } from './page-head.ts';
import { modulePreloadLinks, routeModules } from './route-preloads.ts';
import { pageLocale, serverEntryOf } from './server-render.ts';
import { slideImagePreloadLink } from './slide-image-preload.ts';

const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

type TEncoding = 'br' | 'gzip';

/** The origin a redirect of this request is checked against: the request's own. */
const ownOrigin = (c: Context) => ({ origin: new URL(c.req.url).origin });

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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page differs per person: compressed per answer, quickly (quality 5 / level 6). */
const compressPage = (body: Buffer, encoding: TEncoding) =>
  encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 });

export interface TServerRendering {
  /** The request's way to the procedures, with its session and the page's language (app.ts). */
  pageLink: (c: Context, locale: TLocale, setHeader: (name: string, value: string) => void) => TRPCLink<AppRouter>;
  /** A page that failed to render goes out as the plain app, which then draws it in the browser. */
  onRenderError: (path: string, error: unknown) => void;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

/**
 * The built React app: hashed assets cached for a year, every other path answered with
 * index.html so the client router can show the page (or its 404 page).
 *
 * Text assets (scripts, styles, SVG) and index.html go out brotli- or gzip-compressed: about a
 * third of their size (Lighthouse 'uses-text-compression', issue 7). The assets never change
 * under their hashed names, so each is compressed once, on its first request, and kept in memory.
 * index.html carries the `modulepreload` links of the requested page (route-preloads.ts) and, on
 * a slide, a preload of its picture (slide-image-preload.ts), in the order of page-head.ts; a page
 * the server drew names only the boot module, which asks for the scripts after the paint.
 */
export function webAppRoutes(distDir: string, rendering?: TServerRendering) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503));
    return app;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const modules = routeModules(distDir);
  // index.html with the page's head, plain and compressed, once per head. A drawn page's head starts
  // its scripts after the paint (drawnPageHead); the plain app needs them at once to draw anything.
  const pages = new Map<string, { html: string; br: Buffer; gzip: Buffer }>();
  // `picture`: the drawn page's own first picture; the plain app knows only a slide's.
  const pageFor = (pathname: string, picture = slideImagePreloadLink(pathname), drawn = false) => {
    const files = modules.modulesFor(pathname);
    const key = `${drawn}|${picture}|${files.join(' ')}`;
    let page = pages.get(key);
    if (!page) {
      const html = drawn
        ? drawnPageHead(indexHtml, { early: picture, modules: files, boot: modules.boot })
        : pageHead(indexHtml, { early: picture, late: modulePreloadLinks(files) });
      page = { html, br: compress(Buffer.from(html), 'br'), gzip: compress(Buffer.from(html), 'gzip') };
      pages.set(key, page);
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
  const loadRenderer = rendering ? serverEntryOf(distDir) : null;
  const renderHandler: MiddlewareHandler | null =
    rendering && loadRenderer
      ? async (c, next) => {
          const renderPage = await loadRenderer();
          const locale = pageLocale(c.req.header('cookie'), c.req.header('accept-language'));
          const cookies: string[] = [];
          const link = rendering.pageLink(c, locale, (name, value) => {
            if (name.toLowerCase() === 'set-cookie') cookies.push(value);
          });
          let page: Awaited<ReturnType<typeof renderPage>>;
          try {
            page = await renderPage(c.req.raw, { locale, link });
          } catch (error) {
            // A visitor who left before the page was drawn is no failure of ours.
            if (!c.req.raw.signal.aborted) rendering.onRenderError(c.req.path, error);
            return next();
          }
          for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
          // Every drawn page may carry personal data: never kept by a shared cache or on disk (issue 25).
          c.header('Cache-Control', 'private, no-store');
          c.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
          // A guard's redirect goes to a path of the portal only (issue 37.5), whatever the address held.
          if (page.kind === 'redirect') return c.redirect(safeNext(page.location, ownOrigin(c)), page.status as 302);
          const html = pageFor(c.req.path, firstPicturePreload(page.body), true)
            .html.replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
            .replace('<div id="root"></div>', `<div id="root">${page.body}</div>${page.data}`);
          c.status(page.status as 200);
          const encoding = pickEncoding(c.req.header('accept-encoding'));
          if (!encoding) return c.html(html);
          c.header('Content-Type', 'text/html; charset=UTF-8');
          c.header('Content-Encoding', encoding);
          return c.body(new Uint8Array(await compressPage(Buffer.from(html), encoding)));
        }
      : null;
  // '/' first: the static files would answer it with the bare index.html.
  if (renderHandler) app.get('/', renderHandler);
  app.use('*', serveStatic({ root }));
  if (renderHandler) app.get('*', renderHandler);
  // A form sent before the page's script ran, to a page that has no handler for it (every form but
  // the sign-in, sign-in-form.ts): nothing is done, the person is sent back to the page, whose
  // script then takes over. The other parts of the server answer their own addresses first.
  app.post('*', (c) => {
    if (/^\/(api|trpc|p|media|dev)(\/|$)/.test(c.req.path)) return c.notFound();
    // The address itself, as a path of the portal: `POST //evil.example/` must not send the person
    // to evil.example (issue 37.5).
    const { pathname, search } = new URL(c.req.url);
    return c.redirect(safeNext(pathname + search, ownOrigin(c)), 303);
  });
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
