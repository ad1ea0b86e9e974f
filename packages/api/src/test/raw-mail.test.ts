import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeQuotedPrintable, parseRawMail } from './raw-mail.ts';

describe('raw-mail (test helper)', () => {
  it('decodes quoted-printable with soft line breaks and =3D', () => {
    expect(decodeQuotedPrintable('href=3D"http://x/recovery-password/abc=\r\ndef" M=C3=BCller')).toBe(
      'href="http://x/recovery-password/abcdef" Müller',
    );
  });

  it('decodes RFC 2047 words in Q and B encoding', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=')).toBe('Passwort zurücksetzen');
    expect(decodeEncodedWords('=?UTF-8?B?R3LDvMOfZQ==?= =?UTF-8?Q?_aus_K=C3=B6ln?=')).toBe('Grüße aus Köln');
  });

  it('finds text and HTML parts of a multipart message', () => {
    const raw = [
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=',
      'To: a@example.com',
      'Content-Type: multipart/alternative;',
      ' boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Link: http://localhost/x/abc=',
      'def',
      '----b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Hallo</p>').toString('base64'),
      '----b1--',
      '',
    ].join('\r\n');
    const mail = parseRawMail(raw);
    expect(mail.subject).toBe('Grüße');
    expect(mail.to).toBe('a@example.com');
    expect(mail.text.trim()).toBe('Link: http://localhost/x/abcdef');
    expect(mail.html.trim()).toBe('<p>Hallo</p>');
  });
});
