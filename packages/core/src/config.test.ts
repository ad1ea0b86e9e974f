import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_TOTP_KEY } from './auth/totp-secret-seal.ts';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  const KEY = randomBytes(32).toString('base64');

  it('refuses to start in production without SMTP_URL, PUBLIC_URL and TOTP_ENCRYPTION_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example:465' })).toThrow(
      /PUBLIC_URL is required in production/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://mail.example:465',
        PUBLIC_URL: 'https://portal.example',
      }),
    ).toThrow(/TOTP_ENCRYPTION_KEY is required in production/);
  });

  it('accepts only a 32-byte key, and falls back to the public development key outside production', () => {
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /TOTP_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: KEY }).totpKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(loadConfig({}).totpKey).toEqual(DEVELOPMENT_TOTP_KEY);
  });

  it('in production seeds no demo accounts, and https turns on secure cookies', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mail.example:465',
      PUBLIC_URL: 'https://portal.example/',
      TOTP_ENCRYPTION_KEY: KEY,
    });
    expect(config).toMatchObject({
      production: true,
      seedDemo: false,
      secureCookies: true,
      publicUrl: 'https://portal.example',
    });
    expect(loadConfig({})).toMatchObject({ production: false, seedDemo: true, secureCookies: false });
  });
});
