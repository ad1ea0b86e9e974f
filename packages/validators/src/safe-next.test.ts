import { describe, expect, it } from 'vitest';
import { SAFE_NEXT_ORIGIN, safeNext } from './safe-next.ts';

/**
 * Known open-redirect payloads (issue 37.5), as a `next` arrives after the query is decoded: each
 * must be refused, whatever the prefix check before it let through. Browsers drop tabs and
 * newlines from a URL, read `\` as `/`, and resolve `//host` and `scheme:` against no path of ours.
 */
const PAYLOADS: Record<string, string> = {
  'protocol-relative': '//evil.example',
  'protocol-relative with a path': '//evil.example/trainings',
  'triple slash': '///evil.example',
  'four slashes': '////evil.example',
  'absolute http': 'http://evil.example',
  'absolute https': 'https://evil.example/',
  'our host as a subdomain of another': 'http://portal-origin.evil',
  'our host as a prefix of another': 'https://portal.invalid.evil.example/',
  'scheme without slashes': 'https:evil.example',
  'scheme with one slash': 'https:/evil.example',
  'javascript:': 'javascript:alert(1)',
  'javascript: behind a slash': '/javascript:alert(1)//%0a',
  'JavaScript in mixed case': 'JaVaScRiPt:alert(document.domain)',
  'data:': 'data:text/html,<script>alert(1)</script>',
  'vbscript:': 'vbscript:msgbox(1)',
  'tab between slashes': '/\t/evil.example',
  'tab before the slashes': '\t//evil.example',
  'newline between slashes': '/\n/evil.example',
  'carriage return between slashes': '/\r/evil.example',
  'CRLF (header injection)': '/\r\nLocation: https://evil.example',
  'NUL byte': '/\u0000/evil.example',
  'leading space': ' //evil.example',
  'space between slashes': '/ /evil.example',
  'no-break space': '/\u00a0/evil.example',
  'ideographic space': '/\u3000/evil.example',
  'line separator': '/\u2028/evil.example',
  'slash backslash': '/\\evil.example',
  'backslash slash': '\\/evil.example',
  'two backslashes': '\\\\evil.example',
  'backslash later in the path': '/trainings\\..\\..\\evil.example',
  'encoded tab between slashes (the reported case)': '/%09/evil.example',
  'encoded newline': '/%0a/evil.example',
  'encoded CR': '/%0D/evil.example',
  'encoded NUL': '/%00/evil.example',
  'encoded slashes': '/%2F%2Fevil.example',
  'one encoded slash': '/%2fevil.example',
  'encoded backslash': '/%5Cevil.example',
  'encoded backslash, lower case': '/%5cevil.example',
  'double-encoded slash decoded once already': '/%2F/evil.example',
  'user info after slashes': '//user@evil.example',
  'user and password': '//user:pass@evil.example/',
  'our origin as user info': '//portal.invalid@evil.example',
  'at with a backslash': '/\\@evil.example',
  'fullwidth solidus': '／／evil.example',
  'fullwidth solidus behind a slash': '/／evil.example',
  'fullwidth reverse solidus': '/＼evil.example',
  'ideographic full stop': '/\u3002evil.example',
  'fullwidth letters': '/ｅｖｉｌ.example',
  'dot segment into two slashes': '/.//evil.example',
  'dot-dot segment into two slashes': '/a/..//evil.example',
  'encoded dot segment into two slashes': '/%2e//evil.example',
  'a relative word': 'evil.example',
  'a relative path': 'trainings',
  'a query only': '?next=//evil.example',
  'a fragment only': '#//evil.example',
  empty: '',
  'too long': `/${'a'.repeat(3000)}`,
  'right-to-left override': '/\u202e//elpmaxe.live',
  'zero-width space': '/\u200b/evil.example',
};

describe('safeNext', () => {
  it('has a corpus of at least 40 payloads', () => {
    expect(Object.keys(PAYLOADS).length).toBeGreaterThanOrEqual(40);
  });

  for (const [name, payload] of Object.entries(PAYLOADS)) {
    it(`refuses ${name}: ${JSON.stringify(payload).slice(0, 60)}`, () => {
      expect(safeNext(payload)).toBe('/');
      expect(safeNext(payload, { origin: 'http://localhost:3000', fallback: '/login' })).toBe('/login');
    });
  }

  it('refuses nothing at all', () => {
    expect(safeNext(null)).toBe('/');
    expect(safeNext(undefined, { fallback: '/admin' })).toBe('/admin');
  });

  it.each([
    ['/trainings', '/trainings'],
    ['/trainings?x=1#y', '/trainings?x=1#y'],
    ['/admin/login', '/admin/login'],
    ['/trainings/email-security/2', '/trainings/email-security/2'],
    ['/users?page=2&sort=name', '/users?page=2&sort=name'],
    ['/', '/'],
    // Harmless forms come back as the parser writes them.
    ['/trainings/./malware', '/trainings/malware'],
    ['/trainings/../users', '/users'],
    ['/search?q=M%C3%BCller', '/search?q=M%C3%BCller'],
    ['/@evil.example', '/@evil.example'],
  ])('keeps the path of the portal %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
    expect(safeNext(next, { origin: 'https://portal.example' })).toBe(expected);
  });

  it('follows the normalised path, never the raw value', () => {
    expect(safeNext('/trainings?a=<b>')).toBe('/trainings?a=%3Cb%3E');
    expect(safeNext('/a"b')).toBe('/a%22b');
  });

  it('an origin of its own changes nothing about what is refused', () => {
    expect(SAFE_NEXT_ORIGIN).toBe('https://portal.invalid');
    expect(safeNext('//portal.example/x', { origin: 'https://portal.example' })).toBe('/');
    expect(safeNext('/x', { origin: 'not a url' })).toBe('/');
  });
});
