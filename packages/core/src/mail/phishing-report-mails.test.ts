import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.ts';

describe('the report inbox’s mails', () => {
  it('thank in the reporter’s language, with the teaching page only when given', () => {
    const lesson = 'https://links.example/p/abc/lesson';
    const withLink = renderMail('en', {
      template: 'phishing_reported',
      params: { name: 'Robin', company: 'Melde <GmbH>', lesson },
    });
    expect(withLink.subject).toBe('Well spotted: that was a phishing simulation');
    expect(withLink.html).toContain('Melde &#60;GmbH&#62;');
    expect(withLink.html).toContain(`href="${lesson}"`);
    expect(withLink.text).toContain(lesson);
    const without = renderMail('de', {
      template: 'phishing_reported',
      params: { name: 'Kim', company: 'Melde GmbH', lesson: null },
    });
    expect(without.text).toContain('Gut erkannt');
    expect(without.html).not.toContain('href=');
  });

  it('forward a stranger’s subject on one line, shortened, or say there was none', () => {
    const params = {
      reporter: 'Kim Beispiel',
      email: 'kim@firma.example',
      company: 'Firma',
      file: 'reported-email.eml',
    };
    const long = renderMail('de', {
      template: 'phishing_report_forward',
      params: { ...params, subject: `Konto\r\nBcc: alle@firma.example ${'x'.repeat(200)}` },
    });
    expect(long.subject).not.toMatch(/[\r\n]/);
    expect(long.subject.startsWith('Verdächtige E-Mail gemeldet: Konto Bcc: alle@firma.example x')).toBe(true);
    expect(long.subject.endsWith('…')).toBe(true);
    const none = renderMail('en', { template: 'phishing_report_forward', params: { ...params, subject: '  ' } });
    expect(none.subject).toBe('Suspicious email reported: (no subject)');
    expect(none.text).toContain('Kim Beispiel (kim@firma.example) of Firma reported the attached email');
  });
});
