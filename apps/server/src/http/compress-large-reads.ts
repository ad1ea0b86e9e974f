import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);
/** Below this an answer goes out as it is: compressing it costs more than the bytes it saves. */
export const COMPRESS_FROM_BYTES = 8 * 1024;

/** The reads that answer a whole course (tRPC, also inside a batch, and REST). */
const COURSE_READS = /^\/(?:trpc\/(?:[\w.]+,)*trainings\.get(?:,|$)|api\/trainings\/get-training\/)/;

/**
 * A course with its exercises (~31 KB of JSON, ~12 KB compressed) goes out gzip-compressed when
 * the client accepts it: it is on the learner's phone network before a slide can show (ADR 031).
 * Only those reads: Hono's `compress` on every API read cost the trainings list two thirds of its
 * throughput (2,436 → 827 req/s; tRPC sets no Content-Length, so its size threshold never
 * applied), and even reading the body here to judge its size cost a third (3,101 → 1,974 req/s,
 * docs/benchmarks.md). zlib runs on libuv's thread pool, off the event loop.
 */
export const compressLargeReads: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || !COURSE_READS.test(c.req.path)) return;
  if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return;
  const { res } = c;
  if (
    res.status !== 200 ||
    res.headers.has('content-encoding') ||
    !/json/.test(res.headers.get('content-type') ?? '')
  ) {
    return;
  }
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (body.length < COMPRESS_FROM_BYTES) {
    c.res = new Response(body, { status: res.status, headers });
    return;
  }
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  c.res = new Response(new Uint8Array(await gzipAsync(body)), { status: res.status, headers });
};
