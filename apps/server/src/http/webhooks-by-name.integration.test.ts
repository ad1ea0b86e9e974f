import type { LookupAddress } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  controlledClock,
  createJobHandlers,
  createJobRunner,
  createWebhookEndpoint,
  deliverWebhook,
  guardedLookup,
  postWebhook,
  removeWebhookEndpoint,
  sealTotpSecret,
} from '@portal/core';
import { eq, insurerEvents, jobs, transaction, webhookEndpoints } from '@portal/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { startDnsServer, type TTestDnsServer } from '../test/dns-server.ts';

/*
 * Issue 37, point 6 (ADR 035): change notices reach receivers named by host name, and stay inside
 * the SSRF guard. A real DNS server (dns2 on a loopback port) answers the receivers' names, the
 * delivery's resolver asks it (`DNS_SERVERS`), and a real HTTP receiver counts every connection it
 * gets. Loopback receivers are allowed only with the tests' switch (`allowLoopbackWebhooks`, on
 * under NODE_ENV=test); with it off, a name that resolves to the portal's own loopback address, or
 * to a private one, is refused when connecting, before any connection is made.
 */

const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];
const META = { ip: '192.0.2.1' };
const ON = { allowLoopbackHttp: true };
const OFF = { allowLoopbackHttp: false };

let t: TTestDb;
let dns: TTestDnsServer;
let receiver: Server;
let port = 0;
let connections = 0;
const deliveries: { body: string; signature: string; host: string }[] = [];
let admin: Awaited<ReturnType<typeof seedAdmin>>;
const actor = () => ({ ...admin, role: 'admin' as const, companyId: null, lang: 'de' as const });
const clock = controlledClock(new Date());
const endpointIds: string[] = [];
let policy = 0;

beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAdmin(t.db);
  dns = await startDnsServer({
    'hooks.insurer.test': { A: ['127.0.0.1'] },
    'loop6.insurer.test': { AAAA: ['::ffff:7f00:1'] },
    'compat.insurer.test': { AAAA: ['::7f00:1'] },
    'nat64.insurer.test': { AAAA: ['64:ff9b::7f00:1'] },
    'private.insurer.test': { A: ['10.0.0.7'] },
    'mixed.insurer.test': { A: ['93.184.215.14', '127.0.0.1'] },
    'public.insurer.test': { A: ['93.184.215.14'], AAAA: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] },
  });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['portal-signature'] ?? ''),
        host: String(request.headers.host ?? ''),
      });
      response.writeHead(200).end('ok');
    });
  });
  receiver.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterEach(async () => {
  // Each test's receivers go, so that the next test's certificate is delivered to its own only.
  for (const id of endpointIds.splice(0)) await removeWebhookEndpoint(t.db, actor(), id, META);
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await dns.close();
  await t.cleanup();
});

async function addEndpoint(url: string, rules: typeof ON) {
  const endpoint = await createWebhookEndpoint(
    t.db,
    actor(),
    { name: url, url },
    { totpKey: t.config.totpKey, rules, meta: META },
  );
  endpointIds.push(endpoint.id);
  return endpoint;
}

/** A new policyholder's first proof of insurance: one change notice for each receiver. */
async function issueProof() {
  policy += 1;
  const employer = await seedPolicyholder(
    t.db,
    `Namen ${policy} GmbH`,
    `AS-54000000${String(policy).padStart(2, '0')}`,
  );
  const learner = await seedEmployee(t.db, employer.companyId);
  await completeCourses(t.db, { ...learner, companyId: employer.companyId }, SIX);
  return callerFor(t.db, { token: employer.token }).caller.certificates.issueCompany();
}

/** The job runner as a server process has it, with the DNS server as `DNS_SERVERS`. */
const runWebhooks = async (allowLoopbackWebhooks: boolean) => {
  if (clock.now().getTime() < Date.now()) clock.set(new Date());
  const runner = createJobRunner({
    db: t.db,
    handlers: createJobHandlers({
      publicUrl: 'https://portal.example',
      totpKey: t.config.totpKey,
      phishing: t.config.phishing,
      allowLoopbackWebhooks,
      dnsServers: [dns.server],
    }),
    clock,
    retryDelayMs: () => 60_000,
  });
  return (await runner.runDue()).filter((run) => run.kind === 'webhook');
};

const lastErrorOf = async (endpointId: string) => {
  const rows = await t.db
    .select({ key: jobs.key, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.kind, 'webhook'));
  return rows.find((row) => row.key.endsWith(`:${endpointId}`))?.lastError ?? null;
};

