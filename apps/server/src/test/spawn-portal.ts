import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@portal/db/testing';
import type { TTestDb } from '../../../../packages/api/src/test/test-db.ts';

const MAIN = join(import.meta.dirname, '../main.ts');

export interface TSpawnedPortal {
  /** `http://127.0.0.1:<port>` */
  base: string;
  stop: () => Promise<void>;
}

/**
 * The real server on the test's database, as production runs it: two processes on PostgreSQL
 * (where they share the database as in production), one on SQLite. Waits until it is ready.
 */
export async function spawnPortal(t: TTestDb, env: Record<string, string> = {}): Promise<TSpawnedPortal> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const portal: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ...(t.dialect === 'postgres' ? { DATABASE_URL: t.location } : { DATABASE_FILE: t.location }),
      WEB_CONCURRENCY: t.dialect === 'postgres' ? '2' : '1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(import.meta.dirname, 'no-web-app-here'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (portal.exitCode !== null || attempt > 300) throw new Error('the portal did not start');
    await sleep(100);
  }
  return {
    base,
    stop: async () => {
      if (portal.exitCode === null) {
        portal.kill('SIGKILL');
        await once(portal, 'exit');
      }
    },
  };
}
