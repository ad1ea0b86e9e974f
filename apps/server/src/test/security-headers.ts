/**
 * Test-only: the headers ADR 009 (docs/decisions/009-security-headers.md) promises on every
 * answer, as one check shared by the header test and the REST matrix. Returns what is wrong,
 * empty when the answer is as it should be.
 */

/** ADR 009's Content-Security-Policy, directive by directive; nothing more may be allowed. */
export const EXPECTED_CSP: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'media-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

export const EXPECTED_HSTS = 'max-age=31536000; includeSubDomains';

function cspDirectives(header: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) result[name] = values.join(' ');
  }
  return result;
}

export function securityHeaderProblems(headers: Headers, options: { hsts: boolean }): string[] {
  const problems: string[] = [];
  const expect = (name: string, expected: string | null) => {
    const actual = headers.get(name);
    if (actual !== expected) problems.push(`${name}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  const csp = cspDirectives(headers.get('content-security-policy') ?? '');
  const expectedCsp = JSON.stringify(EXPECTED_CSP, Object.keys(EXPECTED_CSP).sort());
  if (JSON.stringify(csp, Object.keys(csp).sort()) !== expectedCsp) {
    problems.push(`content-security-policy: ${JSON.stringify(headers.get('content-security-policy'))}`);
  }
  expect('x-content-type-options', 'nosniff');
  expect('x-frame-options', 'DENY');
  expect('referrer-policy', 'strict-origin-when-cross-origin');
  expect('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  expect('cross-origin-opener-policy', 'same-origin');
  expect('cross-origin-resource-policy', 'same-origin');
  // Off on purpose (ADR 009): the app embeds nothing cross-origin that would need it.
  expect('cross-origin-embedder-policy', null);
  expect('strict-transport-security', options.hsts ? EXPECTED_HSTS : null);
  expect('x-powered-by', null);
  return problems;
}
