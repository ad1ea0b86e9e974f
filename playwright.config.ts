import { createHash } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

/*
 * Port, SMTP port and data directory can be moved by environment so that two runs (e.g. two
 * engineers or agents on one machine) do not share a server or a database. CI uses the defaults.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = E2E_PORT;
/**
 * The run's database: the embedded SQLite file (default), or with `E2E_DATABASE=postgres` a
 * throwaway PostgreSQL cluster that e2e/serve.ts starts, served by two processes (issue 16).
 */
export const E2E_DATABASE = process.env.E2E_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const DATA_DIR = process.env.E2E_DATA_DIR ?? (E2E_DATABASE === 'postgres' ? './data/e2e-postgres' : './data/e2e');
export const E2E_DATABASE_FILE = `${DATA_DIR}/portal.sqlite`;
/** Where e2e/serve.ts writes the PostgreSQL cluster's connection string for the support code. */
export const E2E_DATABASE_URL_FILE = `${DATA_DIR}/database-url`;
export const E2E_DEMO_PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
export const E2E_MAIL_DIR = `${DATA_DIR}/mail`;
export const E2E_BASE_URL = `http://localhost:${PORT}`;
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/**
 * The key the e2e server seals TOTP secrets with (ADR 026), set explicitly so that a key in the
 * developer's shell cannot reach the server; the support code plays the authenticator with it.
 * Fixed, because every Playwright worker evaluates this file again.
 */
export const E2E_TOTP_KEY = createHash('sha256').update('e2e TOTP key').digest();

/** Debian's Chromium as root on a machine with a closed network (the scripts launch it the same way). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * End-to-end tests against the built server (npm run test:e2e builds the web app first) on a
 * throwaway database, in Debian's Chromium (no browser download on these machines).
 */
/**
 * The PostgreSQL run leaves out the specs that check only how pages render (the axe sweep of every
 * page per role, the navigation's fit, the error pages behind broken links and failed loads):
 * they depend on the build, not on the database, and ran minutes before on the same build. That
 * keeps CI under 30 minutes (ADR 030); every spec that writes or reads data runs on both.
 */
const RENDERING_ONLY = [
  'content-preview.spec.ts',
  'exercises.spec.ts',
  'accessibility.spec.ts',
  'shell-layout.spec.ts',
  'broken-links.spec.ts',
];

export default defineConfig({
  testDir: './e2e',
  testIgnore: E2E_DATABASE === 'postgres' ? RENDERING_ONLY : [],
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'de-DE',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    // SIGTERM, so that the server drains and e2e/serve.ts removes its PostgreSQL cluster.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      NODE_ENV: 'test',
      DATABASE_FILE: E2E_DATABASE_FILE,
      E2E_DATABASE,
      E2E_DATABASE_URL_FILE,
      WEB_CONCURRENCY: E2E_DATABASE === 'postgres' ? '2' : '1',
      // Pages drawn on the server (ADR 038), the default, said here so a shell's setting cannot change it.
      SERVER_RENDERING: 'on',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_WORKER_INTERVAL_MS: '250',
      TOTP_ENCRYPTION_KEY: E2E_TOTP_KEY.toString('base64'),
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_MAIL_DIR,
    },
  },
});
