import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.ts';

const link = 'http://localhost:3000/recovery-password/abc<def>';

describe('renderMail', () => {
  it('puts every paragraph inside the HTML document and escapes the link', () => {
    const mail = renderMail('de', { template: 'reset', params: { name: 'Eva <Admin>', link } });
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.html.trim().endsWith('</body></html>')).toBe(true);
    expect(mail.html).toContain('Eva &#60;Admin&#62;');
    expect(mail.html).not.toContain('<def>');
    expect(mail.html).toContain('Wenn Sie das nicht angefordert haben');
    expect(mail.text).toContain(link);
  });

  it('writes English for English recipients', () => {
    const mail = renderMail('en', { template: 'first_login', params: { name: 'Ann Lee', link, days: 14 } });
    expect(mail.subject).toBe('Your access to the e-learning portal');
    expect(mail.text).toContain('valid for 14 days');
    expect(mail.html).toContain('lang="en"');
    expect(mail.html.trim().endsWith('</body></html>')).toBe(true);
  });
});

describe('the information mail after an import (upload_processed)', () => {
  const params = {
    name: 'Erika Mustermann',
    company: 'Weiß & Söhne',
    filename: 'liste<1>.csv',
    created: 58,
    existing: 1,
    invalid: 2,
    handled: 61,
    link: 'http://localhost:3000/users',
    days: 14,
    errorRows: [
      { line: 11, email: 'keine-mail', reasons: ['invalid_email' as const] },
      { line: 40, email: 'fremd@andere.example', reasons: ['email_taken' as const] },
    ],
    moreErrors: 3,
  };

  it('gives the counts, the rows that were not imported and the link to the staff list', () => {
    const mail = renderMail('de', { template: 'upload_processed', params });
    expect(mail.subject).toBe('Ihre Mitarbeiterliste für Weiß & Söhne wurde verarbeitet');
    expect(mail.text).toContain(
      '61 Zeilen, davon 58 Personen neu angelegt und eingeladen, 1 bereits vorhanden und 2 Zeilen',
    );
    expect(mail.text).toContain('Zeile 11: keine-mail – E-Mail ungültig');
    expect(mail.text).toContain('Zeile 40: fremd@andere.example – E-Mail-Adresse ist im Portal bereits vergeben');
    expect(mail.text).toContain('… und 3 weitere Zeilen mit Fehlern.');
    expect(mail.text).toContain('14 Tage gültig');
    expect(mail.html).toContain('liste&#60;1&#62;.csv');
    expect(mail.html).toContain('href="http://localhost:3000/users"');
  });

  it('writes English for English policyholders and leaves the error list out when there is none', () => {
    const mail = renderMail('en', {
      template: 'upload_processed',
      params: { ...params, errorRows: [], moreErrors: 0 },
    });
    expect(mail.subject).toBe('Your employee list for Weiß & Söhne has been processed');
    expect(mail.text).toContain('58 people were created and invited');
    expect(mail.text).not.toContain('These rows were not imported');
  });
});
