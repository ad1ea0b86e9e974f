import { dispatchPhishing, type TConfig } from '@portal/core';
import { and, auditLog, companies, companyMailDomains, eq, mailOutbox, transaction } from '@portal/db';
import { berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDb,
  seedEmployee,
  seedEmployer,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { startDnsServer, type TTestDnsServer } from '../test/dns-server.ts';

/*
 * Issue 37, point 2 (ADR 036, "Proven mail domains"): a company proves each mail domain with a
 * TXT record at `_portal-verification.<domain>`, looked up through the resolver `DNS_SERVERS`
 * names; here a real DNS server (dns2 on a loopback port) answers. The right value proves the
 * domain, a missing record or another value does not, a server that is down is a DNS error in the
 * caller's language, and a company's checks are limited. Simulations then reach its people on the
 * proven domain, and stop when the domain is removed. Both databases.
 */

let t: TTestDb;
let dns: TTestDnsServer;
let config: TConfig;

beforeAll(async () => {
  t = await createTestDb();
  dns = await startDnsServer({});
  config = { ...t.config, DNS_SERVERS: [dns.server] };
});
afterAll(async () => {
  await dns.close();
  await t.cleanup();
});

/** A policyholder whose company has proven nothing yet, with a session through the real context. */
async function newCompany(tag: string, options: { lang?: string } = {}) {
  const employer = await seedEmployer(t.db, {
    companyName: `${tag} GmbH`,
    email: `chefin@${tag}.example`,
    mailDomain: null,
  });
  // Approved by the provider (it has no policy number), so that starting is up to the domains.
  await transaction(t.db, (tx) =>
    tx.update(companies).set({ phishingApprovedAt: new Date() }).where(eq(companies.id, employer.companyId)),
  );
  const session = callerFor(t.db, {
    token: employer.token,
    config,
    ...(options.lang && { acceptLanguage: options.lang }),
  });
  return { employer, ...session };
}

const questionsFor = (name: string) => dns.questions.filter((q) => q.name === name && q.type === 'TXT').length;

describe('proving a mail domain by DNS', () => {
  it('adds a domain waiting for its proof, with the exact record to publish', async () => {
    const { caller } = await newCompany('anlegen');
    const added = await caller.phishing.addMailDomain({ domain: '  @Anlegen.Example. ' });
    expect(added).toMatchObject({
      domain: 'anlegen.example',
      verifiedAt: null,
      lastCheckedAt: null,
      record: { type: 'TXT', name: '_portal-verification.anlegen.example' },
    });
    expect(added.record.value).toMatch(/^portal-verification=[a-z2-7]{32}$/);
    expect(await caller.phishing.mailDomains({})).toEqual([added]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phishing.domain_added'), eq(auditLog.targetId, added.id)));
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ domain: 'anlegen.example' });
  });

  it('refuses public mail services, IP literals, bad names and a second entry, each with its message', async () => {
    const { caller, errorOf } = await newCompany('ablehnen');
    const refused = async (domain: string) => {
      const { error, shape } = await errorOf(caller.phishing.addMailDomain({ domain }));
      return `${error.code} ${shape.data.issues?.[0]?.messageKey ?? shape.data.messageKey}`;
    };
    expect(await refused('gmail.com')).toBe('BAD_REQUEST mail_domains.webmail');
    expect(await refused('GMX.de')).toBe('BAD_REQUEST mail_domains.webmail');
    expect(await refused('192.0.2.1')).toBe('BAD_REQUEST mail_domains.ip_literal');
    expect(await refused('[::1]')).toBe('BAD_REQUEST mail_domains.ip_literal');
    expect(await refused('localhost')).toBe('BAD_REQUEST mail_domains.invalid');
    expect(await refused('ablehnen.example/x')).toBe('BAD_REQUEST mail_domains.invalid');
    expect(await refused(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.de`)).toBe(
      'BAD_REQUEST mail_domains.too_long',
    );
    await caller.phishing.addMailDomain({ domain: 'ablehnen.example' });
    const twice = await errorOf(caller.phishing.addMailDomain({ domain: 'ABLEHNEN.example' }));
    expect(twice.error.code).toBe('CONFLICT');
    expect(twice.shape.message).toBe('Die Domain ablehnen.example ist bereits eingetragen.');
    const webmail = await errorOf(caller.phishing.addMailDomain({ domain: 'web.de' }));
    expect(webmail.shape.data.issues?.[0]?.message).toMatch(/^Öffentliche E-Mail-Dienste/);
  });

  it('a missing record and another value do not prove it; the right value does (split records too)', async () => {
    const { caller } = await newCompany('nachweis');
    const domain = await caller.phishing.addMailDomain({ domain: 'nachweis.example' });
    const name = domain.record.name;

    // No such name at all (NXDOMAIN).
    const missing = await caller.phishing.checkMailDomain({ id: domain.id });
    expect(missing.outcome).toBe('not_found');
    expect(missing.message).toBe(
      `Noch nicht nachgewiesen: Unter ${name} gibt es keinen TXT-Eintrag. Prüfen Sie den Namen; neue Einträge brauchen manchmal etwas Zeit.`,
    );
    expect(missing.domain.verifiedAt).toBeNull();
    expect(missing.domain.lastCheckedAt).not.toBeNull();
    // The name exists, without a TXT record; the domain's own TXT records do not count either.
    dns.set(name, { A: ['192.0.2.7'] });
    dns.set('nachweis.example', { TXT: [domain.record.value, 'v=spf1 -all'] });
    expect((await caller.phishing.checkMailDomain({ id: domain.id })).outcome).toBe('not_found');
    // Records at the name, none with the value (another company's value, a typo).
    dns.set(name, { TXT: ['portal-verification=somethingelse', `${domain.record.value}x`] });
    const other = await caller.phishing.checkMailDomain({ id: domain.id });
    expect(other.outcome).toBe('other_value');
    expect(other.message).toMatch(/einem anderen Wert/);
    expect(other.domain.verifiedAt).toBeNull();

    // The value, split into character-strings as long records are, beside another record.
    const value = domain.record.value;
    dns.set(name, { TXT: ['v=something', [value.slice(0, 10), value.slice(10)]] });
    const proven = await caller.phishing.checkMailDomain({ id: domain.id });
    expect(proven.outcome).toBe('proven');
    expect(proven.domain.verifiedAt).not.toBeNull();
    expect(await caller.phishing.mailDomains({})).toEqual([proven.domain]);
    const verified = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phishing.domain_verified'), eq(auditLog.targetId, domain.id)));
    expect(verified).toHaveLength(1);
    // Proven stays proven: no further question to the DNS server.
    const asked = questionsFor(name);
    expect(asked).toBe(4);
    expect((await caller.phishing.checkMailDomain({ id: domain.id })).outcome).toBe('proven');
    expect(questionsFor(name)).toBe(asked);
  });

  it('a DNS server that is down gives the DNS error, in the caller’s language, and proves nothing', async () => {
    const down = await startDnsServer({});
    await down.close();
    const { employer } = await newCompany('ausfall');
    const caller = callerFor(t.db, {
      token: employer.token,
      acceptLanguage: 'en',
      config: { ...config, DNS_SERVERS: [down.server] },
    }).caller;
    const domain = await caller.phishing.addMailDomain({ domain: 'ausfall.example' });
    dns.set(domain.record.name, { TXT: [domain.record.value] });
    const result = await caller.phishing.checkMailDomain({ id: domain.id });
    expect(result.outcome).toBe('dns_error');
    expect(result.message).toBe(
      `Checking ${domain.record.name} failed because the DNS server did not answer. Please try again later.`,
    );
    expect(result.domain.verifiedAt).toBeNull();
  }, 30_000);

  it('limits checks to 10 per company in 10 minutes, before any DNS question; other companies keep theirs', async () => {
    const { caller, errorOf } = await newCompany('grenze');
    const domain = await caller.phishing.addMailDomain({ domain: 'grenze.example' });
    for (let n = 0; n < 10; n += 1) {
      expect((await caller.phishing.checkMailDomain({ id: domain.id })).outcome).toBe('not_found');
    }
    const refused = await errorOf(caller.phishing.checkMailDomain({ id: domain.id }));
    expect(refused.error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.shape.message).toBe(
      'Zu viele Prüfungen in kurzer Zeit. Bitte versuchen Sie es in 10 Minuten noch einmal.',
    );
    expect(questionsFor(domain.record.name)).toBe(10);
    // Even with the record in place, the limit holds until the window is over.
    dns.set(domain.record.name, { TXT: [domain.record.value] });
    expect((await errorOf(caller.phishing.checkMailDomain({ id: domain.id }))).error.code).toBe('TOO_MANY_REQUESTS');
    expect(questionsFor(domain.record.name)).toBe(10);

    const neighbour = await newCompany('nachbar');
    const theirs = await neighbour.caller.phishing.addMailDomain({ domain: 'nachbar.example' });
    expect((await neighbour.caller.phishing.checkMailDomain({ id: theirs.id })).outcome).toBe('not_found');
  });

  it('a domain another company proved must be proven by each company itself (group companies)', async () => {
    const first = await newCompany('gruppe-eins');
    const second = await newCompany('gruppe-zwei');
    const ofFirst = await first.caller.phishing.addMailDomain({ domain: 'gruppe.example' });
    const ofSecond = await second.caller.phishing.addMailDomain({ domain: 'gruppe.example' });
    expect(ofSecond.record.name).toBe(ofFirst.record.name);
    expect(ofSecond.record.value).not.toBe(ofFirst.record.value);
    dns.set(ofFirst.record.name, { TXT: [ofFirst.record.value] });
    expect((await first.caller.phishing.checkMailDomain({ id: ofFirst.id })).outcome).toBe('proven');
    expect((await second.caller.phishing.checkMailDomain({ id: ofSecond.id })).outcome).toBe('other_value');
    // Another company's domain is not found for this one (its id answers as one that does not exist).
    expect((await second.errorOf(second.caller.phishing.checkMailDomain({ id: ofFirst.id }))).error.code).toBe(
      'NOT_FOUND',
    );
    expect((await second.errorOf(second.caller.phishing.removeMailDomain({ id: ofFirst.id }))).error.code).toBe(
      'NOT_FOUND',
    );
    dns.set(ofFirst.record.name, { TXT: [ofFirst.record.value, ofSecond.record.value] });
    expect((await second.caller.phishing.checkMailDomain({ id: ofSecond.id })).outcome).toBe('proven');
  });

  it('an unconfirmed registration cannot add a domain', async () => {
    const employer = await seedEmployer(t.db, {
      email: 'neu@unbestaetigt.example',
      confirmed: false,
      mailDomain: null,
    });
    const { caller, errorOf } = callerFor(t.db, { token: employer.token, config });
    const refused = await errorOf(caller.phishing.addMailDomain({ domain: 'unbestaetigt.example' }));
    expect(refused.shape.data.messageKey).toBe('errors.email_unconfirmed');
    expect(await caller.phishing.mailDomains({})).toEqual([]);
  });
});

describe('simulations after the proof', () => {
  it('reach people on the domain proven by DNS, not an outsider; removing it stops the mails still due', async () => {
    const { employer, caller, errorOf } = await newCompany('kampagne');
    const inside = await seedEmployee(t.db, employer.companyId, { email: 'robin@kampagne.example' });
    const invited = await seedEmployee(t.db, employer.companyId, { email: 'neu@kampagne.example', password: null });
    const outsider = await seedEmployee(t.db, employer.companyId, { email: 'jemand@aussen.example' });
    const { id } = await caller.phishing.createCampaign({
      name: 'Nachweis',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'people', ids: [inside.id, invited.id, outsider.id] },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
    });
    // Nothing proven yet: the editor says so, and the start is refused with the reasons.
    expect(await caller.phishing.campaignReach({ id })).toEqual({
      people: 3,
      reachable: 0,
      unprovenPeople: 3,
      unprovenDomains: [
        { domain: 'kampagne.example', people: 2 },
        { domain: 'aussen.example', people: 1 },
      ],
      invitationOpen: 0,
    });
    const refused = await errorOf(caller.phishing.startCampaign({ id }));
    expect(refused.error.code).toBe('BAD_REQUEST');
    expect(refused.shape.message).toBe(
      'Diese Kampagne erreicht niemanden: Simulationen gehen nur an Personen auf einer nachgewiesenen E-Mail-Domain, die ihre Einladung angenommen haben. Auf nicht nachgewiesenen Domains (kampagne.example, aussen.example): 3 Personen. Einladung noch nicht angenommen: 0 Personen. Weisen Sie die Domains unter „E-Mail-Domains“ nach.',
    );

    const domain = await caller.phishing.addMailDomain({ domain: 'kampagne.example' });
    dns.set(domain.record.name, { TXT: [domain.record.value] });
    expect((await caller.phishing.checkMailDomain({ id: domain.id })).outcome).toBe('proven');
    expect(await caller.phishing.campaignReach({ id })).toMatchObject({
      reachable: 1,
      unprovenDomains: [{ domain: 'aussen.example', people: 1 }],
      invitationOpen: 1,
    });
    expect(await caller.phishing.startCampaign({ id })).toEqual({ planned: 1 });
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    const dispatch = () =>
      dispatchPhishing(t.db, { now: later, senderDomain: 'sim.example', linkUrl: 'https://l.example' });
    await dispatch();
    const phishingMails = () =>
      t.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, employer.companyId), eq(mailOutbox.template, 'phishing')));
    expect(await phishingMails()).toEqual([{ to: 'robin@kampagne.example' }]);

    // A second campaign to the same people; the domain is removed before its mail is due.
    const next = await caller.phishing.createCampaign({
      name: 'Danach',
      templates: ['parcel-customs-fee'],
      audience: { kind: 'people', ids: [inside.id] },
      firstDay: berlinDay(new Date()),
      windowDays: 1,
    });
    expect(await caller.phishing.startCampaign({ id: next.id })).toEqual({ planned: 1 });
    expect(await caller.phishing.removeMailDomain({ id: domain.id })).toEqual({ ok: true });
    expect(
      await t.db.select().from(companyMailDomains).where(eq(companyMailDomains.companyId, employer.companyId)),
    ).toEqual([]);
    expect(await dispatch()).toMatchObject({ queued: 0, withheld: 1 });
    expect(await phishingMails()).toHaveLength(1);
  });
});
