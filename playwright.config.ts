import { defineConfig, devices } from '@playwright/test';

const PORT = 3100;
export const E2E_DATABASE_FILE = './data/e2e/portal.sqlite';
export const E2E_DEMO_PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
export const E2E_MAIL_DIR = './data/e2e/mail';
const SMTP_PORT = 2526;

/**
 * End-to-end tests against the built server (npm run test:e2e builds the web app first) on a
 * throwaway database, in Debian's Chromium (no browser download on these machines).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'de-DE',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      NODE_ENV: 'test',
      DATABASE_FILE: E2E_DATABASE_FILE,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_WORKER_INTERVAL_MS: '250',
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_MAIL_DIR,
    },
  },
});
