import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { hashPasswordSync, loadConfig, seedDemoLearning, syncCourses } from '@portal/core';
import { migrateDatabase, openDatabase, seedDemoData } from '@portal/db';
import { createApp } from '../apps/server/src/app.ts';

const PASSWORD = 'Leuchtturm-Kompass-Nebel-42';
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const file = join(dir, 'portal.sqlite');
const db = openDatabase(file);
migrateDatabase(db);
syncCourses(db);
seedDemoData(db, hashPasswordSync, PASSWORD);
seedDemoLearning(db);
const config = loadConfig({ NODE_ENV: 'test', DATABASE_FILE: file, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const app = createApp({ db, config, logger: silent, webDist: join(dir, 'no-web') });
const server = serve({ fetch: app.fetch, port: 3999, hostname: '127.0.0.1' });
const r = await fetch('http://127.0.0.1:3999/api/employee/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'employee@example.com', password: PASSWORD }),
});
writeFileSync('/tmp/prof/token', ((await r.json()) as any).id);

import { Session } from 'node:inspector/promises';

const session = new Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const u0 = process.cpuUsage();
let served = 0;
server.on('request', () => {
  served++;
});
console.log('ready');
process.on('SIGTERM', async () => {
  const u = process.cpuUsage(u0);
  console.log('served', served, 'cpu µs/req', ((u.user + u.system) / served).toFixed(1));
  if (process.env.PROFILE) {
    const { profile } = await session.post('Profiler.stop');
    const fs = await import('node:fs');
    fs.mkdirSync('/tmp/prof/cpu2', { recursive: true });
    fs.writeFileSync('/tmp/prof/cpu2/p.cpuprofile', JSON.stringify(profile));
  }
  server.close();
  process.exit(0);
});
