import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E_DATABASE, E2E_DEMO_PASSWORD } from '../../playwright.config.ts';
import { waitForHealth } from '../../scripts/support/wait-for-health.ts';

/*
 * A portal of its own for a spec that needs what the run's server cannot have, such as changed
 * course files: the same entry (e2e/serve.ts) and database kind as the run, two processes on
 * PostgreSQL, server rendering on, the demo data, no mail delivery (mails wait in the outbox).
 */

export interface TSecondServer {
  base: string;
  stop: () => Promise<void>;
}

/** A copy of the course, legal and phishing files in `dir` (replaced), for the spec to edit; its absolute path. */
export function copyContent(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const part of ['courses', 'legal', 'phishing'])
    cpSync(join('content', part), join(dir, part), { recursive: true });
  return resolve(dir);
}

export async function startSecondServer(name: string, port: number, environment: Record<string, string>) {
  const dataDir = `./data/e2e-${name}`;
  const { SMTP_URL: _smtp, E2E_SMTP_PORT: _smtpPort, E2E_MAIL_DIR: _mailDir, ...inherited } = process.env;
  const base = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    env: {
      ...inherited,
      PORT: String(port),
      NODE_ENV: 'test',
      DATABASE_FILE: `${dataDir}/portal.sqlite`,
      E2E_DATABASE,
      E2E_DATABASE_URL_FILE: `${dataDir}/database-url`,
      WEB_CONCURRENCY: E2E_DATABASE === 'postgres' ? '2' : '1',
      SERVER_RENDERING: 'on',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(server, base);
  return {
    base,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await once(server, 'exit');
    },
  } satisfies TSecondServer;
}
