import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { buildOpenApiDocument } from '@portal/api';
import { createTranslator } from '@portal/i18n';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import type { TLogger } from '../logger.ts';
import { PLAIN_ROUTES } from './openapi-document.ts';

/**
 * A malformed URL (a bad percent escape in the path or the query: a lone `%`, `%zz`, a truncated
 * or overlong UTF-8 sequence, a byte that never starts a character) is the client's mistake: it
 * answers 400 on every route family, never 5xx, and nothing reaches the log at error level.
 * Well-formed but unusual URLs (encoded spaces, umlauts, `%25`, `+` in the query) keep working.
 * Both through `app.request()` and once over a real socket, where the Node adapter builds the URL.
 */

const here = dirname(fileURLToPath(import.meta.url));
const WEB_INDEX = join(here, '../../../web/index.html');
const SEED = 20_260_405;

// ── Malformed escapes ──────────────────────────────────────────────────────────────────────────

const isMalformed = (text: string) => {
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
};

/** A hand-picked list: each is refused by decodeURIComponent (checked below). */
const FIXED_BAD = [
  '%',
  '%zz',
  '%1',
  '%%',
  '%G0',
  '%E0%A4%A',
  '%C0%AF', // overlong '/'
  '%C0%80', // overlong NUL
  '%E0%80%AF', // overlong '/', three bytes
  '%FF',
  '%80', // continuation byte without a lead
  '%C3', // lead byte at the end
  '%C3%28', // lead byte followed by ASCII
  '%ED%A0%80', // UTF-16 surrogate
  '%F4%90%80%80', // above U+10FFFF
  '%F0%9F%98', // a truncated emoji
];
/** Fewer for the sweep over every REST operation, which is long. */
const FIXED_BAD_SHORT = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF'];

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
const byte = (min: number, max: number) => fc.integer({ min, max }).map(hex);
const chars = (text: string) => fc.constantFrom(...text.split(''));
const nonHex = chars('ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ-_.~');
const hexDigit = chars('0123456789abcdefABCDEF');
const bytes = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((list) => list.join(''));

/** One bad escape of every kind the decoder refuses. */
const badPiece = fc.oneof(
  fc.constant('%'),
  nonHex.map((c) => `%${c}`),
  bytes(hexDigit, nonHex).map((s) => `%${s}`),
  bytes(nonHex, hexDigit).map((s) => `%${s}`),
  byte(0x80, 0xbf), // continuation without a lead
  byte(0xf5, 0xff), // never in UTF-8
  bytes(byte(0xc0, 0xc1), byte(0x80, 0xbf)), // overlong two-byte
  byte(0xc2, 0xdf), // lead without its continuation
  bytes(byte(0xe1, 0xec), byte(0x80, 0xbf)), // truncated three-byte
  bytes(byte(0xf1, 0xf3), byte(0x80, 0xbf), byte(0x80, 0xbf)), // truncated four-byte
  bytes(fc.constant('%E0'), byte(0x80, 0x9f), byte(0x80, 0xbf)), // overlong three-byte
  bytes(fc.constant('%ED'), byte(0xa0, 0xbf), byte(0x80, 0xbf)), // surrogate
  bytes(fc.constant('%F4'), byte(0x90, 0xbf), byte(0x80, 0xbf), byte(0x80, 0xbf)), // above U+10FFFF
  bytes(fc.constant('%F0'), byte(0x80, 0x8f), byte(0x80, 0xbf), byte(0x80, 0xbf)), // overlong four-byte
);
const safe = fc.string({ unit: chars('abcXYZ019-_.~'), maxLength: 5 });
/** Safe text around a bad escape; the filter drops the rare accidental valid escape (`%` + `41`). */
const malformed = bytes(safe, badPiece, safe).filter(isMalformed);

// ── Where the bad escape goes ──────────────────────────────────────────────────────────────────

interface TTarget {
  method: string;
  /** The URL with the bad escape put in. */
  url: (bad: string) => string;
  body?: string;
}
const get = (url: (bad: string) => string): TTarget => ({ method: 'GET', url });

