/** The origin a path is resolved against when the caller names none: never a real site. */
export const SAFE_NEXT_ORIGIN = 'https://portal.invalid';

/** Longer than any address of the portal (a page with its query): refused whole, not cut. */
const MAX_LENGTH = 2048;

const BACKSLASH = 0x5c;

/** Printable ASCII but the backslash: no space, control character or anything beyond ASCII. */
const printableAscii = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x21 || code > 0x7e || code === BACKSLASH) return false;
  }
  return true;
};

/** A control character (C0, DEL, C1), any whitespace or a backslash. */
const hasUnsafeCharacter = (text: string) => {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === BACKSLASH || /\s/u.test(char)) return true;
  }
  return false;
};

/**
 * The one rule for every address the portal moves to on a visitor's word (issue 37.5): the `next`
 * of the sign-in (web app and the form without JavaScript) and the server's redirects. Only a path
 * of the portal itself survives; anything else answers `fallback`.
 *
 * The value must start with one `/`, hold printable ASCII only (a tab, newline or other control
 * character, any whitespace, a backslash or a non-ASCII character is refused: browsers drop or
 * rewrite these, `/\t/evil` becomes `//evil`), parse against `origin` to that same origin, and
 * come out as a path that starts with one `/` (the parser turns `/.//evil` into `//evil`), whose
 * decoded form has no control character, whitespace, backslash or leading `//` either. What is
 * followed is the parser's own `pathname + search + hash`, never the raw value.
 */
export function safeNext(
  candidate: string | null | undefined,
  options: { origin?: string; fallback?: string } = {},
): string {
  const fallback = options.fallback ?? '/';
  if (typeof candidate !== 'string' || candidate.length > MAX_LENGTH) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || !printableAscii(candidate)) return fallback;
  const origin = options.origin ?? SAFE_NEXT_ORIGIN;
  let url: URL;
  let base: string;
  try {
    base = new URL(origin).origin;
    url = new URL(candidate, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decoded.startsWith('//') || hasUnsafeCharacter(decoded)) return fallback;
  return path;
}
