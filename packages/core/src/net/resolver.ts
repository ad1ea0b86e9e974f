import { Resolver } from 'node:dns/promises';

/** How long one question to one server may take, and how often it is asked. */
const TIMEOUT_MS = 5_000;
const TRIES = 2;

/**
 * A DNS resolver that asks the given servers (`DNS_SERVERS`: `192.0.2.53`, `127.0.0.1:5353`,
 * `[2001:db8::53]:53`, as `Resolver#setServers` takes them), or the system's (resolv.conf) when
 * the list is empty or missing. Used for webhook receivers' names (ADR 035) and for the TXT records
 * that prove a company's mail domain (issue 37); tests point it at a DNS server they start.
 */
export function createResolver(servers?: readonly string[]): Resolver {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/** The servers in a `DNS_SERVERS` value (comma-separated), or a message saying which entry is wrong. */
export function parseDnsServers(value: string): { servers: string[] } | { error: string } {
  const servers = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const server of servers) {
    try {
      new Resolver().setServers([server]);
    } catch {
      return {
        error: `not a DNS server address: ${JSON.stringify(server)} (e.g. 192.0.2.53, 127.0.0.1:5353, [::1]:53)`,
      };
    }
  }
  return { servers };
}
