import { dispatchPhishing } from '@portal/core';
import {
  and,
  courseAssignments,
  eq,
  loginThrottle,
  mailOutbox,
  phishingMessages,
  rawExecute,
  sql,
  transaction,
} from '@portal/db';
import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedPolicyholder,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import { snapshotTables } from '../test/db-snapshot.ts';

/*
 * Issue 24, point 3 and 6 (ADR 036): the links of simulated mails. A fetch (what link scanners do)
 * counts nothing; the landing page's form counts the click once; the imitation sign-in keeps nothing
 * typed; the teaching page is in the recipient's language and assigns the course; unknown tokens
 * get one neutral 404; redirects stay on the portal; the calls are limited per address, and the
 * limit's count and the event commit in one transaction (nothing counted over the limit; an event
 * that fails takes its count back with it).
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let t: TTestDb;
let app: ReturnType<typeof createApp>;
let limited: ReturnType<typeof createApp>;
/** Link tokens by template, of the English-speaking employee's mails. */
const tokens = new Map<string, string>();
let employeeId: string;

const eventsOf = async (template: string) => {
  const [row] = await t.db
    .select()
    .from(phishingMessages)
    .where(and(eq(phishingMessages.userId, employeeId), eq(phishingMessages.templateSlug, template)));
  return row;
};

/** An app with a limit of 3 calls a minute, behind one trusted proxy hop (the address is the test's). */
const limitedApp = () =>
  createApp({
    db: t.db,
    config: { ...t.config, PHISHING_CALLS_PER_MINUTE: 3, TRUST_PROXY: { kind: 'hops', hops: 1 } },
    logger: quiet,
    webDist: '/nonexistent/web/dist',
  });

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const proofIn = (html: string) => /name="proof" value="([^"]+)"/.exec(html)?.[1] ?? '';

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: quiet, webDist: '/nonexistent/web/dist' });
  limited = limitedApp();
  const employer = await seedPolicyholder(t.db, 'Klick GmbH', 'AS-2400000001');
  const employee = await seedEmployee(t.db, employer.companyId, { lang: 'en', firstname: 'Robin' });
  employeeId = employee.id;
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  // One campaign per template under test, each to the employee only, sent at once.
  for (const [template, trackOpens] of [
    ['parcel-customs-fee', true],
    ['m365-password-expiry', false],
    // Untouched by the tests above: the limit's and the atomicity's own.
    ['invoice-overdue', true],
    ['salary-statement', true],
  ] as const) {
    const { id } = await asEmployer.phishing.createCampaign({
      name: template,
      templates: [template],
      audience: { kind: 'people', ids: [employee.id] },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
      trackOpens,
    });
    await asEmployer.phishing.startCampaign({ id });
  }
  await dispatchPhishing(t.db, {
    now: new Date(Date.now() + 40 * 24 * 3600 * 1000),
    senderDomain: 'simulation.example',
    linkUrl: 'https://portal.example',
  });
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'phishing'));
  for (const mail of mails) {
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.html)?.[1] ?? '';
    const [message] = await t.db.select().from(phishingMessages).where(eq(phishingMessages.outboxId, mail.id));
    tokens.set(message?.templateSlug ?? '', token);
  }
  expect(tokens.size).toBe(4);
});
afterAll(() => t.cleanup());

