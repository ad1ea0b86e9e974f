import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { enqueueJob, hashPhishingToken } from '@portal/core';
import { and, eq, like, mailOutbox, phishingMessages, transaction, users } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRawMail } from '../../../../packages/api/src/test/raw-mail.ts';
import { createTestDb, seedPolicyholder, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { spawnPortal, workersOf } from '../test/spawn-portal.ts';

/*
 * Issue 24 (ADR 036), end to end: a campaign of 200 recipients runs on the real server with two
 * processes (WEB_CONCURRENCY=2) over a real SMTP server. The dispatch job hands the mails to the
 * outbox, both processes' mail workers send them, and one process is killed (SIGKILL) in the
 * middle of sending. Every recipient gets exactly one mail, none is lost; then the links of some
 * of them are followed over HTTP as recipients would (open, landing page, click, imitation
 * sign-in), and the campaign's counts are read from the API. `reported` is covered by the report
 * inbox's test (report-inbox.integration.test.ts: the mail a person forwards to the report
 * address), not here.
 *
 * The kill lands while the SMTP server has not yet answered the victim's mail. Delivery stays at
 * least once (ADR 007): a process killed after the answer and before its row says `sent` would
 * send that one mail again. What this test holds is that the leases keep the processes off each
 * other's mails, and that a dead process's mails go out once, by another process, after its lease.
 */

const RECIPIENTS = 200;
/** Mails answered before the SMTP server stops answering one, whose sender is then killed. */
const ANSWERED_BEFORE_KILL = 60;
const TEACHING = 'parcel-customs-fee';
const SIGN_IN = 'm365-password-expiry';

interface TDelivered {
  to: string;
  raw: string;
}

/**
 * A real SMTP server that answers every mail but one: the one after ANSWERED_BEFORE_KILL is read
 * and never answered, so its sender waits for the reply when the test kills it. A mail counts as
 * delivered only once it is answered, as for any SMTP server (the sender keeps it until then).
 */
function startReceiver(): Promise<{
  server: SMTPServer;
  port: number;
  delivered: TDelivered[];
  /** The recipient of the mail left unanswered, once it came. */
  held: { to?: string };
}> {
  const delivered: TDelivered[] = [];
  const held: { to?: string } = {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 500,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        if (held.to === undefined && delivered.length === ANSWERED_BEFORE_KILL) {
          held.to = to;
          return;
        }
        delivered.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // The killed sender's connection breaks off in the middle of its mail.
  server.on('error', () => {});
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, delivered, held }),
    );
  });
}

/** How long a process has run, in whole seconds. */
const secondsAlive = (pid: number) =>
  Number(
    execFileSync('ps', ['-o', 'etimes=', '-p', String(pid)])
      .toString()
      .trim(),
  );

/** Running, not ended (a zombie no parent has reaped yet has ended: it holds no file or socket). */
const alive = (pid: number) => {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)])
      .toString()
      .trim()
      .startsWith('Z');
  } catch {
    return false;
  }
};

async function until(what: string | (() => string), condition: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(100);
  }
}

let t: TTestDb;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let primary: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestDb();
  receiver = await startReceiver();
});

afterAll(async () => {
  if (primary && primary.exitCode === null) {
    const everyWorker = workersOf(primary);
    primary.kill('SIGKILL');
    await once(primary, 'exit');
    // Workers leave when their primary is gone; the database is removed only after them.
    await until('the server processes to end', () => everyWorker.every((pid) => !alive(pid)), 10_000);
  }
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  await t.cleanup();
});

/** The real server with two processes on the test's database (spawn-portal.ts), kept for the kill. */
async function startPortal(env: Record<string, string>) {
  const portal = await spawnPortal(t, { WEB_CONCURRENCY: '2', ...env });
  primary = portal.child;
  return portal;
}