/** The bad escape in the path and in the query of every route family. */
const TARGETS: TTarget[] = [
  // Built assets (web-app.ts decoded the path itself).
  get((bad) => `/assets/${bad}.js`),
  get((bad) => `/assets/index-${bad}.js`),
  get((bad) => `/assets/${bad}`),
  get((bad) => `/assets/index-abc123.js?v=${bad}`),
  get((bad) => `/assets/${bad}.css?${bad}`),
  // Course images.
  get((bad) => `/media/courses/${bad}/image.svg`),
  get((bad) => `/media/courses/malware/${bad}.svg`),
  get((bad) => `/media/${bad}`),
  get((bad) => `/media/courses/malware/image.svg?v=${bad}`),
  // REST: path parameters, plain routes, the document and the docs.
  get((bad) => `/api/${bad}`),
  get((bad) => `/api/certificates/verify/${bad}`),
  get((bad) => `/api/certificates/verify/ABCD-${bad}`),
  get((bad) => `/api/certificates/pdf/${bad}`),
  get((bad) => `/api/certificates/preview/${bad}?lang=de`),
  get((bad) => `/api/trainings/takeaway/${bad}`),
  get((bad) => `/api/trainings/get-training/malware?lang=${bad}`),
  get((bad) => `/api/legal/${bad}`),
  get((bad) => `/api/openapi.json?${bad}`),
  get((bad) => `/api/openapi.json${bad}`),
  get((bad) => `/api/docs/${bad}`),
  get((bad) => `/api/docs?x=${bad}`),
  get((bad) => `/api/pdf/${bad}`),
  get((bad) => `/api/pdf/avv?lang=${bad}`),
  {
    method: 'POST',
    url: (bad) => `/api/employee/login?${bad}=1`,
    body: JSON.stringify({ email: 'x@example.com', password: 'y' }),
  },
  { method: 'POST', url: (bad) => `/api/employee/${bad}`, body: '{}' },
  // tRPC: the procedure path, batches and the input.
  get((bad) => `/trpc/${bad}`),
  get((bad) => `/trpc/auth.me${bad}`),
  get((bad) => `/trpc/auth.me,${bad}?batch=1`),
  get((bad) => `/trpc/auth.me?input=${bad}`),
  get((bad) => `/trpc/certificates.verify?input=%7B%22code%22%3A%22${bad}%22%7D`),
  get((bad) => `/trpc/auth.me,auth.portalInfo?batch=1&input=${bad}`),
  {
    method: 'POST',
    url: (bad) => `/trpc/employee.login${bad}`,
    body: JSON.stringify({ email: 'x@example.com', password: 'y' }),
  },
  // Probes.
  get((bad) => `/healthz?${bad}`),
  get((bad) => `/healthz${bad}`),
  get((bad) => `/readyz?probe=${bad}`),
  get((bad) => `/readyz/${bad}`),
  // The development mailbox.
  get((bad) => `/dev/mailbox/${bad}`),
  get((bad) => `/dev/mailbox?to=${bad}`),
  // Pages of the web app.
  get((bad) => `/${bad}`),
  get((bad) => `/verify/${bad}`),
  get((bad) => `/verify/ABCD-${bad}-JKLM`),
  get((bad) => `/login/${bad}`),
  get((bad) => `/login?redirect=${bad}`),
  get((bad) => `/trainings/${bad}`),
  get((bad) => `/trainings/malware/slides/${bad}`),
  get((bad) => `/trainings?lang=${bad}&x=1`),
  get((bad) => `/admin/recovery-password/${bad}`),
  { method: 'HEAD', url: (bad) => `/verify/${bad}` },
];

/** Every REST operation of the OpenAPI document, with the bad escape as each path parameter, else in the query. */
function restTargets(): TTarget[] {
  const paths = { ...buildOpenApiDocument('http://localhost:3000').paths, ...PLAIN_ROUTES };
  const targets: TTarget[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations ?? {})) {
      const upper = method.toUpperCase();
      const body = upper === 'GET' || upper === 'DELETE' ? undefined : '{}';
      targets.push({
        method: upper,
        url: path.includes('{')
          ? (bad) => `/api${path.replace(/\{[^}]+\}/g, bad)}`
          : (bad) => `/api${path}?input=${bad}`,
        ...(body ? { body } : {}),
      });
    }
  }
  return targets;
}

// ── The app and its log ────────────────────────────────────────────────────────────────────────

let t: TTestDb;
let webDist: string;
let app: ReturnType<typeof createApp>;
let server: ServerType | undefined;
let port = 0;
const logged: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
const logger: TLogger = {
  info: (message) => logged.push({ level: 'info', message }),
  warn: (message) => logged.push({ level: 'warn', message }),
  error: (message, error) =>
    logged.push({ level: 'error', message: `${message} ${error instanceof Error ? error.message : ''}` }),
};
const errorsLogged = () => logged.filter((entry) => entry.level === 'error').map((entry) => entry.message);

