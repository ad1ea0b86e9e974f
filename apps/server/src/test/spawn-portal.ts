import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@portal/db/testing';
import type { TTestDb } from '../../../../packages/api/src/test/test-db.ts';

const MAIN = join(import.meta.dirname, '../main.ts');

export interface TSpawnedPortal {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The started process: with WEB_CONCURRENCY above 1, the primary of the server processes. */
  child: ChildProcess;
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
    // Up to a minute: several processes compile the sources with tsx, slow on a loaded machine.
    if (portal.exitCode !== null || attempt > 600) throw new Error('the portal did not start');
    await sleep(100);
  }
  return {
    base,
    child: portal,
    stop: async () => {
      if (portal.exitCode === null) {
        portal.kill('SIGKILL');
        await once(portal, 'exit');
      }
    },
  };
}

/** The server processes a primary forked (tsx may run a helper process of its own beside them). */
export const workersOf = (primary: ChildProcess) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primary.pid)])
    .toString()
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
