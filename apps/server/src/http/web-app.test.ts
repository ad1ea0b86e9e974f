import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, webAppRoutes } from './web-app.ts';

function builtApp() {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  return webAppRoutes(dist);
}

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
});
