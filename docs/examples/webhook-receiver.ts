/*
 * A receiver of the portal's change notices, as an insurer's system would run it
 * (docs/insurer-webhooks.md). It checks every delivery before it trusts it:
 * - the signature: `Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with
 *   the endpoint's secret (whsec_…), compared in constant time;
 * - the timestamp: older (or newer) than five minutes is refused, so a recorded delivery cannot
 *   be replayed later;
 * - the event id: a delivery repeated after a lost answer (`Portal-Event-Id`) is acknowledged and
 *   not handled twice.
 * Run it: `npx tsx docs/examples/webhook-receiver.ts 8080 whsec_…` (behind your HTTPS proxy).
 *
 * apps/server/src/http/webhooks.integration.test.ts receives the portal's real deliveries with it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

export const REPLAY_WINDOW_SECONDS = 5 * 60;

export interface TPortalEvent {
  id: string;
  type: 'certificate_issued' | 'certificate_renewed' | 'certificate_expired';
  occurredAt: string;
  data: { policyNumber: string; companyName: string; certificate: { code: string; validUntil: string } };
}

/** Whether the header signs this body with this secret, within the replay window. */
export function signatureIsValid(secret: string, body: string, header: string, now = Date.now()): boolean {
  const fields = new Map(header.split(',').map((field) => field.split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > REPLAY_WINDOW_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * The request handler: 400 for anything unsigned, badly signed or too old; 200 once the event is
 * handled (or was handled before). `handle` is your code: update the policy in your system.
 */
export function webhookHandler(secret: string | (() => string), handle: (event: TPortalEvent) => Promise<void> | void) {
  const secretNow = typeof secret === 'string' ? () => secret : secret;
  const seen = new Set<string>();
  return async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const signature = request.headers['portal-signature'];
    if (request.method !== 'POST' || typeof signature !== 'string' || !signatureIsValid(secretNow(), body, signature)) {
      response.writeHead(400).end('bad signature');
      return;
    }
    const event = JSON.parse(body) as TPortalEvent;
    // A production receiver keeps the handled ids in its database, not in memory.
    if (!seen.has(event.id)) {
      await handle(event);
      seen.add(event.id);
    }
    response.writeHead(200).end('ok');
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, secret] = process.argv.slice(2);
  if (!port || !secret) {
    console.error('usage: webhook-receiver.ts <port> <whsec_… secret>');
    process.exit(2);
  }
  const handler = webhookHandler(secret, (event) => {
    console.log(
      `${event.type}: ${event.data.policyNumber} (${event.data.companyName}), valid until ${event.data.certificate.validUntil}`,
    );
  });
  createServer((request, response) => void handler(request, response)).listen(Number(port));
}
