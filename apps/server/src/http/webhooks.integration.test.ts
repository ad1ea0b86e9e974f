import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  controlledClock,
  createJobHandlers,
  createJobRunner,
  createWebhookEndpoint,
  guardedLookup,
  listWebhookEndpoints,
  recordExpiries,
  removeWebhookEndpoint,
} from '@portal/core';
import { certificates, eq, insurerEvents, jobRuns, jobs, transaction } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureIsValid, type TPortalEvent, webhookHandler } from '../../../../docs/examples/webhook-receiver.ts';
import {
  callerFor,
  completeCourses,
  createTestDb,
  seedAdmin,
  seedEmployee,
  seedPolicyholder,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';

/*
 * Issue 23, point 4 (ADR 035): change notices as signed webhooks through the job queue. A real
 * HTTP receiver (the example of docs/insurer-webhooks.md) gets each certificate issued, renewed and
 * expired exactly once, with a signature it verifies; a receiver that fails gets the delivery again
 * after the queue's backoff; internal addresses are refused. Delivery by two server processes is in
 * webhooks-processes.integration.test.ts.
 */

const SIX = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];
const META = { ip: '192.0.2.1' };

let t: TTestDb;
let receiver: Server;
let receiverUrl: string;
let secret: string;
const received: TPortalEvent[] = [];
let failNext = 0;
let admin: Awaited<ReturnType<typeof seedAdmin>>;
const actor = () => ({ ...admin, role: 'admin' as const, companyId: null, lang: 'de' as const });
const clock = controlledClock(new Date());

