import { type AddressObject, type Attachment, type ParsedMail, simpleParser } from 'mailparser';

/** A report as the inbox needs it (ADR 036, step 4). */
export interface TReportMail {
  /** The first address of `From`, lower-cased; null without one. */
  from: string | null;
  subject: string;
  /** An automatic mail (`Auto-Submitted`, a delivery report): never a person's report. */
  automatic: boolean;
  /** Every text a token or the simulation header may hide in: bodies, headers, attachments. */
  texts: string[];
}

/** A forward of a forward of an attached original is deep enough; deeper nesting is read as bytes. */
const MAX_DEPTH = 3;

// Only texts are needed: no HTML made from text, no links made clickable, no images inlined.
const PARSE = { skipHtmlToText: true, skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true } as const;

const firstAddress = (from: AddressObject | undefined) => from?.value[0]?.address?.trim().toLowerCase() || null;

/** An attached mail: Outlook and Microsoft's report button attach the original as message/rfc822 or `.eml`. */
const isMail = (file: Attachment) => file.contentType === 'message/rfc822' || /\.eml$/i.test(file.filename ?? '');

async function collect(mail: ParsedMail, texts: string[], depth: number): Promise<void> {
  texts.push(mail.text ?? '', typeof mail.html === 'string' ? mail.html : '');
  for (const header of mail.headerLines) texts.push(header.line);
  for (const file of mail.attachments) {
    if (isMail(file) && depth < MAX_DEPTH) {
      // A broken attachment is still read as bytes below, like any other.
      const inner = await simpleParser(file.content, PARSE).catch(() => null);
      if (inner) {
        await collect(inner, texts, depth + 1);
        continue;
      }
    }
    texts.push(file.content.toString('latin1'));
    // Outlook's `.msg` keeps its texts and headers in UTF-16; either byte may start them.
    if (!file.contentType.startsWith('text/')) {
      texts.push(file.content.toString('utf16le'), file.content.subarray(1).toString('utf16le'));
    }
  }
}

/** Parses a received report with mailparser, attached originals included. */
export async function readReportMail(raw: Buffer): Promise<TReportMail> {
  const mail = await simpleParser(raw, PARSE);
  // The raw text too: an original forwarded inline keeps its headers only there.
  const texts = [raw.toString('latin1')];
  await collect(mail, texts, 0);
  const autoSubmitted = String(mail.headers.get('auto-submitted') ?? 'no')
    .trim()
    .toLowerCase();
  const contentType = mail.headers.get('content-type');
  const type =
    typeof contentType === 'object' && 'value' in contentType && typeof contentType.value === 'string'
      ? contentType.value
      : '';
  return {
    from: firstAddress(mail.from),
    subject: mail.subject ?? '',
    automatic: autoSubmitted !== 'no' || type.toLowerCase() === 'multipart/report',
    texts,
  };
}
