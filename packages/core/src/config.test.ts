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

  /** Everything production needs, so that each test adds exactly one unsafe setting. */
  const PRODUCTION = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtps://mail.example:465',
    PUBLIC_URL: 'https://portal.example',
    TOTP_ENCRYPTION_KEY: KEY,
  };

  it('refuses the development setup in production: demo seed, demo password, the public key', () => {
    expect(loadConfig(PRODUCTION).production).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: SEED_DEMO=true is refused in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: '1' })).toThrow(/SEED_DEMO=true is refused in production/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEMO_PASSWORD: 'Leuchtturm-Kompass-Nebel-42' })).toThrow(
      /DEMO_PASSWORD: DEMO_PASSWORD is refused in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, TOTP_ENCRYPTION_KEY: DEVELOPMENT_TOTP_KEY.toString('base64') })).toThrow(
      /TOTP_ENCRYPTION_KEY: TOTP_ENCRYPTION_KEY is the public development key, refused in production/,
    );
    // One line per problem, all of them at once.
    const message = (() => {
      try {
        loadConfig({
          ...PRODUCTION,
          SEED_DEMO: 'true',
          DEMO_PASSWORD: 'Leuchtturm-Kompass-Nebel-42',
          TOTP_ENCRYPTION_KEY: DEVELOPMENT_TOTP_KEY.toString('base64'),
        });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message.split('\n')).toHaveLength(4);
    // Outside production the development setup stays as it is.
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadConfig({
        NODE_ENV,
        SEED_DEMO: 'true',
        DEMO_PASSWORD: 'Leuchtturm-Kompass-Nebel-42',
        TOTP_ENCRYPTION_KEY: DEVELOPMENT_TOTP_KEY.toString('base64'),
      });
      expect(config).toMatchObject({ production: false, seedDemo: true });
    }
  });

  it('without NODE_ENV the compiled server’s default applies: production, with its checks', () => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: undefined }, { defaultNodeEnv: 'production' }).production).toBe(true);
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: '' }, { defaultNodeEnv: 'production' }).production).toBe(true);
    expect(() => loadConfig({}, { defaultNodeEnv: 'production' })).toThrow(
      /NODE_ENV: not set, so the compiled server runs as production/,
    );
    expect(() => loadConfig({ SEED_DEMO: 'true' }, { defaultNodeEnv: 'production' })).toThrow(
      /SEED_DEMO=true is refused in production/,
    );
    // An explicit NODE_ENV wins; tsx on the sources (no option) stays development.
    expect(loadConfig({ NODE_ENV: 'development' }, { defaultNodeEnv: 'production' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }, { defaultNodeEnv: 'production' }).NODE_ENV).toBe('test');
    expect(loadConfig({}).NODE_ENV).toBe('development');
  });

  it('the report inbox: off without its port; report@ the public host, HOST, 10 MB and its limits by default', () => {
    expect(loadConfig({}).phishing.reportInbox).toBeNull();
    expect(
      loadConfig({ PHISHING_REPORT_SMTP_PORT: '2525', HOST: '127.0.0.1', PUBLIC_URL: 'https://Portal.Example' })
        .phishing.reportInbox,
    ).toEqual({
      port: 2525,
      host: '127.0.0.1',
      addresses: ['report@portal.example'],
      maxBytes: 10_485_760,
      perMinute: 10,
      perClientMinute: 60,
      perCompanyMinute: 30,
      forwardsPerDay: 20,
    });
    const chosen = loadConfig({
      PHISHING_REPORT_SMTP_PORT: '25',
      PHISHING_REPORT_SMTP_HOST: '::',
      PHISHING_REPORT_ADDRESS: ' Phishing@Firma.example, melden@portal.example ',
      PHISHING_REPORT_MAX_MB: '2',
      PHISHING_REPORTS_PER_MINUTE: '3',
      PHISHING_REPORTS_PER_CLIENT_MINUTE: '40',
      PHISHING_REPORTS_PER_COMPANY_MINUTE: '12',
      PHISHING_REPORT_FORWARDS_PER_DAY: '5',
    }).phishing.reportInbox;
    expect(chosen).toEqual({
      port: 25,
      host: '::',
      addresses: ['phishing@firma.example', 'melden@portal.example'],
      maxBytes: 2_097_152,
      perMinute: 3,
      perClientMinute: 40,
      perCompanyMinute: 12,
      forwardsPerDay: 5,
    });
    expect(() => loadConfig({ PHISHING_REPORT_SMTP_PORT: '25', PHISHING_REPORT_ADDRESS: 'report' })).toThrow(
      /PHISHING_REPORT_ADDRESS must be mail addresses/,
    );
    expect(() => loadConfig({ PHISHING_REPORT_SMTP_PORT: '3000' })).toThrow(/must differ from PORT/);
  });

  it('TRUST_PROXY: off, a number of proxies, or the proxies’ addresses, parsed once', () => {
    const trust = (TRUST_PROXY?: string) => loadConfig({ TRUST_PROXY }).TRUST_PROXY;
    expect(trust(undefined)).toEqual({ kind: 'none' });
    expect(trust('false')).toEqual({ kind: 'none' });
    expect(trust('0')).toEqual({ kind: 'none' });
    expect(trust('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust(' 2 ')).toEqual({ kind: 'hops', hops: 2 });
    expect(trust('10')).toEqual({ kind: 'hops', hops: 10 });
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual({ kind: 'addresses', addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(trust('::1,2001:db8::/32,loopback,uniquelocal')).toEqual({
      kind: 'addresses',
      addresses: ['::1', '2001:db8::/32', 'loopback', 'uniquelocal'],
    });
    expect(() => trust('11')).toThrow(/TRUST_PROXY: a number of proxies must be 1 to 10/);
    for (const wrong of [
      'yes',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '2001:db8::/129',
      '10.0.0.1,',
      'proxy.example',
      '1.2.3.4/8/9',
    ]) {
      expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY: not an IP address or CIDR range/);
    }
  });

  it('DNS_SERVERS: the system resolver when unset, else the servers as Resolver#setServers takes them', () => {
    const servers = (DNS_SERVERS?: string) => loadConfig({ DNS_SERVERS }).DNS_SERVERS;
    expect(servers(undefined)).toBeUndefined();
    expect(servers('192.0.2.53')).toEqual(['192.0.2.53']);
    expect(servers(' 127.0.0.1:5353, [2001:db8::53]:53,2001:db8::54 ')).toEqual([
      '127.0.0.1:5353',
      '[2001:db8::53]:53',
      '2001:db8::54',
    ]);
    for (const wrong of ['dns.example', '127.0.0.1:dns', '300.1.1.1']) {
      expect(() => servers(wrong), wrong).toThrow(/DNS_SERVERS: not a DNS server address/);
    }
  });
});
