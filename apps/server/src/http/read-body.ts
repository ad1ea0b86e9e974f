import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The request body as text. Under @hono/node-server it is read straight from Node's
 * IncomingMessage: `Request.text()` first wraps the socket in a web ReadableStream, which cost
 * more CPU than the rest of a small JSON call's body handling (docs/benchmarks.md). When nothing
 * can be read that way (app.request() in tests, or someone already consumed the stream through
 * the fetch API), the fetch API reads it.
 */
export async function bodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const untouched = incoming && incoming.readableFlowing === null && !incoming.readableDidRead;
  // Not `c.req.raw.bodyUsed`: asking it makes @hono/node-server build the full fetch Request.
  if (!incoming || !untouched) return c.req.raw.text();
  // Events rather than `for await`: the async iterator costs more than a small body's reading.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    let ended = false;
    incoming.once('error', reject);
    incoming.once('end', () => {
      ended = true;
      resolve((chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8'));
    });
    // A client that goes away mid-body: 'close' without 'end'.
    incoming.once('close', () => {
      if (!ended) reject(new Error('request body aborted'));
    });
  });
}
