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