beforeAll(async () => {
  t = await createTestDb();
  admin = await seedAdmin(t.db);
  const handle = webhookHandler(
    () => secret,
    (event) => {
      received.push(event);
    },
  );
  receiver = createServer((request, response) => {
    if (failNext > 0) {
      failNext -= 1;
      request.resume();
      response.writeHead(500).end('down for maintenance');
      return;
    }
    void handle(request, response);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`;
  ({ secret } = await createWebhookEndpoint(
    t.db,
    actor(),
    { name: 'Bestandssystem', url: receiverUrl },
    { totpKey: t.config.totpKey, rules: { allowLoopbackHttp: true }, meta: META },
  ));
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.cleanup();
});

/** A runner on the test's clock, which never lags behind real time (events are written with it). */
const runner = () => {
  if (clock.now().getTime() < Date.now()) clock.set(new Date());
  return createJobRunner({
    db: t.db,
    handlers: createJobHandlers({
      publicUrl: 'https://portal.example',
      totpKey: t.config.totpKey,
      phishing: t.config.phishing,
      allowLoopbackWebhooks: true,
    }),
    clock,
    retryDelayMs: () => 60_000,
  });
};

/** A policyholder whose staff completed six courses, with its first proof of insurance issued. */
async function certifiedPolicy(name: string, policyNumber: string) {
  const employer = await seedPolicyholder(t.db, name, policyNumber);
  const learner = await seedEmployee(t.db, employer.companyId);
  await completeCourses(t.db, { ...learner, companyId: employer.companyId }, SIX);
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  const certificate = await asEmployer.certificates.issueCompany();
  return { employer, asEmployer, certificate };
}

describe('change notices as signed webhooks', () => {
  it('delivers a new proof of insurance once, signed, with company facts only', async () => {
    const { employer, certificate } = await certifiedPolicy('Signiert GmbH', 'AS-5200000001');
    const before = received.length;
    const runs = await runner().runDue();
    expect(runs.filter((run) => run.kind === 'webhook').map((run) => run.result)).toEqual(['succeeded']);
    const events = received.slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'certificate_issued',
      data: { policyNumber: 'AS-5200000001', companyName: 'Signiert GmbH', certificate: { code: certificate.code } },
    });
    const text = JSON.stringify(events);
    expect(text).not.toContain(employer.email);
    expect(text).not.toContain(employer.lastname);
    // Nothing is due any more: running again delivers nothing twice.
    expect((await runner().runDue()).filter((run) => run.kind === 'webhook')).toEqual([]);
    expect(received.length).toBe(before + 1);
  });

  it('tries again after the receiver failed, with the queue’s backoff, and logs every attempt', async () => {
    failNext = 2;
    const { employer, asEmployer } = await certifiedPolicy('Wackelig GmbH', 'AS-5200000002');
    const before = received.length;
    expect((await runner().runDue()).filter((run) => run.kind === 'webhook').map((run) => run.result)).toEqual([
      'failed',
    ]);
    // Not yet due again: nothing is sent before the backoff has passed.
    expect((await runner().runDue()).filter((run) => run.kind === 'webhook')).toEqual([]);
    clock.advance(61_000);
    expect((await runner().runDue()).filter((run) => run.kind === 'webhook').map((run) => run.result)).toEqual([
      'failed',
    ]);
    clock.advance(61_000);
    expect((await runner().runDue()).filter((run) => run.kind === 'webhook').map((run) => run.result)).toEqual([
      'succeeded',
    ]);
    expect(received.slice(before).map((event) => event.data.policyNumber)).toEqual(['AS-5200000002']);
    const [log] = (await listWebhookEndpoints(t.db)).filter((endpoint) => endpoint.url === receiverUrl);
    expect(log?.deliveries[0]).toMatchObject({ status: 'done', attempts: 3 });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `webhook:${received.at(-1)?.id}:${log?.id}`));
    const runs = await t.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobId, job?.id ?? ''));
    expect(runs.map((run) => run.error ?? 'ok').sort()).toEqual([
      'ok',
      'the receiver answered 500',
      'the receiver answered 500',
    ]);

    // A new proof for the same company is a renewal.
    await asEmployer.company.update({
      id: employer.companyId,
      companyName: 'Wackelig & Partner GmbH',
    });
    await asEmployer.certificates.issueCompany();
    await runner().runDue();
    expect(received.at(-1)).toMatchObject({
      type: 'certificate_renewed',
      data: { companyName: 'Wackelig & Partner GmbH' },
    });
  });

  it('announces an expiry once, however often the hourly job looks', async () => {
    const { employer, certificate } = await certifiedPolicy('Abgelaufen GmbH', 'AS-5200000003');
    await runner().runDue();
    await transaction(t.db, (tx) =>
      tx
        .update(certificates)
        .set({ validUntil: new Date(clock.now().getTime() - 1000) })
        .where(eq(certificates.code, certificate.code)),
    );
    const first = await recordExpiries(t.db, clock.now());
    const second = await recordExpiries(t.db, clock.now());
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(second.expired).toBe(0);
    const events = await t.db.select().from(insurerEvents).where(eq(insurerEvents.companyId, employer.companyId));
    expect(events.map((event) => event.kind).sort()).toEqual(['certificate_expired', 'certificate_issued']);
    await runner().runDue();
    expect(received.filter((event) => event.data.policyNumber === 'AS-5200000003').map((event) => event.type)).toEqual([
      'certificate_issued',
      'certificate_expired',
    ]);
  });

  it('signs so that a receiver refuses a changed body, another secret and an old timestamp', async () => {
    const event = received[0];
    const body = JSON.stringify(event);
    const at = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const sign = (key: string, t: number, text: string) =>
      `t=${t},v1=${createHmac('sha256', key).update(`${t}.${text}`).digest('hex')}`;
    expect(signatureIsValid(secret, body, sign(secret, at, body))).toBe(true);
    expect(signatureIsValid(secret, `${body} `, sign(secret, at, body))).toBe(false);
    expect(signatureIsValid(secret, body, sign('whsec_other', at, body))).toBe(false);
    expect(signatureIsValid(secret, body, sign(secret, at - 301, body))).toBe(false);
    const answer = await fetch(receiverUrl, {
      method: 'POST',
      body,
      headers: { 'portal-signature': sign('x', at, body) },
    });
    expect(answer.status).toBe(400);
  });

  it('refuses internal addresses, when saved and when connecting, and stops at a removed receiver', async () => {
    const rules = { allowLoopbackHttp: false };
    const refused: [string, string][] = [
      ['http://example.org/hook', 'webhooks.url_invalid'],
      ['https://user:pw@example.org/hook', 'webhooks.url_invalid'],
      ['kein url', 'webhooks.url_invalid'],
      ['https://10.1.2.3/hook', 'webhooks.url_not_public'],
      ['https://169.254.169.254/latest', 'webhooks.url_not_public'],
      ['https://[::1]/hook', 'webhooks.url_not_public'],
      ['https://localhost/hook', 'webhooks.url_not_public'],
      [receiverUrl, 'webhooks.url_invalid'],
    ];
    for (const [url, key] of refused) {
      await expect(
        createWebhookEndpoint(t.db, actor(), { name: 'x', url }, { totpKey: t.config.totpKey, rules, meta: META }),
        url,
      ).rejects.toMatchObject({ messageKey: key });
    }
    // A public-looking name that resolves to an internal address is refused at the connection.
    const resolved = await new Promise<Error | null>((resolve) =>
      guardedLookup(rules)('localhost', {}, (error) => resolve(error)),
    );
    expect(resolved?.message).toMatch(/is not public/);

    const [endpoint] = (await listWebhookEndpoints(t.db)).filter((item) => item.url === receiverUrl);
    await removeWebhookEndpoint(t.db, actor(), endpoint?.id ?? '', META);
    const before = received.length;
    await certifiedPolicy('Nach dem Ende GmbH', 'AS-5200000004');
    await runner().runDue();
    expect(received.length).toBe(before);
  });
});
