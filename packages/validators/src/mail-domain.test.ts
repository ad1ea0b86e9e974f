import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mailDomainOf, normaliseMailDomain, ZMailDomain } from './mail-domain.ts';

describe('normaliseMailDomain (issue 37: the domains a company proves)', () => {
  it('writes a domain the one way it is stored: lower case, no @ or final dot, punycode', () => {
    expect(normaliseMailDomain('  Firma.DE ')).toEqual({ domain: 'firma.de' });
    expect(normaliseMailDomain('@firma.de')).toEqual({ domain: 'firma.de' });
    expect(normaliseMailDomain('firma.de.')).toEqual({ domain: 'firma.de' });
    expect(normaliseMailDomain('mail.firma.de')).toEqual({ domain: 'mail.firma.de' });
    // Node's own IDNA conversion agrees with the URL parser's.
    expect(normaliseMailDomain('Müller-Bäckerei.de')).toEqual({ domain: domainToASCII('müller-bäckerei.de') });
    expect(normaliseMailDomain('müller.de')).toEqual({ domain: 'xn--mller-kva.de' });
    expect(normaliseMailDomain('xn--mller-kva.de')).toEqual({ domain: 'xn--mller-kva.de' });
    expect(normaliseMailDomain('beispiel.xn--p1ai')).toEqual({ domain: 'beispiel.xn--p1ai' });
  });

  it('refuses IP literals, however they are written', () => {
    for (const value of [
      '192.0.2.1',
      '127.1',
      '0x7f.0.0.1',
      '2130706433',
      '[::1]',
      '::1',
      '[2001:db8::1]',
      '1.2.3.4.',
    ]) {
      expect(normaliseMailDomain(value), value).toEqual({ problem: 'mail_domains.ip_literal' });
    }
  });

  it('refuses what is not a registrable host name', () => {
    for (const value of [
      'localhost',
      'firma',
      'firma.de/pfad',
      'user@firma.de',
      'firma.de:25',
      'http://firma.de',
      'fir ma.de',
      'firma..de',
      '-firma.de',
      'firma-.de',
      'firma_x.de',
      'firma.123',
      'ex%61mple.com',
      'firma.de?x',
      `${'a'.repeat(64)}.de`,
    ]) {
      expect(normaliseMailDomain(value), value).not.toHaveProperty('domain');
    }
    expect(normaliseMailDomain('')).toEqual({ problem: 'mail_domains.required' });
    expect(normaliseMailDomain(' @ ')).toEqual({ problem: 'mail_domains.required' });
  });

  it('refuses names longer than DNS allows', () => {
    const long = `${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.de`;
    expect(normaliseMailDomain(long)).toEqual({ problem: 'mail_domains.too_long' });
    expect(normaliseMailDomain('a'.repeat(5000))).toEqual({ problem: 'mail_domains.too_long' });
  });

  it('refuses public mail services, which no company can prove', () => {
    for (const value of ['gmail.com', 'GMX.de', 'web.de', 't-online.de', 'outlook.com', 'yahoo.com', 'icloud.com']) {
      expect(normaliseMailDomain(value), value).toEqual({ problem: 'mail_domains.webmail' });
    }
    expect(normaliseMailDomain('firma.gmail.com.example')).toEqual({ domain: 'firma.gmail.com.example' });
  });

  it('ZMailDomain carries the problem as the issue’s message', () => {
    expect(ZMailDomain.parse(' Firma.de ')).toBe('firma.de');
    const result = ZMailDomain.safeParse('gmail.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('mail_domains.webmail');
  });
});

describe('mailDomainOf', () => {
  it('gives a stored address’s domain as normaliseMailDomain writes it', () => {
    expect(mailDomainOf('anna@firma.de')).toBe('firma.de');
    expect(mailDomainOf('Anna@Firma.DE')).toBe('firma.de');
    expect(mailDomainOf('"a@b"@firma.de')).toBe('firma.de');
    expect(mailDomainOf('anna@müller.de')).toBe('xn--mller-kva.de');
    expect(mailDomainOf('anna')).toBeNull();
    expect(mailDomainOf('anna@')).toBeNull();
  });
});
