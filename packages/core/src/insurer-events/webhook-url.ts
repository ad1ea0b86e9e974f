import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/*
 * The SSRF guard of webhook endpoints (ADR 035): a URL must be https (plain http to the loopback
 * address only where tests allow it), and the address the host resolves to must not be private,
 * loopback or link-local. The address is checked when the connection is made (a `lookup` for
 * node's http client), so a name that resolves to a public address when the endpoint is saved and
 * to an internal one later (DNS rebinding) is refused at delivery.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

export const isInternalAddress = (address: string) => {
  const family = isIP(address);
  return family === 0 || INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export interface TWebhookUrlRules {
  /** Tests only (NODE_ENV=test): http://127.0.0.1:<port> for a receiver in the test. */
  allowLoopbackHttp: boolean;
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
  const loopbackForTests = rules.allowLoopbackHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !loopbackForTests) return 'webhooks.url_invalid';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!loopbackForTests && (url.hostname === 'localhost' || (isIP(literal) !== 0 && isInternalAddress(literal)))) {
    return 'webhooks.url_not_public';
  }
  return null;
}

/** A `lookup` for node's http client that refuses internal addresses (unless tests allow loopback). */
export function guardedLookup(rules: TWebhookUrlRules): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: false }, (error, address, family) => {
      if (error) return callback(error, address, family);
      const loopbackForTests = rules.allowLoopbackHttp && address === '127.0.0.1';
      if (typeof address === 'string' && isInternalAddress(address) && !loopbackForTests) {
        return callback(new Error(`webhook address ${address} is not public`), address, family);
      }
      callback(null, address, family);
    });
  };
}
