import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createWebhookEndpoint } from '@portal/core';
import { eq, jobs } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureIsValid, type TPortalEvent } from '../../../../docs/examples/webhook-receiver.ts';
import {
  callerFor,
  completeCourses,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedPolicyholder,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { spawnPortal, type TSpawnedPortal } from '../test/spawn-portal.ts';

/*
 * Issue 23 "Done when" (ADR 035): change notices are delivered exactly once per event with two
 * server processes (on PostgreSQL; one on SQLite), both of whose job runners look for due work
 * every 100 ms. The receiver counts every signed delivery it gets, before any de-duplication.
 */

const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];
const POLICIES = 6;

let t: TTestDb;
let portal: TSpawnedPortal;
let receiver: Server;
let secret = '';
const deliveries: TPortalEvent[] = [];
let unsigned = 0;

beforeAll(async () => {
  t = await createTestDb();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!signatureIsValid(secret, body, String(request.headers['portal-signature'] ?? ''))) unsigned += 1;
      else deliveries.push(JSON.parse(body) as TPortalEvent);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const admin = await seedAdmin(t.db);
  ({ secret } = await createWebhookEndpoint(
    t.db,
    { ...admin, role: 'admin', companyId: null, lang: 'de' },
    { name: 'Zwei Prozesse', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events` },
    { totpKey: t.config.totpKey, rules: { allowLoopbackHttp: true }, meta: { ip: '192.0.2.1' } },
  ));
  portal = await spawnPortal(t, { JOB_RUNNER_INTERVAL_MS: '100' });
}, 60_000);

afterAll(async () => {
  await portal?.stop();
  await new Promise((resolve) => receiver.close(resolve));
  await t?.cleanup();
});

describe(`${POLICIES} proofs of insurance issued while the server runs`, () => {
  it('reach the receiver once each, signed, whichever process delivers', async () => {
    const codes: string[] = [];
    for (let n = 0; n < POLICIES; n += 1) {
      const employer = await seedPolicyholder(t.db, `Prozess ${n} GmbH`, `AS-53000000${String(n).padStart(2, '0')}`);
      const learner = await seedEmployee(t.db, employer.companyId);
      await completeCourses(t.db, { ...learner, companyId: employer.companyId }, SIX);
      codes.push((await callerFor(t.db, { token: employer.token }).caller.certificates.issueCompany()).code);
    }
    for (
      let waited = 0;
      new Set(deliveries.map((event) => event.id)).size < POLICIES && waited < 30_000;
      waited += 100
    ) {
      await sleep(100);
    }
    // Time for a second delivery of any event to arrive, if there were one.
    await sleep(1_500);
    expect(unsigned).toBe(0);
    expect(deliveries.map((event) => event.data.certificate.code).sort()).toEqual([...codes].sort());
    expect(new Set(deliveries.map((event) => event.id)).size).toBe(POLICIES);
    const done = await t.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.kind, 'webhook'));
    expect(done).toHaveLength(POLICIES);
    expect(done.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  }, 90_000);
});
