import type { LookupAddress } from 'node:dns';
import type { Resolver } from 'node:dns/promises';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { classifyAddress } from '../net/public-address.ts';

/*
 * The SSRF guard of webhook endpoints (ADR 035, issue 37): a receiver's URL must be https and
 * every address its host stands for must be public (`classifyAddress`). The addresses are checked
 * when the connection is made, so a name that resolves to a public address when the endpoint is
 * saved and to an internal one later (DNS rebinding) is refused at delivery: names through the
 * `lookup` node's http client calls, IP literals (for which node calls no lookup) by `post`
 * through the same check. Tests (NODE_ENV=test) may reach the loopback address, also by plain
 * http, and only that: their receivers run on 127.0.0.1 or ::1, by number or by name.
 */

export interface TWebhookUrlRules {
  /** Tests only (NODE_ENV=test): receivers on a loopback address, https or plain http. */
  allowLoopbackHttp: boolean;
}

/** Where a connection goes: the rules, whether it is plain http, and which resolver answers names. */
export interface TWebhookConnectOptions {
  rules: TWebhookUrlRules;
  plainHttp: boolean;
  /** Asks these DNS servers (`DNS_SERVERS`); without one, the system's lookup (hosts file included). */
  resolver?: Resolver | undefined;
}

/** `localhost` and every name under it are the loopback address, never asked of DNS (RFC 6761 §6.3). */
export const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

const LOCALHOST: readonly LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Why an address may not be connected to, or null when it may. */
export function addressRefusal(address: string, options: Pick<TWebhookConnectOptions, 'rules' | 'plainHttp'>) {
  const verdict = classifyAddress(address);
  if (!verdict) return `${address} is no IP address`;
  const loopbackForTests = options.rules.allowLoopbackHttp && verdict.range === 'loopback';
  if (loopbackForTests) return null;
  const as = verdict.embedded ? `, ${verdict.embedded.as} ${verdict.embedded.ipv4}` : '';
  if (!verdict.public) return `${address} is not public (${verdict.range}${as})`;
  if (options.plainHttp) return `${address}: plain http reaches loopback receivers of tests only`;
  return null;
}

/** The error of a refused receiver address; the job's run records its message. */
export class WebhookAddressRefused extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor(hostname: string, reasons: readonly string[]) {
    super(`webhook receiver ${hostname} refused: ${reasons.join('; ')}`);
    this.name = 'WebhookAddressRefused';
  }
}

async function resolveName(hostname: string, resolver: Resolver | undefined): Promise<LookupAddress[]> {
  if (isLocalhostName(hostname)) return [...LOCALHOST];
  if (!resolver) return lookup(hostname, { all: true });
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (addresses.length === 0) {
    throw v4.status === 'rejected'
      ? v4.reason
      : Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  }
  return addresses;
}

/**
 * Every address of a receiver's host (an IP literal is its own one address), each checked: one
 * address that may not be reached refuses them all, so that no connection attempt (node tries the
 * addresses of a name one after another) can end up inside.
 */
export async function receiverAddresses(
  hostname: string,
  options: TWebhookConnectOptions & { family?: number | undefined },
): Promise<LookupAddress[]> {
  const host = bare(hostname);
  const family = isIP(host);
  const all = family !== 0 ? [{ address: host, family }] : await resolveName(host, options.resolver);
  const addresses = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
  if (addresses.length === 0) {
    throw Object.assign(new Error(`no IPv${options.family} address for ${host}`), { code: 'ENOTFOUND' });
  }
  const reasons = addresses.map(({ address }) => addressRefusal(address, options)).filter((reason) => reason !== null);
  if (reasons.length > 0) throw new WebhookAddressRefused(host, reasons);
  return addresses;
}

const familyNumber = (family: unknown) =>
  family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0;

/**
 * A `lookup` for node's http client that answers only addresses `receiverAddresses` allows: all
 * of them when node asks for all (`all: true`, as it does to try IPv4 and IPv6 in turn), else the
 * first.
 */
export function guardedLookup(
  rules: TWebhookUrlRules,
  connect: Omit<TWebhookConnectOptions, 'rules'> = { plainHttp: false },
): LookupFunction {
  return (hostname, options, callback) => {
    receiverAddresses(hostname, { ...connect, rules, family: familyNumber(options?.family) }).then(
      (addresses) => {
        if (options?.all) return callback(null, addresses);
        const [first] = addresses as [LookupAddress];
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options?.all ? [] : '', 0),
    );
  };
}

/** The reason a URL cannot be an endpoint (a message key), or null when it can. */
export function webhookUrlProblem(
  value: string,
  rules: TWebhookUrlRules,
): 'webhooks.url_invalid' | 'webhooks.url_not_public' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'webhooks.url_invalid';
  }
  if (url.username || url.password || url.hash) return 'webhooks.url_invalid';
  const plainHttp = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plainHttp && rules.allowLoopbackHttp)) return 'webhooks.url_invalid';
  const host = bare(url.hostname);
  // A literal is judged now as it will be when connecting; a name when it is resolved, at each delivery.
  if (isIP(host) !== 0) return addressRefusal(host, { rules, plainHttp }) ? 'webhooks.url_not_public' : null;
  if (isLocalhostName(host) && !rules.allowLoopbackHttp) return 'webhooks.url_not_public';
  return null;
}