beforeAll(async () => {
  t = await createTestDb();
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  copyFileSync(WEB_INDEX, join(webDist, 'index.html'));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  app = createApp({ db: t.db, config: t.config, logger, webDist });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  server?.close();
  await t?.cleanup();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** JSON under /api and /trpc and from the probes, a short text for files and pages. */
const answersJson = (url: string) => /^\/(?:api|trpc)(?:\/|$)|^\/(?:healthz|readyz)$/.test(url.split('?')[0] ?? '');

async function send(target: TTarget, bad: string, language = 'de') {
  const url = target.url(bad);
  const headers: Record<string, string> = { 'accept-language': language };
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(url, { method: target.method, headers, body: target.body });
  return { url, response, text: await response.text() };
}

/** What is wrong with the answer to a malformed URL (nothing: an empty list). */
function problemsOf(method: string, url: string, status: number, type: string, text: string): string[] {
  const where = `${method} ${url}`;
  if (status !== 400) return [`${where}: ${status}`];
  if (method === 'HEAD') return [];
  if (answersJson(url)) {
    if (!type.startsWith('application/json')) return [`${where}: content-type ${type}`];
    const body = JSON.parse(text) as Record<string, unknown>;
    const messageKey = url.startsWith('/trpc')
      ? (body.error as { data?: { messageKey?: string } } | undefined)?.data?.messageKey
      : body.messageKey;
    if (messageKey !== 'http.malformed_url') return [`${where}: body ${text}`];
  } else if (!type.startsWith('text/plain')) {
    return [`${where}: content-type ${type}`];
  }
  return [];
}

// ── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe('malformed URLs answer 400', () => {
  it('the fixed list is malformed for the decoder', () => {
    expect(FIXED_BAD.filter((bad) => !isMalformed(bad))).toEqual([]);
    // The Request keeps the raw escapes: what the app sees is what the client sent.
    expect(new Request('http://localhost/assets/%E0%A4%A').url).toBe('http://localhost/assets/%E0%A4%A');
    expect(new Request('http://localhost/assets/%?x=%zz').url).toBe('http://localhost/assets/%?x=%zz');
  });

  it('on every route family, for the fixed list, with nothing logged as an error', async () => {
    const problems: string[] = [];
    for (const target of TARGETS) {
      for (const bad of FIXED_BAD) {
        const { url, response, text } = await send(target, bad);
        problems.push(
          ...problemsOf(target.method, url, response.status, response.headers.get('content-type') ?? '', text),
        );
      }
    }
    expect(problems).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  it('on every REST operation, the bad escape as path parameter or in the query', async () => {
    const targets = restTargets();
    expect(targets.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const target of targets) {
      for (const bad of FIXED_BAD_SHORT) {
        const { url, response, text } = await send(target, bad);
        problems.push(
          ...problemsOf(target.method, url, response.status, response.headers.get('content-type') ?? '', text),
        );
      }
    }
    expect(problems).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });

  it('for generated bad escapes on every route family (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(malformed, fc.constantFrom(...TARGETS, ...restTargets()), async (bad, target) => {
        const { url, response, text } = await send(target, bad);
        expect(
          problemsOf(target.method, url, response.status, response.headers.get('content-type') ?? '', text),
        ).toEqual([]);
      }),
      { seed: SEED, numRuns: 400 },
    );
    expect(errorsLogged()).toEqual([]);
  });

  it('in the REST error shape, in the caller’s language; tRPC in its own shape', async () => {
    const rest = await send(
      get((bad) => `/api/certificates/verify/${bad}`),
      '%E0%A4%A',
      'en',
    );
    expect(JSON.parse(rest.text)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      messageKey: 'http.malformed_url',
      message: createTranslator('en')('http.malformed_url'),
      issues: null,
    });
    const trpc = await send(
      get((bad) => `/trpc/auth.me?input=${bad}`),
      '%C0%AF',
      'de',
    );
    expect(JSON.parse(trpc.text)).toEqual({
      error: {
        message: createTranslator('de')('http.malformed_url'),
        code: -32600,
        data: {
          code: 'BAD_REQUEST',
          httpStatus: 400,
          errorCode: 'BAD_REQUEST',
          messageKey: 'http.malformed_url',
          issues: null,
        },
      },
    });
    const page = await send(
      get((bad) => `/verify/${bad}`),
      '%',
      'de',
    );
    expect(page.text).toBe(createTranslator('de')('http.malformed_url'));
    expect(page.response.headers.get('content-security-policy')).toBeTruthy();
  });

  it('a URIError thrown by a route still answers 400, logged as a warning (safety net in onError)', async () => {
    const local = createApp({ db: t.db, config: t.config, logger, webDist });
    // PUT: the web app answers GET and POST on every page address (a form sent before the script
    // ran, ADR 038), so a route added after it is reached by another method.
    local.put('/uri-error', () => {
      throw new URIError('URI malformed');
    });
    const response = await local.request('/uri-error', { method: 'PUT', headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(createTranslator('en')('http.malformed_url'));
    expect(errorsLogged()).toEqual([]);
    expect(logged.some((entry) => entry.level === 'warn' && entry.message.includes('/uri-error'))).toBe(true);
  });
});

