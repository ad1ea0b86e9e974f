import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Whether an IP address is a public unicast address, for connections the portal makes to addresses
 * that others name (webhook receivers, ADR 035; issue 37). ipaddr.js names the special ranges; an
 * IPv4 address carried inside IPv6 (IPv4-mapped ::ffff:a.b.c.d, the deprecated IPv4-compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002::/16) is judged as that IPv4 address, because that is
 * where a packet to it ends up. Only `unicast` is public. On top of ipaddr's names comes an explicit
 * list of the IANA special-purpose ranges that are not globally reachable, so that an ipaddr.js
 * release that renames or drops a range cannot open it; IPv6 outside 2000::/3 (the global unicast
 * space) is refused as well.
 */

export interface TAddressClass {
  /** The address as given. */
  address: string;
  /** The IPv4 address judged in its place, when the IPv6 address carries one. */
  embedded?: { ipv4: string; as: 'ipv4Mapped' | 'ipv4Compatible' | 'nat64' | '6to4' };
  /** ipaddr.js's range name, `reserved` for the explicit list, `notGlobalUnicast` for IPv6 outside 2000::/3. */
  range: string;
  /** True only for `unicast`. */
  public: boolean;
}

const cidrs = (list: readonly string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));

/** IANA IPv4 special-purpose registry, not globally reachable, plus multicast and broadcast. */
const RESERVED_V4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
]);

/** IANA IPv6 special-purpose registry, not globally reachable (the embedded forms are unwrapped first). */
const RESERVED_V6 = cidrs([
  '::/128',
  '::1/128',
  '::ffff:0:0/96',
  '::ffff:0:0:0/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001:db8::/32',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const inAny = (address: ipaddr.IPv4 | ipaddr.IPv6, list: ReturnType<typeof cidrs>) =>
  list.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));

function ipv4Class(ip: ipaddr.IPv4): Pick<TAddressClass, 'range' | 'public'> {
  const range = ip.range();
  if (range !== 'unicast') return { range, public: false };
  if (inAny(ip, RESERVED_V4)) return { range: 'reserved', public: false };
  return { range, public: true };
}

const ipv4From = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

type TEmbedded = NonNullable<TAddressClass['embedded']> & { ip: ipaddr.IPv4 };

/** The IPv4 address an IPv6 address stands for, if it carries one (IPv4-mapped is ipaddr.process's). */
function embeddedIpv4(ip: ipaddr.IPv6): TEmbedded | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = ip.parts;
  const embedded = (v4: ipaddr.IPv4, as: TEmbedded['as']) => ({ ip: v4, ipv4: v4.toString(), as });
  // ::a.b.c.d, but not :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && (g !== 0 || h > 1)) {
    return embedded(ipv4From(g, h), 'ipv4Compatible');
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) {
    return embedded(ipv4From(g, h), 'nat64');
  }
  if (a === 0x2002) return embedded(ipv4From(b, c), '6to4');
  return undefined;
}

/**
 * Classifies an IP address in its usual text form (what `net.isIP` accepts: dotted IPv4, IPv6 with
 * or without a zone), or answers null for anything else, such as a name or `0x7f.1` (URLs and
 * resolvers hand on the normalised form; an unusual one here is no address to connect to).
 */
export function classifyAddress(address: string): TAddressClass | null {
  const family = isIP(address);
  if (family === 0) return null;
  // ipaddr.js reads any IPv6 with a dotted tail (::127.0.0.1, IPv4-compatible) as IPv4-mapped; the
  // URL parser writes IPv6 in hex first (::7f00:1). A zone (fe80::1%eth0) does not change the class.
  const text = family === 6 ? new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1) : address;
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') {
    const ip = parsed as ipaddr.IPv4;
    const verdict = ipv4Class(ip);
    return family === 6
      ? { address, embedded: { ipv4: ip.toString(), as: 'ipv4Mapped' }, ...verdict }
      : { address, ...verdict };
  }
  const ip = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(ip);
  if (embedded) {
    const { ip: v4, ...named } = embedded;
    return { address, embedded: named, ...ipv4Class(v4) };
  }
  const range = ip.range();
  if (range !== 'unicast') return { address, range, public: false };
  if (inAny(ip, RESERVED_V6)) return { address, range: 'reserved', public: false };
  if (!ip.match(GLOBAL_UNICAST_V6)) return { address, range: 'notGlobalUnicast', public: false };
  return { address, range, public: true };
}

/** True for a public unicast address (see `classifyAddress`). */
export const isPublicAddress = (address: string) => classifyAddress(address)?.public === true;
