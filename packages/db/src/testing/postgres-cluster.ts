import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks (ADR 028): Debian's `postgresql`
 * binaries, `initdb` in a temporary folder, a free port on 127.0.0.1, trust authentication, and
 * `fsync=off` (test data need not survive a power cut). `stop()` removes everything. No Docker.
 *
 * `initdb` refuses to run as root, so as root the folder belongs to the `postgres` user and the
 * binaries run through `runuser` (CONVENTIONS.md, stack facts).
 */
export interface TPostgresCluster {
  port: number;
  /** Where the socket, the data and the log live. */
  dir: string;
  /** A connection string for a database of this cluster (`postgres` is always there). */
  url(database?: string): string;
  /** Stops the server but keeps the data (a restart in two steps, for fault tests). */
  pause(): void;
  /** Starts the paused server again on the same port. */
  resume(): void;
  stop(): void;
}

const USER = 'portal';

/** The migrated database each test database is copied from (vitest.global-setup.ts). */
export const POSTGRES_TEMPLATE = 'portal_template';

/** The newest installed PostgreSQL's `bin` folder, or `PG_BIN`. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  return bin ?? null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startPostgresCluster(
  options: { settings?: Record<string, string> } = {},
): Promise<TPostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  };

  run('initdb', ['-D', data, '-U', USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    ...options.settings,
  };
  const flags = [`-p ${port}`, `-k ${dir}`, ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`)];
  const start = () => run('pg_ctl', ['-D', data, '-o', flags.join(' '), '-l', join(dir, 'log'), '-w', 'start']);
  try {
    start();
  } catch (error) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`);
  }

  let stopped = false;
  return {
    port,
    dir,
    url: (database = 'postgres') => `postgres://${USER}@127.0.0.1:${port}/${database}`,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
