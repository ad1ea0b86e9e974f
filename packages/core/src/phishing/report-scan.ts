// Not from render-phishing-mail.ts: this runs in the report reader's worker, which loads no content.
import { SIMULATION_HEADER } from './simulation-header.ts';

/** What in a report points to a simulated mail (ADR 036, step 4). */
export interface TReportEvidence {
  /** Link tokens of the portal's own `/p/<token>` links, each once. */
  tokens: string[];
  /** Campaign ids of `X-Portal-Simulation` headers, each once. */
  campaignIds: string[];
}

/**
 * A report is one person's mail, but its texts are a stranger's: at most this many candidates are
 * looked up, so a mail stuffed with links costs a few queries, not thousands.
 */
export const MAX_CANDIDATES = 10;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `//host/path/p/<token>` for each base, whatever the scheme: a forward may show the link without
 * it, or in angle brackets. The token is exactly what the dispatcher makes (43 base64url signs).
 */
export function tokenPattern(bases: readonly string[]): RegExp {
  const prefixes = new Set(
    bases.map((base) => {
      const url = new URL(base);
      return escapeRegExp(`//${url.host}${url.pathname.replace(/\/+$/, '')}`);
    }),
  );
  return new RegExp(`(?:${[...prefixes].join('|')})/p/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`, 'gi');
}

const headerPattern = () =>
  new RegExp(
    `^${SIMULATION_HEADER}:[ \\t]*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-f-])`,
    'gim',
  );

/**
 * The text as a link checker's wrapping hides it: Microsoft's Safe Links puts the link into a
 * query parameter (`?url=https%3A%2F%2F…`), HTML may spell `/` as `&#47;`.
 */
export function unwrapLinks(text: string): string {
  return text
    .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/&#(\d{1,3});/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9A-Fa-f]{1,2});/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The simulation tokens and headers in a report's texts (bodies, headers, attachments as text). */
export function findReportEvidence(texts: readonly string[], bases: readonly string[]): TReportEvidence {
  const tokens = new Set<string>();
  const campaignIds = new Set<string>();
  const links = tokenPattern(bases);
  const headers = headerPattern();
  for (const text of texts) {
    for (const variant of [text, unwrapLinks(text)]) {
      for (const match of variant.matchAll(links)) if (match[1] && tokens.size < MAX_CANDIDATES) tokens.add(match[1]);
      for (const match of variant.matchAll(headers))
        if (match[1] && campaignIds.size < MAX_CANDIDATES) campaignIds.add(match[1].toLowerCase());
    }
  }
  return { tokens: [...tokens], campaignIds: [...campaignIds] };
}
