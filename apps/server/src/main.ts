import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { setContentRoot } from '@portal/content';
import {
  createJobHandlers,
  createJobRunner,
  createMailWorker,
  JOB_SCHEDULES,
  loadConfig,
  type TConfig,
} from '@portal/core';
import { closeDatabase, openDatabase } from '@portal/db';
import { createApp } from './app.ts';
import { databaseLabel } from './database-label.ts';
import { createLogger, type TLogger } from './logger.ts';
import { startReportListener } from './phishing/report-listener.ts';
import { isPrimaryOfCluster, runCluster } from './process/cluster.ts';
import { applyConnectionTimeouts } from './process/connection-timeouts.ts';
import { StartRefusedError } from './process/demo-accounts.ts';
import { defaultNodeEnvFor } from './process/node-env-default.ts';
import { prepareDatabase } from './process/prepare-database.ts';

/** A setting or a database that production must not run with: one line per problem, no stack. */
function refuseStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// Without NODE_ENV the compiled server (dist/main.js) is production, tsx on the sources development.
const config = (() => {
  try {
    return loadConfig(undefined, { defaultNodeEnv: defaultNodeEnvFor(import.meta.url) });
  } catch (error) {
    return refuseStart(error);
  }
})();
// Before anything reads a course: every process, the primary and each worker, runs this.
setContentRoot(config.PORTAL_CONTENT_DIR);
const logger = createLogger(config.LOG_LEVEL);
const here = dirname(fileURLToPath(import.meta.url));
const webDist = resolve(config.WEB_DIST ?? resolve(here, '../../web/dist'));

/** The SQLite file of DATABASE_FILE, or PostgreSQL when DATABASE_URL is set (ADR 028). */
const open = (log: TLogger, poolSize: number) =>
  openDatabase(config.databaseLocation, {
    poolSize,
    // A restarted PostgreSQL drops idle connections; the pool replaces them, the process keeps running.
    onIdleError: (error) => log.warn(`database: an idle connection failed (${error.message})`),
  });

if (isPrimaryOfCluster(config.WEB_CONCURRENCY)) {
  // The primary prepares the database once, then only forks and watches (ADR 029).
  const db = open(logger, 2);
  await prepareOrRefuse(db, config);
  await closeDatabase(db);
  const code = await runCluster({
    workers: config.WEB_CONCURRENCY,
    logger,
    drainTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 5_000,
  });
  process.exit(code);
} else {
  await runServer(config, config.WEB_CONCURRENCY === 1);
}

async function prepareOrRefuse(db: ReturnType<typeof open>, settings: TConfig) {
  try {
    await prepareDatabase(db, settings, logger);
  } catch (error) {
    if (!(error instanceof StartRefusedError)) throw error;
    await closeDatabase(db);
    refuseStart(error);
  }
}