describe('well-formed but unusual URLs keep working', () => {
  const cases: { url: string; status: number; type: RegExp }[] = [
    { url: '/verify/ABC%20DEF', status: 200, type: /^text\/html/ },
    { url: '/verify/100%25', status: 200, type: /^text\/html/ },
    { url: '/trainings/%C3%A4rger', status: 200, type: /^text\/html/ },
    { url: '/login?redirect=%2Ftrainings%3Fa%3D1+2', status: 200, type: /^text\/html/ },
    { url: '/assets/index-abc123.js?v=1+2&w=%C3%A4', status: 200, type: /javascript/ },
    { url: '/media/courses/malware/image.svg?v=%F0%9F%98%80', status: 200, type: /^image\/svg\+xml/ },
    { url: '/healthz?probe=a+b&x=%C3%A4%25', status: 200, type: /json/ },
    { url: '/api/openapi.json?x=%C3%A4+%2B', status: 200, type: /json/ },
    { url: '/api/pdf/avv?lang=de&note=a+b%C3%A4', status: 200, type: /^application\/pdf/ },
    { url: '/api/certificates/verify/ABC%20%C3%84', status: 200, type: /json/ },
    { url: '/trpc/auth.me?input=%7B%7D', status: 200, type: /json/ },
    {
      url: `/trpc/certificates.verify?input=${encodeURIComponent(JSON.stringify({ code: 'ÄBC DEF+1' }))}`,
      status: 200,
      type: /json/,
    },
  ];
  for (const { url, status, type } of cases) {
    it(url, async () => {
      const response = await app.request(url);
      await response.arrayBuffer();
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type') ?? '').toMatch(type);
    });
  }
  it('names of Object.prototype are unknown files, not a crash', async () => {
    for (const url of ['/api/docs/constructor', '/api/docs/__proto__', '/api/docs/toString', '/trpc/constructor']) {
      const response = await app.request(url);
      await response.arrayBuffer();
      expect(response.status, url).toBe(404);
    }
  });
  it('logged nothing as an error', () => expect(errorsLogged()).toEqual([]));
});

// ── A real socket ──────────────────────────────────────────────────────────────────────────────

/** One raw HTTP/1.1 request: the request line goes out byte for byte, no client normalises it. */
function rawRequest(target: string, method = 'GET'): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, head: received.split('\r\n\r\n')[0] ?? '' });
    });
  });
}

describe('over a real socket (the Node adapter builds the URL)', () => {
  const bad = [
    '/assets/%E0%A4%A.js',
    '/assets/%',
    '/assets/%C0%AF..%C0%AF..%C0%AFpackage.json',
    '/media/courses/%FF/image.svg',
    '/api/certificates/verify/%zz',
    '/api/pdf/avv?lang=%E0%A4%A',
    '/api/openapi.json?%',
    '/trpc/auth.me%C0%AF',
    '/trpc/auth.me?input=%ED%A0%80',
    '/healthz?x=%',
    '/readyz?x=%F4%90%80%80',
    '/dev/mailbox?to=%C3',
    '/verify/%E0%A4%A',
    '/login/%80',
    '/trainings/malware?x=%%',
  ];
  it('malformed URLs answer 400', async () => {
    const problems: string[] = [];
    for (const target of bad) {
      const { status } = await rawRequest(target);
      if (status !== 400) problems.push(`${target}: ${status}`);
    }
    expect(problems).toEqual([]);
    expect(errorsLogged()).toEqual([]);
  });
  it('well-formed ones keep working', async () => {
    for (const target of ['/verify/ABC%20DEF', '/assets/index-abc123.js', '/healthz?x=a+b%C3%A4', '/trpc/auth.me']) {
      expect((await rawRequest(target)).status, target).toBe(200);
    }
  });
});
