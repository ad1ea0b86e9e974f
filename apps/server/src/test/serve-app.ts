import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** The app on a real socket of this process (for clients that need a URL); `base` ends in /api. */
export async function serveApp(t: TTestDb): Promise<{ base: string; close: () => void }> {
  const app = createApp({ db: t.db, config: t.config, logger: silent, webDist: '/nonexistent/web/dist' });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ base: `http://127.0.0.1:${info.port}/api`, close: () => server.close() });
    });
  });
}
