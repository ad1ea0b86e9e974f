/*
 * The server side of `bench-http.ts`, in a process of its own so that it has the event loop (and
 * a core) to itself while autocannon loads it from the parent, as in production:
 *   tsx scripts/bench-http-target.ts portal <sqlite file>   the real app (createApp), production config
 *   tsx scripts/bench-http-target.ts pages <database> <web dist>  the same, on a SQLite file or a
 *                                                            PostgreSQL URL, serving the built web
 *                                                            app drawn on the server (bench-pages.ts;
 *                                                            run with NODE_ENV=production, so React
 *                                                            is its production build)
 *   tsx scripts/bench-http-target.ts baseline <dir> [db]     bare Hono: GET /json and POST /insert, and the
 *                                                            floor of the learner calls (below) on [db]
 *                                                            (a PostgreSQL URL), else <dir>/portal.sqlite
 * Prints `listening <url>` once it accepts connections.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { listMyTrainings, loadConfig, saveProgress, validateSessionToken } from '@portal/core';
import { openDatabase, type TDatabase } from '@portal/db';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { createApp } from '../apps/server/src/app.ts';
import { bodyText } from '../apps/server/src/http/read-body.ts';

const [mode, path, floorDatabase] = process.argv.slice(2);
if (!path || (mode !== 'portal' && mode !== 'baseline' && mode !== 'pages')) {
  console.error(
    'usage: bench-http-target.ts portal <sqlite file> | pages <database> <web dist> | baseline <dir> [database]',
  );
  process.exit(2);
}

function portal(file: string, webDist?: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    ...(file.startsWith('postgres') ? { DATABASE_URL: file } : { DATABASE_FILE: file }),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    // The mail worker does not run here; production only insists that mail is configured.
    SMTP_URL: 'smtp://127.0.0.1:9',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SERVER_RENDERING: webDist ? 'on' : 'off',
  });
  const silent = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };
  return createApp({
    db: openDatabase(file),
    config,
    logger: silent,
    webDist: webDist ?? join(path as string, 'no-web'),
  });
}

function baseline(dir: string) {
  // A bare better-sqlite3 connection with the portal's pragmas (packages/db/src/sqlite-database.ts):
  // one synchronous insert, the floor the portal's writes are compared with.
  const sqlite = new Database(join(dir, 'baseline.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec('create table if not exists hits (id integer primary key, at integer not null)');
  const insert = sqlite.prepare('insert into hits (at) values (?)');
  const app = new Hono();
  app.get('/json', (c) => c.json({ ok: true, items: [1, 2, 3] }));
  app.post('/insert', (c) => {
    insert.run(Date.now());
    return c.json({ ok: true });
  });
  floor(app, openDatabase(floorDatabase ?? join(dir, 'portal.sqlite')));
  return app;
}

/**
 * The floor of the two learner calls (ADR 024): the same services on the same database (session
 * check, the trainings list or the progress save, JSON), on a bare Hono route with nothing of the
 * portal's request path around them: no tRPC, no zod, no REST dispatcher, no middlewares. What the
 * real call costs beyond this is the framework's share; what this costs beyond the bare baselines
 * is the work itself. The body is read from Node's stream as the REST layer reads it. Not an API:
 * it runs only in this benchmark process.
 */
function floor(app: Hono, db: TDatabase) {
  const learner = async (authorization: string | undefined) =>
    (await validateSessionToken(db, authorization?.replace(/^Bearer /, '') ?? ''))?.user ?? null;
  const json = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
  app.get('/floor/trainings', async (c) => {
    const user = await learner(c.req.header('authorization'));
    if (!user) return c.json({ success: false }, 401);
    return c.body(JSON.stringify(await listMyTrainings(db, user, 'de', new Date())), 200, json);
  });
  app.post('/floor/save', async (c) => {
    const user = await learner(c.req.header('authorization'));
    if (!user) return c.json({ success: false }, 401);
    return c.body(JSON.stringify(await saveProgress(db, user, JSON.parse(await bodyText(c)))), 200, json);
  });
}

const app = mode === 'baseline' ? baseline(path) : portal(path, mode === 'pages' ? floorDatabase : undefined);
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => process.exit(0));
