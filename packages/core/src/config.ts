import { isIP } from 'node:net';
import { z } from 'zod';
import { DEVELOPMENT_TOTP_KEY } from './auth/totp-secret-seal.ts';
import { parseDnsServers } from './net/resolver.ts';
import { DEFAULT_PHISHING_APPROVAL, PHISHING_APPROVAL_RULES } from './phishing/phishing-approval.ts';

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/**
 * Which reverse proxies may tell the client's address (ADR 004, ADR 008), parsed once:
 * - `none`: the socket's address only, X-Forwarded-For is ignored (`false`, `0`, the default);
 * - `hops`: that many proxies in front, each appending the address it received from; the client
 *   is the address the outermost of them appended, counted from the right (`1`..`10`; `true` = 1);
 * - `addresses`: the proxies' own addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`, or proxy-addr's
 *   names `loopback`, `linklocal`, `uniquelocal`); the client is the first address from the right
 *   that is not one of them.
 * apps/server/src/http/client-ip.ts turns it into proxy-addr's trust function.
 */
export type TTrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; addresses: readonly string[] };

export const MAX_PROXY_HOPS = 10;
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or an address with a prefix length that fits its family (1..32, 1..128). */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TTrustProxy => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return { kind: 'none' };
    if (lower === 'true') return { kind: 'hops', hops: 1 };
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops >= 1 && hops <= MAX_PROXY_HOPS) return { kind: 'hops', hops };
      ctx.addIssue({ code: 'custom', message: `a number of proxies must be 1 to ${MAX_PROXY_HOPS}` });
      return z.NEVER;
    }
    const addresses = value.split(',').map((entry) => entry.trim());
    const wrong = addresses.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an IP address or CIDR range: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')} (false, a number of proxies 1-${MAX_PROXY_HOPS}, or addresses like 10.0.0.0/8,127.0.0.1)`,
      });
      return z.NEVER;
    }
    return { kind: 'addresses', addresses };
  });

/** Base64 of the public development key: production refuses it (ADR 008, ADR 026). */
const DEVELOPMENT_TOTP_KEY_BASE64 = DEVELOPMENT_TOTP_KEY.toString('base64');

/**
 * The only place that reads `process.env`. Every setting has a default that works on a
 * developer's machine, so `npm start` needs no configuration at all; production refuses to start
 * without the settings it cannot guess (SMTP_URL, PUBLIC_URL, TOTP_ENCRYPTION_KEY).
 */
