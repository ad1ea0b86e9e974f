import type { Resolver } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { certificates, companies, eq, insurerEvents, type TDb, webhookEndpoints } from '@portal/db';
import { openTotpSecret } from '../auth/totp-secret-seal.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, webhookSignature } from './webhook-signature.ts';
import {
  guardedLookup,
  receiverAddresses,
  type TWebhookConnectOptions,
  type TWebhookUrlRules,
  webhookUrlProblem,
} from './webhook-url.ts';

/** A receiver that does not answer within this long counts as failed (retried later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The sealed secret's associated data: the endpoint, so a secret moved to another row does not open. */
export const endpointSealId = (endpointId: string) => `webhook:${endpointId}`;

/** What a receiver gets: company-level facts only, never a person (ADR 035). */
export interface TWebhookBody {
  id: string;
  type: string;
  occurredAt: string;
  data: {
    policyNumber: string;
    companyName: string;
    certificate: { code: string; validUntil: string };
  };
}

/**
 * POSTs the body; resolves with the status. Every address connected to has passed
 * `receiverAddresses`: a name's through the lookup, an IP literal's (node looks nothing up for
 * one) here, before the request. No redirect is followed (it could lead inside).
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { rules: TWebhookUrlRules; resolver?: Resolver | undefined },
): Promise<number> {
  const target = new URL(url);
  const connect: TWebhookConnectOptions = { ...options, plainHttp: target.protocol === 'http:' };
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) await receiverAddresses(host, connect);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.rules, connect),
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The `webhook` job (ADR 035): one event to one endpoint, signed. Anything but a 2xx answer
 * throws, and the queue tries again with its backoff; the job's runs are the delivery log. The
 * job's lease makes one process deliver it at a time; the receiver de-duplicates by
 * `Portal-Event-Id` should a process die after the receiver answered but before the job is done.
 */
export async function deliverWebhook(
  db: TDb,
  payload: { eventId: string; endpointId: string },
  options: {
    totpKey: Buffer;
    rules: TWebhookUrlRules;
    now: Date;
    /** Answers receivers' names (`DNS_SERVERS`); without one, the system's lookup. */
    resolver?: Resolver | undefined;
  },
): Promise<Record<string, string | number | boolean>> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, payload.endpointId));
  if (!endpoint || endpoint.removedAt !== null) return { skipped: 'endpoint removed' };
  const [event] = await db
    .select({
      id: insurerEvents.id,
      kind: insurerEvents.kind,
      policyNumber: insurerEvents.policyNumber,
      validUntil: insurerEvents.validUntil,
      occurredAt: insurerEvents.occurredAt,
      code: certificates.code,
      companyName: companies.companyName,
    })
    .from(insurerEvents)
    .innerJoin(certificates, eq(certificates.id, insurerEvents.certificateId))
    .innerJoin(companies, eq(companies.id, insurerEvents.companyId))
    .where(eq(insurerEvents.id, payload.eventId));
  if (!event) return { skipped: 'event gone with its company' };
  const problem = webhookUrlProblem(endpoint.url, options.rules);
  if (problem) throw new Error(`the endpoint's URL is refused (${problem})`);

  const body = JSON.stringify({
    id: event.id,
    type: event.kind,
    occurredAt: event.occurredAt.toISOString(),
    data: {
      policyNumber: event.policyNumber,
      companyName: event.companyName,
      certificate: { code: event.code, validUntil: event.validUntil.toISOString() },
    },
  } satisfies TWebhookBody);
  const secret = openTotpSecret(options.totpKey, endpointSealId(endpoint.id), endpoint.secretSealed);
  const status = await postWebhook(
    endpoint.url,
    body,
    { [SIGNATURE_HEADER]: webhookSignature(secret, body, options.now), [EVENT_ID_HEADER]: event.id },
    { rules: options.rules, resolver: options.resolver },
  );
  if (status < 200 || status > 299) throw new Error(`the receiver answered ${status}`);
  return { status };
}
