import { fillPhishingText, type TPhishingText, type TPhishingValues } from '@portal/content';
import QRCode from 'qrcode';
import { escapeHtml, mailPage } from '../mail/layout.ts';
import { SIMULATION_HEADER } from './simulation-header.ts';

// Defined apart, so the report reader's worker can use it without loading the content (report-scan.ts).
export { SIMULATION_HEADER };
export const QR_CID = 'qr@portal.simulation';

export interface TPhishingMail {
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** The QR code as an inline image, when the template has one. */
  qrPng: Buffer | null;
}

const lines = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

/** A display name as a quoted mail header phrase: quotes and backslashes cannot break out of it. */
const quotedName = (name: string) => `"${name.replace(/["\\\r\n]/g, '')}"`;

/**
 * Draws a template as the mail a recipient gets: an ordinary business mail, no portal branding.
 * Every link, button, attachment and QR code leads to `link`, the recipient's tracking link. An
 * open pixel is added only when the campaign tracks opens (off by default).
 */
export async function renderPhishingMail(input: {
  text: TPhishingText;
  values: TPhishingValues;
  lang: 'de' | 'en';
  senderDomain: string;
  link: string;
  openPixel: string | null;
  campaignId: string;
}): Promise<TPhishingMail> {
  const text = fillPhishingText(input.text, input.values);
  const href = escapeHtml(input.link);
  const html: string[] = [];
  const plain: string[] = [];
  let qrPng: Buffer | null = null;
  for (const part of text.parts) {
    switch (part.role) {
      case 'paragraph':
        html.push(`<p style="margin:0 0 16px">${lines(part.text)}</p>`);
        plain.push(part.text);
        break;
      case 'signature':
        html.push(`<p style="margin:24px 0 16px;color:#444">${lines(part.text)}</p>`);
        plain.push(part.text);
        break;
      case 'link':
        html.push(`<p style="margin:0 0 16px"><a href="${href}" style="color:#0b57d0">${lines(part.text)}</a></p>`);
        plain.push(`${part.text}: ${input.link}`);
        break;
      case 'button':
        html.push(
          `<p style="margin:24px 0"><a href="${href}" style="background:#0b57d0;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${lines(part.text)}</a></p>`,
        );
        plain.push(`${part.text}: ${input.link}`);
        break;
      case 'attachment':
        html.push(
          `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;border:1px solid #c9ced6;border-radius:4px;padding:8px 12px;color:#1a1a1a;text-decoration:none">&#128206; ${lines(part.text)}</a></p>`,
        );
        plain.push(`${part.text}: ${input.link}`);
        break;
      case 'qr-code':
        qrPng ??= await QRCode.toBuffer(input.link, { type: 'png', margin: 2, width: 200 });
        html.push(
          `<p style="margin:0 0 16px"><img src="cid:${QR_CID}" width="200" height="200" alt=""><br>${lines(part.text)}</p>`,
        );
        plain.push(part.text);
        break;
    }
  }
  const pixel = input.openPixel
    ? `<img src="${escapeHtml(input.openPixel)}" width="1" height="1" alt="" style="display:block;border:0">`
    : '';
  return {
    from: `${quotedName(text.from.name)} <${text.from.localPart}@${input.senderDomain}>`,
    subject: text.subject.text,
    html: mailPage(input.lang, `${html.join('')}${pixel}`),
    text: `${plain.join('\n\n')}\n`,
    headers: { [SIMULATION_HEADER]: input.campaignId },
    qrPng,
  };
}
