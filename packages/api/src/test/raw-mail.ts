/**
 * A small MIME reader for the raw messages a test SMTP server receives (mailparser does not install
 * from the reachable registry). Handles folded headers, RFC 2047 encoded words, multipart bodies,
 * quoted-printable (soft line breaks `=\r\n`, `=3D`) and base64. Test-only.
 */

export interface TParsedPart {
  headers: Map<string, string>;
  contentType: string;
  body: string;
  parts: TParsedPart[];
}

export interface TParsedMail extends TParsedPart {
  subject: string;
  from: string;
  to: string;
  /** Decoded text/plain body (first one found). */
  text: string;
  /** Decoded text/html body (first one found). */
  html: string;
}

const utf8 = new TextDecoder('utf-8');

export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(char));
    }
  }
  return utf8.decode(new Uint8Array(bytes));
}

/** RFC 2047 `=?utf-8?Q?…?=` / `=?utf-8?B?…?=` words; whitespace between two words is dropped. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function parsePart(raw: string): TParsedPart {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const rawBody = split ? raw.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(headerBlock);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = rawBody.split(`--${boundary}`);
    // sections[0] is the preamble, the last one starts with `--` (the closing delimiter).
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parsePart(section.replace(/^\r?\n/, '')));
    return { headers, contentType, body: '', parts };
  }
  const body = decodeBody(rawBody, headers.get('content-transfer-encoding') ?? '7bit');
  return { headers, contentType, body, parts: [] };
}

function findBody(part: TParsedPart, type: string): string | undefined {
  if (part.parts.length === 0) return part.contentType.toLowerCase().startsWith(type) ? part.body : undefined;
  for (const child of part.parts) {
    const found = findBody(child, type);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function parseRawMail(raw: string): TParsedMail {
  const root = parsePart(raw);
  return {
    ...root,
    subject: root.headers.get('subject') ?? '',
    from: root.headers.get('from') ?? '',
    to: root.headers.get('to') ?? '',
    text: findBody(root, 'text/plain') ?? '',
    html: findBody(root, 'text/html') ?? '',
  };
}
