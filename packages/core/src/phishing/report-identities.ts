import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a report claims to come from, read before anything is parsed (ADR 036, step 4): the header
 * `From` and the automatic-mail markers from the raw header block only, the envelope sender as the
 * SMTP session gave it, and the client's network. Each of them is limited before any lookup; the
 * reporter is a person only when envelope and `From` name the same address.
 */
export interface TReportHeaders {
  /** The address of the first `From` header, lower-cased; null without one. */
  from: string | null;
  /** `Auto-Submitted` other than `no`, or a delivery report (`multipart/report`). */
  automatic: boolean;
}

/** A header block larger than this is not a person's mail; only this much of it is read. */
export const MAX_HEADER_BYTES = 64 * 1024;

/** The raw header block: up to the first empty line, at most MAX_HEADER_BYTES. */
function headerBlock(raw: Buffer): string {
  const head = raw.subarray(0, MAX_HEADER_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  return end === -1 ? head : head.slice(0, end);
}

/** Header lines unfolded (RFC 5322 § 2.2.3), name lower-cased, in their order. */
function headerFields(block: string): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = [];
  for (const line of block.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({
      name: line.slice(0, colon).trim().toLowerCase(),
      value: line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]/g, ' ')
        .trim(),
    });
  }
  return fields;
}

const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/;

/**
 * The first address of a `From` value: `Name <a@b>`, `a@b`, `"x <y@z>" <a@b>`, `a@b (comment)`.
 * Quoted display names and comments go first, so a name that contains an address is not taken
 * for it. Anything else is no address.
 */
export function addressOfFrom(value: string): string | null {
  const bare = value
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\((?:[^()\\]|\\.)*\)/g, ' ')
    .trim();
  const angle = /<([^<>]*)>/.exec(bare);
  const candidate = (angle ? angle[1] : bare.split(/[\s,;]+/).find((part) => part.includes('@')))?.trim() ?? '';
  const address = candidate.replace(/^mailto:/i, '').toLowerCase();
  return ADDRESS.test(address) ? address : null;
}

/** `From` and the automatic-mail markers from the raw header block, without MIME parsing. */
export function readReportHeaders(raw: Buffer): TReportHeaders {
  const fields = headerFields(headerBlock(raw));
  const from = fields.find((field) => field.name === 'from');
  const autoSubmitted = fields.find((field) => field.name === 'auto-submitted')?.value.toLowerCase() ?? 'no';
  const contentType = fields.find((field) => field.name === 'content-type')?.value.toLowerCase() ?? '';
  return {
    from: from ? addressOfFrom(from.value) : null,
    automatic: (autoSubmitted.split(/[;\s]/)[0] ?? 'no') !== 'no' || /^multipart\/report\b/.test(contentType),
  };
}

/**
 * The envelope sender as the person it stands for, lower-cased. A company's redirect rewrites it
 * with SRS (`SRS0=hash=tt=domain=local@forwarder`, Exchange Online's `bounces+SRS=…`); the original
 * is read back from it. That gives a forger nothing: an envelope is as easy to forge as its SRS
 * form, and either is limited as the address it names.
 */
export function envelopeIdentity(envelopeFrom: string | null | undefined): string | null {
  const address = envelopeFrom?.trim().toLowerCase() ?? '';
  if (!ADDRESS.test(address)) return null;
  const local = address.slice(0, address.lastIndexOf('@'));
  if (!/^(?:[^+=]*\+)?srs[01]?=/.test(local)) return address;
  const fields = local.split('=');
  const [domain, user] = fields.slice(-2);
  const original = `${user ?? ''}@${domain ?? ''}`;
  return ADDRESS.test(original) && domain && user ? original : address;
}

/**
 * The client's network for its limit: an IPv4 address as it is (also when mapped into IPv6), an
 * IPv6 address by its /64, which one customer line gets whole (rotating within it is free).
 */
export function clientNetwork(remoteAddress: string | null | undefined): string | null {
  const address = remoteAddress?.trim().toLowerCase().replace(/%.*$/, '') ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; the /64 never reaches it.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
