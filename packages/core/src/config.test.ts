import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('refuses to start in production without SMTP_URL and PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example:465' })).toThrow(
      /PUBLIC_URL is required in production/,
    );
  });

  it('in production seeds no demo accounts, and https turns on secure cookies', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mail.example:465',
      PUBLIC_URL: 'https://portal.example/',
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