describe('a campaign of 200 recipients with two server processes', () => {
  it('mails everyone exactly once across a SIGKILL, and counts each event once over HTTP', {
    timeout: 120_000,
  }, async () => {
    // The company has proven its people's domain: simulations reach only such domains (issue 37).
    const employer = await seedPolicyholder(t.db, 'Köder GmbH', 'AS-2400000200', { mailDomain: 'koeder.example' });
    const addresses = Array.from({ length: RECIPIENTS }, (_, n) => `person${n}@koeder.example`);
    // Read committed: the test's own rows.
    await transaction(t.db, (tx) =>
      tx.insert(users).values(
        addresses.map((email, n) => ({
          id: crypto.randomUUID(),
          firstname: `Person${n}`,
          lastname: 'Köder',
          email,
          role: 'employee' as const,
          companyId: employer.companyId,
          active: true,
          lang: n % 2 ? ('en' as const) : ('de' as const),
        })),
      ),
    );

    // The registration's own mail (its confirmation link, issue 37) is not this test's: the
    // receiver counts simulated mails only.
    await transaction(t.db, (tx) => tx.delete(mailOutbox));
    const { child, base } = await startPortal({
      SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      JOB_RUNNER_INTERVAL_MS: '500',
      PHISHING_MAIL_DOMAIN: 'sicher-anmelden.example',
    });
    const workers = workersOf(child);
    expect(workers).toHaveLength(2);

    const asEmployer = (path: string, init: RequestInit = {}) =>
      fetch(`${base}/api/phishing${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${employer.token}` },
      });
    const created = await asEmployer('/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Zweihundert',
        templates: [TEACHING, SIGN_IN],
        audience: { kind: 'roles', roles: ['employee'] },
        firstDay: berlinDay(new Date()),
        windowDays: 1,
        trackOpens: true,
      }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const started = await asEmployer(`/campaigns/${id}/start`, { method: 'POST', body: '{}' });
    expect(await started.json()).toEqual({ planned: RECIPIENTS });

    // Due now, whatever the time of the run (the window may begin on the next working day), and
    // the dispatch job due now instead of at the schedule's next five-minute mark: the row the
    // schedule would have put in the queue, under a key of its own.
    await transaction(t.db, async (tx) => {
      await tx
        .update(phishingMessages)
        .set({ sendAt: new Date(Date.now() - 60_000) })
        .where(eq(phishingMessages.campaignId, id));
    });
    // A worker that dies within five seconds of its start is taken for a broken start, and the
    // primary stops instead of replacing it (cluster.ts): the kill below must come later.
    await until('the server processes to be six seconds old', () => workers.every((pid) => secondsAlive(pid) >= 6));
    await transaction(t.db, (tx) =>
      enqueueJob(tx, { kind: 'phishing-dispatch', key: `test:phishing-dispatch:${id}`, runAt: new Date() }),
    );

    // The SMTP server holds one mail unanswered; the process sending it is killed while it waits.
    await until(
      `mail ${ANSWERED_BEFORE_KILL + 1} (${receiver.delivered.length} came)`,
      () => receiver.held.to !== undefined,
    );
    const heldFor = receiver.held.to ?? '';
    const [heldRow] = await t.db
      .select({ owner: mailOutbox.leaseOwner })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, heldFor), eq(mailOutbox.template, 'phishing')));
    // The lease owner is `<host>:<pid>:<random>`: the process that claimed the mail and sends it.
    const victim = Number(/:(\d+):/.exec(heldRow?.owner ?? '')?.[1]);
    expect(workers).toContain(victim);
    process.kill(victim, 'SIGKILL');
    // Half way: the killed process still had the held mail and the rest of its batch.
    expect(receiver.delivered.length).toBeLessThan(RECIPIENTS);
    await until('the killed process to be gone', () => !workersOf(child).includes(victim), 10_000);

    // Its claimed mails (the unanswered one and what was left of its batch) stay leased to it for
    // the lease's ten minutes (LEASE_MS), then go to the other processes. The test moves that time
    // on for these rows instead of waiting for it.
    const released = await transaction(t.db, (tx) =>
      tx
        .update(mailOutbox)
        .set({ leaseUntil: new Date(Date.now() - 1_000) })
        .where(and(like(mailOutbox.leaseOwner, `%:${victim}:%`), eq(mailOutbox.status, 'pending')))
        .returning({ to: mailOutbox.toAddress }),
    );
    expect(released.map((row) => row.to)).toContain(heldFor);

    const outbox = () =>
      t.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, employer.companyId), eq(mailOutbox.template, 'phishing')));
    await until('every mail to be sent', async () => (await outbox()).every((row) => row.status === 'sent'));
    const rows = await outbox();
    expect(rows).toHaveLength(RECIPIENTS);

    // Exactly once each: every address once, every mail with a link token of its own.
    const recipients = receiver.delivered.map((mail) => mail.to);
    expect(recipients).toHaveLength(RECIPIENTS);
    expect([...recipients].sort()).toEqual([...addresses].sort());
    const mails = receiver.delivered.map((mail) => parseRawMail(mail.raw));
    for (const mail of mails) expect(mail.headers.get('x-portal-simulation')).toBe(id);
    const tokens = mails.map((mail) => /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '');
    expect(new Set(tokens).size).toBe(RECIPIENTS);
    // The primary replaced the killed process.
    await until('a replacement process', () => workersOf(child).length === 2, 20_000);
    expect(workersOf(child)).not.toContain(victim);

    // The links, as the recipients' browsers follow them.
    const templateOf = new Map(
      (await t.db.select().from(phishingMessages).where(eq(phishingMessages.campaignId, id))).map((message) => [
        message.tokenHash,
        message.templateSlug,
      ]),
    );
    const ofTemplate = (slug: string) => tokens.filter((token) => templateOf.get(hashPhishingToken(token)) === slug);
    const [taught1 = '', taught2 = '', taught3 = ''] = ofTemplate(TEACHING);
    const [signIn1 = '', signIn2 = ''] = ofTemplate(SIGN_IN);
    expect(signIn2).not.toBe('');
    expect(taught3).not.toBe('');
    const page = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const proofIn = async (response: Response) => /name="proof" value="([^"]+)"/.exec(await response.text())?.[1] ?? '';
    const counts = async () => {
      const response = await asEmployer(`/campaigns/${id}`);
      expect(response.status).toBe(200);
      return (await response.json()) as {
        status: string;
        counts: Record<string, number>;
        perTemplate: (Record<string, number> & { template: string })[];
      };
    };

    // Opens: the pixel of three mails, one of them loaded twice.
    for (const token of [taught1, taught1, taught2, signIn1]) {
      const pixel = await page(`/p/${token}/o.gif`);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
    }
    // The landing pages: a fetch counts no click.
    const proofs = new Map<string, string>();
    for (const token of [taught1, taught2, taught3, signIn1, signIn2]) {
      const landing = await page(`/p/${token}`);
      expect(landing.status).toBe(200);
      proofs.set(token, await proofIn(landing));
    }
    expect((await counts()).counts).toMatchObject({ sent: RECIPIENTS, opened: 3, clicked: 0 });
    // A post without the page's proof counts nothing and leads back to the page.
    const forged = await post(`/p/${taught3}/click`, { proof: 'guess' });
    expect(forged.headers.get('location')).toBe(`/p/${taught3}`);
    // The landing page's form, posted with its proof: the click, once.
    for (const token of [taught1, taught2, signIn1, signIn2, taught1]) {
      const click = await post(`/p/${token}/click`, { proof: proofs.get(token) ?? '' });
      expect(click.status).toBe(303);
      expect(click.headers.get('location')).toBe(
        `/p/${token}/${token === signIn1 || token === signIn2 ? 'sign-in' : 'lesson'}`,
      );
    }
    // The imitation sign-in, sent twice by one of them: submitted once each.
    for (const token of [signIn1, signIn2, signIn1]) {
      const proof = await proofIn(await page(`/p/${token}/sign-in`));
      const submit = await post(`/p/${token}/submit`, { proof, email: 'someone@koeder.example', password: 'typed' });
      expect(submit.headers.get('location')).toBe(`/p/${token}/lesson`);
    }

    const result = await counts();
    expect(result.status).toBe('finished');
    expect(result.counts).toEqual({
      planned: RECIPIENTS,
      sent: RECIPIENTS,
      // The base of "submitted": the mails of the template with a sign-in page (issue 37.7).
      signInSent: ofTemplate(SIGN_IN).length,
      opened: 3,
      clicked: 4,
      submitted: 2,
      reported: 0,
    });
    const perTemplate = new Map(result.perTemplate.map(({ template, ...rest }) => [template, rest]));
    expect(perTemplate.get(TEACHING)).toMatchObject({ opened: 2, clicked: 2, submitted: 0, signInSent: 0 });
    expect(perTemplate.get(SIGN_IN)).toMatchObject({ opened: 1, clicked: 2, submitted: 2 });
  });
});
