import { z } from 'zod';
import { DEVELOPMENT_TOTP_KEY } from './auth/totp-secret-seal.ts';

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

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
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
    TRUST_PROXY: ZBoolean.default(false),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Serve the built web app from this folder. */
    WEB_DIST: z.string().optional(),
    MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
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
    };
  })
  .superRefine((config, ctx) => {
    if (config.production && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required in production' });
    }
    if (config.production && !config.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL is required in production' });
    }
    if (config.production && !config.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'TOTP_ENCRYPTION_KEY is required in production (openssl rand -base64 32)',
      });
    }
  });

export type TConfig = z.infer<typeof ZConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const result = ZConfig.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
