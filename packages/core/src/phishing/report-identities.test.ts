import { describe, expect, it } from 'vitest';
import { addressOfFrom, clientNetwork, envelopeIdentity, readReportHeaders } from './report-identities.ts';

const mail = (headers: string, body = 'Hallo') => Buffer.from(`${headers.replace(/\n/g, '\r\n')}\r\n\r\n${body}`);

describe('readReportHeaders', () => {
  it('reads the first From of the header block, lower-cased, folded or encoded', () => {
    expect(readReportHeaders(mail('From: Kim <Kim@Melde.example>\nSubject: x')).from).toBe('kim@melde.example');
    expect(readReportHeaders(mail('Subject: x\nfrom:\n  =?utf-8?q?K=C3=BCbra?=\n <kuebra@melde.example>')).from).toBe(
      'kuebra@melde.example',
    );
    expect(readReportHeaders(mail('From: a@one.example\nFrom: b@two.example')).from).toBe('a@one.example');
  });

  it('does not read a From out of the body or a second header block', () => {
    expect(readReportHeaders(mail('Subject: x', 'From: kim@melde.example')).from).toBeNull();
  });

  it('takes the address, not an address inside the display name or a comment', () => {
    expect(addressOfFrom('"kim@melde.example" <forger@evil.example>')).toBe('forger@evil.example');
    expect(addressOfFrom('"Kim <kim@melde.example>" <forger@evil.example>')).toBe('forger@evil.example');
    expect(addressOfFrom('forger@evil.example (kim@melde.example)')).toBe('forger@evil.example');
    expect(addressOfFrom('undisclosed-recipients:;')).toBeNull();
    expect(addressOfFrom('<>')).toBeNull();
  });

  it('knows automatic mails by their headers', () => {
    expect(readReportHeaders(mail('From: a@b.example\nAuto-Submitted: auto-replied')).automatic).toBe(true);
    expect(readReportHeaders(mail('From: a@b.example\nAuto-Submitted: no')).automatic).toBe(false);
    expect(
      readReportHeaders(
        mail('From: mailer-daemon@b.example\nContent-Type: multipart/report;\n report-type=delivery-status'),
      ).automatic,
    ).toBe(true);
    expect(readReportHeaders(mail('From: a@b.example\nContent-Type: multipart/mixed; boundary=x')).automatic).toBe(
      false,
    );
  });
});

describe('envelopeIdentity', () => {
  it('is the envelope sender, lower-cased, or the original behind an SRS rewrite', () => {
    expect(envelopeIdentity('Kim@Melde.example')).toBe('kim@melde.example');
    expect(envelopeIdentity('SRS0=HHH=TT=melde.example=kim@forwarder.example')).toBe('kim@melde.example');
    expect(envelopeIdentity('SRS1=HHH=first.example==HHH=TT=melde.example=kim@second.example')).toBe(
      'kim@melde.example',
    );
    expect(envelopeIdentity('bounces+SRS=44ldt=IX=melde.example=kim@melde.onmicrosoft.example')).toBe(
      'kim@melde.example',
    );
  });

  it('is null for the null sender of a bounce', () => {
    expect(envelopeIdentity('')).toBeNull();
    expect(envelopeIdentity(null)).toBeNull();
  });
});

describe('clientNetwork', () => {
  it('is an IPv4 address itself, mapped or not, and an IPv6 address by its /64', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('2001:db8:0:1::7')).toBe('2001:db8:0:1::/64');
    expect(clientNetwork('2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('not an address')).toBeNull();
  });
});