/** One server process: HTTP, the mail worker and the job runner; drains on SIGTERM. */
async function runServer(settings: TConfig, prepare: boolean) {
  const db = open(logger, settings.DATABASE_POOL_SIZE);
  if (prepare) await prepareOrRefuse(db, settings);

  const worker = createMailWorker({
    db,
    smtpUrl: settings.SMTP_URL,
    from: settings.MAIL_FROM,
    intervalMs: settings.MAIL_WORKER_INTERVAL_MS,
    onError: (message) => logger.warn(message),
  });
  worker.start();

  // Scheduled work (ADR 032): every process runs the job runner; each job is claimed by one of them.
  const jobs = createJobRunner({
    db,
    handlers: createJobHandlers({
      publicUrl: settings.publicUrl,
      totpKey: settings.totpKey,
      phishing: settings.phishing,
      // Webhook receivers on the loopback address, for the tests' own receivers only (ADR 035).
      allowLoopbackWebhooks: settings.NODE_ENV === 'test',
      dnsServers: settings.DNS_SERVERS,
    }),
    schedules: JOB_SCHEDULES,
    intervalMs: settings.JOB_RUNNER_INTERVAL_MS,
    // The database may be away for a moment (PostgreSQL restart); the job is retried with backoff.
    onError: (message) => logger.warn(message),
  });
  jobs.start();

  let draining = false;
  const app = createApp({ db, config: settings, logger, webDist, isDraining: () => draining });
  const server = serve({ fetch: app.fetch, port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info(
      `portal listening on ${settings.publicUrl} (port ${info.port}, process ${process.pid}, database ${databaseLabel(settings.databaseLocation)})`,
    );
    if (!settings.SMTP_URL && !settings.production && prepare)
      logger.info(`no SMTP_URL: mails wait in the outbox, see ${settings.publicUrl}/dev/mailbox`);
  });
  applyConnectionTimeouts(server as Server);
  const reports = await startReportInbox(settings, db);

  /*
   * Draining (ADR 029): readiness answers 503 at once, the socket stops accepting, requests in
   * flight finish (idle keep-alive connections are closed), then the mail worker hands back the
   * mails it claimed and the database closes. Requests still running after SHUTDOWN_TIMEOUT_MS
   * are cut off.
   */
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info(`${signal}: process ${process.pid} drains`);
    // Readiness says 503 from now; connections already waiting on the socket are still accepted.
    await new Promise((resolve) => setTimeout(resolve, settings.SHUTDOWN_DELAY_MS));
    // net.Server's close, not http.Server's: it stops accepting but leaves connections alone. The
    // HTTP close also cuts connections it thinks idle, which includes ones just accepted whose
    // request has not been read yet. Responses now say `Connection: close` (app.ts), so kept-alive
    // connections end after their answer; the callback runs when the last one has.
    const closed = new Promise<void>((done) => NetServer.prototype.close.call(server, () => done()));
    // The report inbox stops accepting at the same moment and lets its sessions end (ADR 036).
    const reportsClosed = reports?.close();
    // Kept-alive connections that stay quiet would hold the drain for their 65 s idle time
    // (connection-timeouts.ts). A second after the socket stopped accepting, every connection that
    // was accepted has had its request read, so the ones without a request are idle: closed then,
    // and each second after.
    const closeIdle = setInterval(() => (server as Server).closeIdleConnections(), 1_000);
    closeIdle.unref();
    const force = setTimeout(() => {
      logger.warn(`requests still running after ${settings.SHUTDOWN_TIMEOUT_MS} ms: closed`);
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, settings.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await closed;
      clearInterval(closeIdle);
      await reportsClosed;
      await worker.stop();
      await jobs.stop();
      // Waits for the transaction in progress (SQLite) and closes every connection.
      await closeDatabase(db);
    } catch (error) {
      logger.error('shutdown: closing the database failed', error);
      process.exit(1);
    }
    logger.info(`process ${process.pid} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The report inbox (ADR 036, step 4) beside HTTP in every process, when PHISHING_REPORT_SMTP_PORT is
 * set; node:cluster shares its port like the HTTP one. A port it cannot take ends the start.
 */
async function startReportInbox(settings: TConfig, db: ReturnType<typeof open>) {
  const inbox = settings.phishing.reportInbox;
  if (!inbox) return null;
  try {
    const listener = await startReportListener({
      db,
      ...inbox,
      // The greeting names the portal's public host, not this machine (issue 37.7).
      name: new URL(settings.publicUrl).hostname,
      linkBases: [settings.phishing.linkUrl, settings.publicUrl],
      linkUrl: settings.phishing.linkUrl,
      logger,
    });
    logger.info(
      `report inbox listening on ${inbox.host} port ${listener.port} for ${inbox.addresses.join(', ')} (process ${process.pid})`,
    );
    return listener;
  } catch (error) {
    return refuseStart(
      new Error(`report inbox: cannot listen on ${inbox.host} port ${inbox.port}: ${(error as Error).message}`),
    );
  }
}
