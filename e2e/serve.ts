import cluster from 'node:cluster';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startPostgresCluster } from '@portal/db/testing';
import { SMTPServer } from 'smtp-server';

// With WEB_CONCURRENCY=2 node:cluster forks this file again: the workers only run the server, on
// the database and SMTP server the primary set up (they inherit its environment).
if (cluster.isPrimary) await prepareRun();
await import('../apps/server/src/main.ts');

/**
 * A fresh database for every run, then the real server entry point. The run's database is its own
 * SQLite file, or with E2E_DATABASE=postgres a throwaway PostgreSQL cluster; the support code
 * opens it too (e2e/support/db.ts). A DATABASE_URL from the shell must not reach the server.
 */
async function prepareRun() {
  const file = process.env.DATABASE_FILE;
  if (!file?.includes('e2e')) throw new Error('e2e/serve.ts needs an e2e DATABASE_FILE');
  delete process.env.DATABASE_URL;
  const dataDir = dirname(file);
  stopLeftoverCluster(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (process.env.E2E_DATABASE === 'postgres') await startDatabaseCluster(dataDir);
  await startSmtpServer();
}

/** The cluster dies with this process: Playwright stops it with SIGTERM, the server drains and exits. */
async function startDatabaseCluster(dataDir: string) {
  const urlFile = process.env.E2E_DATABASE_URL_FILE;
  if (!urlFile) throw new Error('e2e/serve.ts needs E2E_DATABASE_URL_FILE for PostgreSQL');
  const pg = await startPostgresCluster();
  writeFileSync(join(dataDir, 'cluster-dir'), pg.dir);
  process.on('exit', () => pg.stop());
  process.env.DATABASE_URL = pg.url();
  writeFileSync(urlFile, pg.url());
}

/** A run killed outright (SIGKILL) leaves its cluster running: stop it before the next one. */
function stopLeftoverCluster(dataDir: string) {
  const marker = join(dataDir, 'cluster-dir');
  if (!existsSync(marker)) return;
  const dir = readFileSync(marker, 'utf8').trim();
  const pidFile = join(dir, 'data', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGQUIT'); // PostgreSQL's immediate shutdown
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/*
 * A real SMTP server for the run: the portal's mail worker delivers to it over SMTP, and every
 * message lands as a raw .eml file in E2E_MAIL_DIR, where the specs read it (e2e/support/mail.ts).
 */
async function startSmtpServer() {
  const mailDir = process.env.E2E_MAIL_DIR;
  const smtpPort = Number(process.env.E2E_SMTP_PORT);
  if (!mailDir || !smtpPort) return;
  mkdirSync(mailDir, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(join(mailDir, `${Date.now()}-${String(received).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
}
