import type { TLocale } from '@portal/i18n';

export interface TRenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

/** A small grey paragraph, for the line that says why a mail came. */
export const footnote = (text: string) =>
  `<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(text)}</p>`;

export const buttonHtml = (button: { label: string; href: string }) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#0b4f8a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(button.href)}</p>`;

/** The page around a mail's body: one column, inline styles only (mail clients drop style sheets). */
export const mailPage = (lang: TLocale, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}</body></html>`;

export function layout(
  lang: TLocale,
  paragraphs: string[],
  button?: { label: string; href: string },
  after: string[] = [],
): string {
  const body = paragraphs.map(paragraph).join('');
  const action = button ? buttonHtml(button) : '';
  return mailPage(lang, `${body}${action}${after.map(paragraph).join('')}`);
}
