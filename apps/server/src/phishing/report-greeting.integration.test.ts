import { connect } from 'node:net';
import { hostname } from 'node:os';
import { loadConfig } from '@portal/core';
import { freePort } from '@portal/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { spawnPortal, type TSpawnedPortal } from '../test/spawn-portal.ts';
import { startReportListener } from './report-listener.ts';

/**
 * Issue 37.7: the report inbox is reachable from the internet, and its SMTP greeting and EHLO
 * answer named the machine (smtp-server's default, `os.hostname()`). They name the host of the
 * portal's public address: checked on the real server as started (main.ts), over a raw socket.
 */

const PUBLIC_HOST = 'portal-oeffentlich.example';

/** The greeting and the EHLO answer of an SMTP listener, as a client reads them. */
async function greetingAndEhlo(port: number): Promise<{ greeting: string; ehlo: string[] }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let greeting = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer from the listener')));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (!greeting && data.includes('\r\n')) {
        greeting = data.slice(0, data.indexOf('\r\n'));
        data = '';
        socket.write('EHLO client.example\r\n');
        return;
      }
      // The EHLO answer ends with a line "250 …" (a space after the code, not a dash).
      if (greeting && /(^|\r\n)250 [^\r\n]*\r\n$/.test(data)) {
        const ehlo = data.split('\r\n').filter(Boolean);
        socket.end('QUIT\r\n');
        resolve({ greeting, ehlo });
      }
    });
    socket.on('error', reject);
  });
}

/** The words of the answer lines, after their reply codes. */
const wordsOf = (lines: string[]) => lines.flatMap((line) => line.slice(4).split(/\s+/));

/** The same, once the listener is up: the server starts it just after its HTTP port (main.ts). */
async function greetingOnceListening(port: number) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await greetingAndEhlo(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let t: TTestDb;
let portal: TSpawnedPortal | undefined;
let smtpPort: number;

beforeAll(async () => {
  t = await createTestDb();
  smtpPort = await freePort();
  portal = await spawnPortal(t, {
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    PHISHING_LINK_URL: 'https://links.example',
    PHISHING_REPORT_SMTP_PORT: String(smtpPort),
    PHISHING_REPORT_SMTP_HOST: '127.0.0.1',
  });
}, 90_000);
afterAll(async () => {
  await portal?.stop();
  await t?.cleanup();
});

describe('the report inbox greets with the public name', () => {
  it('the 220 greeting and the EHLO answer of the started server name the public host, not the machine', async () => {
    const { greeting, ehlo } = await greetingOnceListening(smtpPort);
    expect(greeting).toMatch(new RegExp(`^220 ${PUBLIC_HOST.replace(/\./g, '\\.')} `));
    expect(ehlo[0]).toMatch(new RegExp(`^250-${PUBLIC_HOST.replace(/\./g, '\\.')} `));
    expect(wordsOf([greeting, ...ehlo])).not.toContain(hostname());
  });

  it('a listener started without a name takes the report addresses’ domain', async () => {
    // The inbox's settings as the configuration gives them, on a port of the system's choice.
    const inbox = loadConfig({
      NODE_ENV: 'test',
      DATABASE_FILE: ':memory:',
      PHISHING_REPORT_SMTP_PORT: '2525',
      PHISHING_REPORT_SMTP_HOST: '127.0.0.1',
      PHISHING_REPORT_ADDRESS: 'melden@inbox.example',
    }).phishing.reportInbox;
    if (!inbox) throw new Error('no report inbox configured');
    const listener = await startReportListener({
      db: t.db,
      ...inbox,
      port: 0,
      linkBases: ['https://links.example'],
      linkUrl: 'https://links.example',
      logger: { info: () => {}, warn: () => {} },
      closeTimeoutMs: 200,
    });
    try {
      const { greeting, ehlo } = await greetingAndEhlo(listener.port);
      expect(greeting).toMatch(/^220 inbox\.example /);
      expect(ehlo[0]).toMatch(/^250-inbox\.example /);
      expect(wordsOf([greeting, ...ehlo])).not.toContain(hostname());
    } finally {
      await listener.close();
    }
  });
});