describe('the link of a simulated mail', () => {
  it('counts nothing on a fetch (GET or HEAD), as link scanners do', async () => {
    const token = tokens.get('parcel-customs-fee') ?? '';
    const page = await app.request(`/p/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`action="/p/${token}/click"`);
    expect(html).toContain('<script src="/p/assets/continue.js" defer></script>');
    expect((await app.request(`/p/${token}`, { method: 'HEAD' })).status).toBe(200);
    expect((await app.request(`/p/${token}/lesson`)).status).toBe(200);
    expect((await eventsOf('parcel-customs-fee'))?.clickedAt).toBeNull();
  });

  it('counts the click once when the landing form is posted with its proof, and leads to the lesson', async () => {
    const token = tokens.get('parcel-customs-fee') ?? '';
    const forged = await app.request(`/p/${token}/click`, form({ proof: 'guess' }));
    expect(forged.status).toBe(303);
    expect((await eventsOf('parcel-customs-fee'))?.clickedAt).toBeNull();
    const proof = proofIn(await (await app.request(`/p/${token}`)).text());
    const click = await app.request(`/p/${token}/click`, form({ proof }));
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe(`/p/${token}/lesson`);
    const first = (await eventsOf('parcel-customs-fee'))?.clickedAt;
    expect(first).toBeInstanceOf(Date);
    await app.request(`/p/${token}/click`, form({ proof }));
    expect((await eventsOf('parcel-customs-fee'))?.clickedAt).toEqual(first);
  });

  it('teaches in the recipient’s language, with every sign, and assigns the course on the button', async () => {
    const token = tokens.get('parcel-customs-fee') ?? '';
    const lesson = await app.request(`/p/${token}/lesson`, { headers: { 'accept-language': 'de' } });
    const html = await lesson.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This was a phishing simulation by Klick GmbH');
    expect(html).toContain('Your employer only sees how many people clicked, not who.');
    // The sender as the mail showed it: the template's name at the operator's simulation domain.
    expect(html).toMatch(/&lt;[a-z0-9._-]+@localhost&gt;/);
    expect(html).not.toContain('{{');
    for (const sign of ['Sender', 'Link']) expect(html).toContain(sign);
    expect((html.match(/class="marker"/g) ?? []).length).toBeGreaterThanOrEqual(3);
    const before = await t.db
      .select()
      .from(courseAssignments)
      .where(and(eq(courseAssignments.userId, employeeId), eq(courseAssignments.courseSlug, 'email-security')));
    expect(before).toHaveLength(0);
    const course = await app.request(`/p/${token}/course`, form({ proof: proofIn(html) }));
    expect(course.status).toBe(303);
    expect(course.headers.get('location')).toBe('/trainings/email-security');
    const after = await t.db
      .select()
      .from(courseAssignments)
      .where(and(eq(courseAssignments.userId, employeeId), eq(courseAssignments.courseSlug, 'email-security')));
    expect(after).toHaveLength(1);
  });

  it('the imitation sign-in sends and keeps nothing typed, only that it was sent', async () => {
    const token = tokens.get('m365-password-expiry') ?? '';
    const proof = proofIn(await (await app.request(`/p/${token}`)).text());
    const click = await app.request(`/p/${token}/click`, form({ proof }));
    expect(click.headers.get('location')).toBe(`/p/${token}/sign-in`);
    const signIn = await (await app.request(`/p/${token}/sign-in`)).text();
    // Inputs without a name: a browser submits none of them.
    expect(signIn).toMatch(/<input id="f0" type="email" autocomplete="off">/);
    expect(signIn).not.toMatch(/<input[^>]+name="(?!proof)/);
    const typed = 'Geheim-Passwort-4711';
    const submit = await app.request(
      `/p/${token}/submit`,
      form({ proof: proofIn(signIn), email: 'robin@klick.example', password: typed }),
    );
    expect(submit.headers.get('location')).toBe(`/p/${token}/lesson`);
    const events = await eventsOf('m365-password-expiry');
    expect(events?.submittedAt).toBeInstanceOf(Date);
    expect(events?.clickedAt).toBeInstanceOf(Date);
    const everything = JSON.stringify(await snapshotTables(t.db));
    expect(everything).not.toContain(typed);
  });

  it('counts an open only where the campaign tracks opens', async () => {
    const tracked = tokens.get('parcel-customs-fee') ?? '';
    const untracked = tokens.get('m365-password-expiry') ?? '';
    for (const token of [tracked, untracked]) {
      const pixel = await app.request(`/p/${token}/o.gif`);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
    }
    expect((await eventsOf('parcel-customs-fee'))?.openedAt).toBeInstanceOf(Date);
    expect((await eventsOf('m365-password-expiry'))?.openedAt).toBeNull();
  });

  it('answers unknown and malformed tokens alike, with 404 and nothing about the token', async () => {
    const unknown = await app.request(`/p/${'A'.repeat(43)}`);
    const malformed = await app.request('/p/abc');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(await unknown.text()).toBe(await malformed.text());
    const pixel = await app.request(`/p/${'B'.repeat(43)}/o.gif`);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect((await app.request(`/p/${'A'.repeat(43)}/click`, form({ proof: 'x' }))).status).toBe(404);
  });

  it('limits the calls per address over all processes (the database counts)', async () => {
    const address = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await limited.request(`/p/${'C'.repeat(43)}`, address)).status);
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another process shares the count: the limited app and a second one on the same database.
    const second = limitedApp();
    expect((await second.request(`/p/${'C'.repeat(43)}`, address)).status).toBe(429);
  });

  it('records nothing for an address over its limit, whatever the request would have counted', async () => {
    const token = tokens.get('invoice-overdue') ?? '';
    const proof = proofIn(await (await app.request(`/p/${token}`)).text());
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const over = '203.0.113.20';
    for (let i = 0; i < 3; i += 1)
      expect((await limited.request(`/p/${token}`, { headers: from(over) })).status).toBe(200);
    const post = (path: string, address: string) => {
      const init = form({ proof });
      return limited.request(`/p/${token}/${path}`, { ...init, headers: { ...init.headers, ...from(address) } });
    };
    expect((await post('click', over)).status).toBe(429);
    expect((await post('submit', over)).status).toBe(429);
    expect((await limited.request(`/p/${token}/o.gif`, { headers: from(over) })).status).toBe(429);
    const events = await eventsOf('invoice-overdue');
    expect([events?.clickedAt, events?.submittedAt, events?.openedAt]).toEqual([null, null, null]);
    // The same proof from an address within its limit counts: the refusal above was the limit's.
    expect((await post('click', '203.0.113.21')).status).toBe(303);
    expect((await eventsOf('invoice-overdue'))?.clickedAt).toBeInstanceOf(Date);
  });

  it('commits the count and the event together: a click whose event fails leaves both as they were', async () => {
    const token = tokens.get('salary-statement') ?? '';
    const proof = proofIn(await (await app.request(`/p/${token}`)).text());
    const address = '203.0.113.30';
    const attempts = async () =>
      (
        await t.db
          .select()
          .from(loginThrottle)
          .where(eq(loginThrottle.key, `phishing:${address}`))
      )[0]?.attempts;
    const click = () => {
      const init = form({ proof });
      return limited.request(`/p/${token}/click`, {
        ...init,
        headers: { ...init.headers, 'x-forwarded-for': address },
      });
    };
    expect((await limited.request(`/p/${token}`, { headers: { 'x-forwarded-for': address } })).status).toBe(200);
    expect(await attempts()).toBe(1);
    // The event's write fails in the database, after the count was taken in the same transaction.
    const ddl = (statement: string) => transaction(t.db, (tx) => rawExecute(tx, sql.raw(statement)));
    if (t.dialect === 'postgres') {
      await ddl(`create function refuse_click() returns trigger language plpgsql as $$
        begin raise exception 'the test refuses clicks'; end $$`);
      await ddl(`create trigger refuse_click before update of clicked_at on phishing_messages
        for each row execute function refuse_click()`);
    } else {
      await ddl(`create trigger refuse_click before update of clicked_at on phishing_messages
        begin select raise(abort, 'the test refuses clicks'); end`);
    }
    try {
      expect((await click()).status).toBe(500);
    } finally {
      if (t.dialect === 'postgres') {
        await ddl('drop trigger refuse_click on phishing_messages');
        await ddl('drop function refuse_click()');
      } else await ddl('drop trigger refuse_click');
    }
    expect((await eventsOf('salary-statement'))?.clickedAt).toBeNull();
    expect(await attempts()).toBe(1);
    expect((await click()).status).toBe(303);
    expect((await eventsOf('salary-statement'))?.clickedAt).toBeInstanceOf(Date);
    expect(await attempts()).toBe(2);
  });
});