export const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Address users reach the portal at; used in mail links and to check `Origin` (CSRF). */
    PUBLIC_URL: z.url().optional(),
    DATABASE_FILE: z.string().default('./data/portal.sqlite'),
    /**
     * postgres://user:password@host:port/database: run on PostgreSQL instead of the SQLite file
     * (ADR 028). Without it the portal is the embedded default.
     */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
      .optional(),
    /** Server processes on the one port (ADR 029); 1 runs the server without a primary. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * How long a stopping process keeps accepting after its readiness turned 503, so the load
     * balancer stops sending and connections already queued on the socket are taken, not reset.
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
    /** How long a stopping process lets requests in flight finish before it closes them. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(20_000),
    /** Database connections per server process on PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** smtp://user:pass@host:port or smtps://…; without it mails stay in the outbox (/dev/mailbox). */
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('E-Learning-Portal <no-reply@portal.example>'),
    /** Shown in the shell as the contact link. */
    CONTACT_EMAIL: z.email().default('support@portal.example'),
    /** Seed demo accounts into an empty database. Off by default in production. */
    SEED_DEMO: ZBoolean.optional(),
    /** Fixed password for all demo accounts (tests); random passphrases otherwise. */
    DEMO_PASSWORD: z.string().min(12).optional(),
    /**
     * Take the client's address from X-Forwarded-For as trusted proxies wrote it (see
     * TTrustProxy). Nothing reads X-Forwarded-Proto: https comes from PUBLIC_URL.
     */
    TRUST_PROXY: ZTrustProxy.default({ kind: 'none' }),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Serve the built web app from this folder. */
    WEB_DIST: z.string().optional(),
    /** Courses, legal texts and phishing templates from this folder instead of `content/` (same layout). */
    PORTAL_CONTENT_DIR: z.string().trim().min(1).optional(),
    /**
     * Pages drawn on the server (ADR 038) when the build has its server entry; `off` sends the plain
     * app, which draws every page in the browser (what every page was before issue 25).
     */
    SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
    /** How often each process's job runner looks for due jobs (ADR 032). */
    JOB_RUNNER_INTERVAL_MS: z.coerce.number().int().min(50).default(15_000),
    /** Calls per minute one API key may make, over all server processes together (ADR 035). */
    API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /**
     * The domain simulated phishing mails come from (ADR 036), e.g. a look-alike domain the
     * operator owns with its own SPF and DKIM; never a real brand's. Default: the portal's host.
     */
    PHISHING_MAIL_DOMAIN: z
      .string()
      .regex(
        /^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i,
        'PHISHING_MAIL_DOMAIN must be a domain name, e.g. sicher-anmelden.example',
      )
      .optional(),
    /**
     * Where the links of simulated mails point (ADR 036): the portal itself, or another name the
     * operator points at the same server so that links do not show the portal's domain.
     */
    PHISHING_LINK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** `off` stops every company's simulated mails at the next restart (the provider's own kill switch, ADR 036). */
    PHISHING_SENDING: z.enum(['on', 'off']).default('on'),
    /**
     * Which companies need the provider's approval (an admin's, per company) before their
     * simulations run (issue 37): `none`, `without-policy-number` (the default: companies whose
     * policy number is empty) or `all`. Checked at start, at resume and at every mail's dispatch.
     */
    PHISHING_APPROVAL: z.enum(PHISHING_APPROVAL_RULES).default(DEFAULT_PHISHING_APPROVAL),
    /** Requests per address and minute to the links of simulated mails, over all processes (ADR 036). */
    PHISHING_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    /**
     * The SMTP port of the report inbox (ADR 036, step 4): staff forward suspicious mails to the
     * report address, and this port receives them. Unset: no inbox, reports are off.
     */
    PHISHING_REPORT_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** The interface the report inbox listens on; default: `HOST`. */
    PHISHING_REPORT_SMTP_HOST: z.string().min(1).optional(),
    /**
     * The report address, or several separated by commas; mail to any other recipient is refused.
     * Default: `report@` the host of `PUBLIC_URL`.
     */
    PHISHING_REPORT_ADDRESS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter((entry) => entry !== ''),
      )
      .pipe(z.array(z.email({ message: 'PHISHING_REPORT_ADDRESS must be mail addresses, separated by commas' })).min(1))
      .optional(),
    /** The largest report the inbox accepts, in megabytes (the forwarded mail with its attachments). */
    PHISHING_REPORT_MAX_MB: z.coerce.number().int().min(1).max(50).default(10),
    /**
     * Reports per sender address and minute, over all processes; more are deferred (SMTP 451). The
     * envelope sender and the header `From` each count.
     */
    PHISHING_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
    /**
     * Reports per client address (IPv6: per /64) and minute, over all processes; more are deferred.
     * Higher than per sender: a company's mail servers carry all its people's reports.
     */
    PHISHING_REPORTS_PER_CLIENT_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
    /** Reports per company (of a known reporter) and minute, over all processes; more are deferred. */
    PHISHING_REPORTS_PER_COMPANY_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Reports forwarded to one company's IT contact per 24 hours; more are dropped and audited. */
    PHISHING_REPORT_FORWARDS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
    /**
     * The DNS servers the portal asks itself (comma-separated: `192.0.2.53`, `127.0.0.1:5353`,
     * `[2001:db8::53]:53`), for webhook receivers' names (ADR 035) and mail-domain proofs; unset: the
     * system's resolver. `net/resolver.ts` makes the resolver.
     */
    DNS_SERVERS: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseDnsServers(value);
        if ('servers' in parsed) return parsed.servers;
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      })
      .optional(),
    /**
     * 32 random bytes, base64 (`openssl rand -base64 32`): seals the TOTP secrets in the database
     * (ADR 026). Keep it apart from the backups; without the same key no second factor opens.
     */
    TOTP_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, {
        message: 'TOTP_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
  })
  .transform((env) => {
    const production = env.NODE_ENV === 'production';
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    return {
      ...env,
      production,
      publicUrl: publicUrl.replace(/\/$/, ''),
      secureCookies: publicUrl.startsWith('https://'),
      seedDemo: env.SEED_DEMO ?? !production,
      /** What `openDatabase` opens: the PostgreSQL URL if there is one, else the SQLite file. */
      databaseLocation: env.DATABASE_URL ?? env.DATABASE_FILE,
      totpKey: env.TOTP_ENCRYPTION_KEY ? Buffer.from(env.TOTP_ENCRYPTION_KEY, 'base64') : DEVELOPMENT_TOTP_KEY,
      phishing: {
        mailDomain: env.PHISHING_MAIL_DOMAIN ?? new URL(publicUrl).hostname,
        linkUrl: (env.PHISHING_LINK_URL ?? publicUrl).replace(/\/$/, ''),
        sending: env.PHISHING_SENDING === 'on',
        approval: env.PHISHING_APPROVAL,
        /** The report inbox (ADR 036); null when `PHISHING_REPORT_SMTP_PORT` is unset. */
        reportInbox:
          env.PHISHING_REPORT_SMTP_PORT === undefined
            ? null
            : {
                port: env.PHISHING_REPORT_SMTP_PORT,
                host: env.PHISHING_REPORT_SMTP_HOST ?? env.HOST,
                addresses: env.PHISHING_REPORT_ADDRESS ?? [`report@${new URL(publicUrl).hostname.toLowerCase()}`],
                maxBytes: env.PHISHING_REPORT_MAX_MB * 1024 * 1024,
                perMinute: env.PHISHING_REPORTS_PER_MINUTE,
                perClientMinute: env.PHISHING_REPORTS_PER_CLIENT_MINUTE,
                perCompanyMinute: env.PHISHING_REPORTS_PER_COMPANY_MINUTE,
                forwardsPerDay: env.PHISHING_REPORT_FORWARDS_PER_DAY,
              },
      },
    };
  })
  .superRefine((config, ctx) => {
    if (config.production && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required in production' });
    }
    if (config.production && !config.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL is required in production' });
    }
    if (config.PHISHING_REPORT_SMTP_PORT === config.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['PHISHING_REPORT_SMTP_PORT'],
        message: 'PHISHING_REPORT_SMTP_PORT must differ from PORT (the report inbox speaks SMTP, not HTTP)',
      });
    }
    if (config.production && !config.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'TOTP_ENCRYPTION_KEY is required in production (openssl rand -base64 32)',
      });
    }
    // Safe defaults (ADR 008): nothing of the development setup may reach production, where its
    // accounts, passwords and key are public (they are in this repository or its start log).
    if (config.production && config.SEED_DEMO === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'SEED_DEMO=true is refused in production: the demo accounts would be open to anyone who knows them',
      });
    }
    if (config.production && config.DEMO_PASSWORD !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_PASSWORD'],
        message: 'DEMO_PASSWORD is refused in production: remove it (demo accounts are for development and tests)',
      });
    }
    if (
      config.production &&
      config.TOTP_ENCRYPTION_KEY !== undefined &&
      config.totpKey.toString('base64') === DEVELOPMENT_TOTP_KEY_BASE64
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'TOTP_ENCRYPTION_KEY is the public development key, refused in production (openssl rand -base64 32)',
      });
    }
  });

export type TConfig = z.infer<typeof ZConfig>;

export interface TLoadConfigOptions {
  /**
   * NODE_ENV when the environment does not set it. The compiled server (apps/server/dist) passes
   * 'production', so a deployment that forgets NODE_ENV gets production's checks and no
   * development pages; `npm start` (tsx on the sources) keeps 'development' (ADR 008).
   */
  defaultNodeEnv?: 'development' | 'production';
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: TLoadConfigOptions = {},
): TConfig {
  const defaulted = !env.NODE_ENV;
  const nodeEnv = defaulted ? (options.defaultNodeEnv ?? 'development') : env.NODE_ENV;
  const result = ZConfig.safeParse({ ...env, NODE_ENV: nodeEnv });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    if (defaulted && nodeEnv === 'production') {
      lines.push('  NODE_ENV: not set, so the compiled server runs as production (NODE_ENV=development to try it out)');
    }
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
