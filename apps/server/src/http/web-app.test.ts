import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { courseCatalog } from '@portal/core';
import { describe, expect, it } from 'vitest';
import { pickEncoding, webAppRoutes } from './web-app.ts';

function builtApp(preloads?: { path: string; files: string[] }[]) {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><head><title>Portal</title></head><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  if (preloads) writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify({ routes: preloads }));
  return webAppRoutes(dist);
}

/** The page's modulepreload links, in order. */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('web app delivery', () => {
  it('picks brotli before gzip and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('sends scripts compressed with a year of caching, and the same bytes uncompressed to others', async () => {
    const app = builtApp();
    const br = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const packed = Buffer.from(await br.arrayBuffer());
    expect(packed.length).toBeLessThan(200);
    const plain = await app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(brotliDecompressSync(packed).toString()).toBe(await plain.text());
    const gzip = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('console.log');
  });

  it('sends index.html compressed for any page path, and no file outside the assets', async () => {
    const app = builtApp();
    const page = await app.request('/trainings/malware/2', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<div id="root">');
    // A missing asset is not made up: the request falls through to the app page, as before.
    const missing = await app.request('/assets/nothing-here.js', { headers: { 'accept-encoding': 'br' } });
    expect(missing.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const outside = await app.request('/assets/%2e%2e/index.html.js', { headers: { 'accept-encoding': 'br' } });
    expect(outside.headers.get('content-type')).not.toBe('text/javascript; charset=utf-8');
  });

  it('announces the chunks of the requested page with modulepreload, the most specific route first', async () => {
    const app = builtApp([
      { path: '/login', files: ['assets/login-page-a1.js', 'assets/form-b2.js'] },
      { path: '/login/:token', files: ['assets/first-login-c3.js'] },
      { path: '/trainings/:slug', files: ['assets/queries-d4.js'] },
      { path: '/trainings/:slug (index)', files: ['assets/queries-d4.js'] },
      { path: '/trainings/:slug/quiz/:step', files: ['assets/queries-d4.js', 'assets/quiz-e5.js'] },
      { path: '/trainings/:slug/:slide/:step?', files: ['assets/queries-d4.js', 'assets/slide-f6.js'] },
      { path: '/*', files: ['assets/not-found-g7.js', '../../etc/passwd', 'assets/style.css'] },
    ]);
    const page = async (path: string, encoding?: string) => {
      const response = await app.request(path, encoding ? { headers: { 'accept-encoding': encoding } } : {});
      const bytes = Buffer.from(await response.arrayBuffer());
      return encoding === 'br' ? brotliDecompressSync(bytes).toString() : bytes.toString();
    };
    expect(preloadsOf(await page('/login'))).toEqual(['/assets/login-page-a1.js', '/assets/form-b2.js']);
    expect(preloadsOf(await page('/login', 'br'))).toEqual(['/assets/login-page-a1.js', '/assets/form-b2.js']);
    expect(preloadsOf(await page('/login/k7x2token'))).toEqual(['/assets/first-login-c3.js']);
    expect(preloadsOf(await page('/trainings/malware'))).toEqual(['/assets/queries-d4.js']);
    expect(preloadsOf(await page('/trainings/malware/3'))).toEqual(['/assets/queries-d4.js', '/assets/slide-f6.js']);
    expect(preloadsOf(await page('/trainings/malware/3/2'))).toEqual(['/assets/queries-d4.js', '/assets/slide-f6.js']);
    expect(preloadsOf(await page('/trainings/malware/quiz/1'))).toEqual([
      '/assets/queries-d4.js',
      '/assets/quiz-e5.js',
    ]);
    // Anything else is the 404 page; only script files under /assets are ever announced.
    expect(preloadsOf(await page('/gibt-es-nicht'))).toEqual(['/assets/not-found-g7.js']);
    expect((await page('/login')).indexOf('modulepreload')).toBeLessThan((await page('/login')).indexOf('</head>'));
  });

  it('sends index.html unchanged without a route-preloads.json (an older build)', async () => {
    const html = await (await builtApp().request('/login')).text();
    expect(preloadsOf(html)).toEqual([]);
    expect(html).toContain('<div id="root">');
  });

  it("preloads a slide's picture on the slide's address, and nothing for other addresses", async () => {
    const app = builtApp();
    const slides = courseCatalog().get('malware')?.text.de.slides ?? [];
    const html = async (path: string) => (await app.request(path)).text();
    const imageLinks = (page: string) =>
      [...page.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1]);
    expect(imageLinks(await html('/trainings/malware/2'))).toEqual([`/media/courses/malware/${slides[1]?.image}`]);
    expect(imageLinks(await html(`/trainings/malware/${slides.length}`))).toEqual([
      `/media/courses/malware/${slides.at(-1)?.image}`,
    ]);
    for (const path of [
      '/trainings/malware/0',
      `/trainings/malware/${slides.length + 1}`,
      '/trainings/nope/1',
      '/login',
    ]) {
      expect(imageLinks(await html(path)), path).toEqual([]);
    }
  });
});
