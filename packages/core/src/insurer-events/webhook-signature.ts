import { createHmac } from 'node:crypto';

/*
 * The signature of a webhook delivery (ADR 035), the scheme Stripe documents and receivers know:
 * `Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. The timestamp is
 * signed with the body, so a receiver that refuses old timestamps refuses replays too. The
 * receiver's side is docs/examples/webhook-receiver.ts.
 */
export const SIGNATURE_HEADER = 'Portal-Signature';
export const EVENT_ID_HEADER = 'Portal-Event-Id';

export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
