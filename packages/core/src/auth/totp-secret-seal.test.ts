import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealedTotpSecret, openTotpSecret, sealTotpSecret } from './totp-secret-seal.ts';

const KEY = randomBytes(32);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealed TOTP secrets (ADR 026)', () => {
  it('open to the secret with the same key and user, and never show it', () => {
    const sealed = sealTotpSecret(KEY, 'user-1', SECRET);
    expect(isSealedTotpSecret(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(openTotpSecret(KEY, 'user-1', sealed)).toBe(SECRET);
  });

  it('differ each time the same secret is sealed (a fresh IV)', () => {
    expect(sealTotpSecret(KEY, 'user-1', SECRET)).not.toBe(sealTotpSecret(KEY, 'user-1', SECRET));
  });

  it('refuse another key, another user, an altered byte and a plain secret', () => {
    const sealed = sealTotpSecret(KEY, 'user-1', SECRET);
    expect(() => openTotpSecret(randomBytes(32), 'user-1', sealed)).toThrow(/does not open/);
    expect(() => openTotpSecret(KEY, 'user-2', sealed)).toThrow(/does not open/);
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openTotpSecret(KEY, 'user-1', [version, iv, flipped.toString('base64url'), tag].join('.'))).toThrow(
      /does not open/,
    );
    expect(() => openTotpSecret(KEY, 'user-1', SECRET)).toThrow(/not sealed/);
    expect(isSealedTotpSecret(SECRET)).toBe(false);
  });
});
