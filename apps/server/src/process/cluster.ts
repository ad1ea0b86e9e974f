import cluster from 'node:cluster';

/** What the primary process reports; the same logger the workers use. */
interface TClusterLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface TClusterOptions {
  /** `WEB_CONCURRENCY`: server processes on the one port. */
  workers: number;
  logger: TClusterLogger;
  /** How long the primary waits for its workers to drain after SIGTERM before it kills them. */
  drainTimeoutMs: number;
}

/** A worker that dies this soon after it started is not restarted again and again: the start is broken. */
const CRASH_LOOP_MS = 5_000;

/**
 * Runs `WEB_CONCURRENCY` server processes on one port with node:cluster (ADR 029): the primary
 * only forks, watches and forwards signals; each worker is a whole server (HTTP, mail worker,
 * housekeeping) that shares the listening socket, so the operating system spreads connections
 * across them. A worker that dies is replaced. SIGTERM or SIGINT reach every worker, which drain
 * (apps/server/src/main.ts), and the primary exits when they have; after `drainTimeoutMs` it
 * kills what is left.
 *
 * Resolves in the primary after its workers are gone; in a worker it is never called.
 */
export function runCluster(options: TClusterOptions): Promise<number> {
  const { logger } = options;
  let stopping = false;
  const startedAt = new Map<number, number>();

  // Each worker accepts from the shared socket itself: with the primary handing out connections
  // (round robin), connections it holds when the workers stop listening are reset.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  for (let index = 0; index < options.workers; index += 1) fork();
  logger.info(`primary ${process.pid}: started ${options.workers} server processes`);

  return new Promise((resolve) => {
    let exitCode = 0;
    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
      startedAt.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      logger.warn(`server process ${worker.process.pid} ended (${signal ?? `code ${code}`}) after ${lived} ms`);
      if (lived < CRASH_LOOP_MS) {
        logger.error('a server process failed right after starting: stopping instead of restarting it in a loop');
        exitCode = 1;
        stop('crash loop');
        return;
      }
      fork();
    });

    const stop = (reason: string) => {
      if (stopping) return;
      stopping = true;
      logger.info(
        `primary ${process.pid}: ${reason}, draining ${Object.keys(cluster.workers ?? {}).length} server processes`,
      );
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) {
          logger.warn(`server process ${worker?.process.pid} did not drain in time: killed`);
          worker?.process.kill('SIGKILL');
        }
      }, options.drainTimeoutMs);
      timer.unref();
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}

export const isPrimaryOfCluster = (workers: number) => workers > 1 && cluster.isPrimary;