describe('webhook receivers by host name', () => {
  it('delivers to a name that the configured DNS server answers, at a real receiver, signed', async () => {
    const { secret } = await addEndpoint(`http://hooks.insurer.test:${port}/portal-events`, ON);
    const certificate = await issueProof();
    const before = deliveries.length;
    expect((await runWebhooks(true)).map((run) => run.result)).toEqual(['succeeded']);
    const [delivery] = deliveries.slice(before);
    expect(delivery?.host).toBe(`hooks.insurer.test:${port}`);
    expect(signatureIsValid(secret, delivery?.body ?? '', delivery?.signature ?? '')).toBe(true);
    expect((JSON.parse(delivery?.body ?? '{}') as TPortalEvent).data.certificate.code).toBe(certificate.code);
    // The name was asked of the test's server, not of the system's resolver.
    expect(dns.questions).toContainEqual({ name: 'hooks.insurer.test', type: 'A' });

    // A public name passes the guard with the switch off: node gets all its addresses, v4 and v6.
    const resolver = new Resolver();
    resolver.setServers([dns.server]);
    const answer = await new Promise<{ error: Error | null; address: string | LookupAddress[] }>((resolve) =>
      guardedLookup(OFF, { plainHttp: false, resolver })('public.insurer.test', { all: true }, (error, address) =>
        resolve({ error, address }),
      ),
    );
    expect(answer).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it('delivers to localhost-style names only where the tests allow loopback', async () => {
    await addEndpoint(`http://localhost:${port}/portal-events`, ON);
    await addEndpoint(`http://hooks.localhost:${port}/portal-events`, ON);
    await issueProof();
    const before = deliveries.length;
    expect((await runWebhooks(true)).map((run) => run.result)).toEqual(['succeeded', 'succeeded']);
    expect(
      deliveries
        .slice(before)
        .map((delivery) => delivery.host)
        .sort(),
    ).toEqual([`hooks.localhost:${port}`, `localhost:${port}`]);

    // Without the switch: refused when saved, and when resolved at the connection.
    for (const url of [`https://localhost:${port}/x`, `https://hooks.localhost:${port}/x`, `https://LOCALHOST./x`]) {
      await expect(
        createWebhookEndpoint(t.db, actor(), { name: 'x', url }, { totpKey: t.config.totpKey, rules: OFF, meta: META }),
        url,
      ).rejects.toMatchObject({ messageKey: 'webhooks.url_not_public' });
    }
    const asked = (rules: typeof ON, all: boolean) =>
      new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
        guardedLookup(rules)('hooks.localhost', { all }, (error, address, family) =>
          resolve({ error, address, family }),
        ),
      );
    // Node asks for all addresses (all: true) to try them in turn, or for one.
    expect(await asked(ON, true)).toMatchObject({
      error: null,
      address: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    expect(await asked(ON, false)).toMatchObject({ error: null, address: '127.0.0.1', family: 4 });
    expect((await asked(OFF, true)).error?.message).toMatch(
      /127\.0\.0\.1 is not public \(loopback\); ::1 is not public/,
    );
    expect((await asked(OFF, false)).error?.message).toMatch(/is not public \(loopback\)/);
  });

  it('refuses at the connection a name that resolves to the portal’s own loopback or a private address', async () => {
    const names: [string, RegExp][] = [
      ['hooks.insurer.test', /127\.0\.0\.1 is not public \(loopback\)/],
      ['loop6.insurer.test', /is not public \(loopback, ipv4Mapped 127\.0\.0\.1\)/],
      ['compat.insurer.test', /is not public \(loopback, ipv4Compatible 127\.0\.0\.1\)/],
      ['nat64.insurer.test', /64:ff9b::7f00:1 is not public \(loopback, nat64 127\.0\.0\.1\)/],
      ['private.insurer.test', /10\.0\.0\.7 is not public \(private\)/],
      ['mixed.insurer.test', /refused: 127\.0\.0\.1 is not public \(loopback\)$/],
    ];
    // A name is judged when it is resolved: saving it is allowed, whatever it resolves to now.
    const endpoints = await Promise.all(
      names.map(async ([name]) => (await addEndpoint(`https://${name}:${port}/portal-events`, OFF)).id),
    );
    await issueProof();
    const before = { connections, deliveries: deliveries.length };
    expect((await runWebhooks(false)).map((run) => run.result)).toEqual(names.map(() => 'failed'));
    for (const [index, [name, reason]] of names.entries()) {
      const error = await lastErrorOf(endpoints[index] ?? '');
      expect(error, name).toContain(`webhook receiver ${name} refused:`);
      expect(error, name).toMatch(reason);
    }
    expect(connections).toBe(before.connections);
    expect(deliveries.length).toBe(before.deliveries);
  });

  it('checks an IP literal at the connection with the same rules, also in a row saved under older rules', async () => {
    const before = connections;
    const post = (url: string, rules: typeof ON) => postWebhook(url, '{}', {}, { rules });
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `https://127.0.0.1:${port}/x`,
      `https://[::127.0.0.1]:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      `https://[64:ff9b::7f00:1]:${port}/x`,
      `https://[2002:7f00:1::]:${port}/x`,
      `https://2130706433:${port}/x`,
      `https://0x7f.1:${port}/x`,
    ]) {
      await expect(post(url, OFF), url).rejects.toThrow(/is not public \(loopback/);
    }
    // Plain http reaches loopback receivers of tests only, even with the switch on.
    await expect(post('http://93.184.215.14:9/x', ON)).rejects.toThrow(
      /plain http reaches loopback receivers of tests only/,
    );
    await expect(post('http://10.0.0.7:9/x', ON)).rejects.toThrow(/10\.0\.0\.7 is not public \(private\)/);
    expect(connections).toBe(before);
    expect(await post(`http://127.0.0.1:${port}/x`, ON)).toBe(200);
    expect(connections).toBe(before + 1);

    // A receiver saved when `[::127.0.0.1]` still passed the check gets nothing now.
    const id = crypto.randomUUID();
    await transaction(t.db, (tx) =>
      tx.insert(webhookEndpoints).values({
        id,
        name: 'alt',
        url: `https://[::127.0.0.1]:${port}/portal-events`,
        secretSealed: sealTotpSecret(t.config.totpKey, `webhook:${id}`, 'whsec_old'),
        createdBy: admin.id,
      }),
    );
    endpointIds.push(id);
    await issueProof();
    const [event] = await t.db.select({ id: insurerEvents.id }).from(insurerEvents).orderBy(insurerEvents.occurredAt);
    await expect(
      deliverWebhook(
        t.db,
        { eventId: event?.id ?? '', endpointId: id },
        { totpKey: t.config.totpKey, rules: OFF, now: new Date() },
      ),
    ).rejects.toThrow(/webhooks\.url_not_public/);
    expect(connections).toBe(before + 1);
  });
});
