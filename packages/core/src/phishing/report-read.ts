import { type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import { findReportEvidence, type TReportEvidence } from './report-scan.ts';

/*
 * Reading a report (ADR 036, step 4). This runs in the report reader's worker thread
 * (report-reader.ts), never in a server's event loop: a stranger's MIME is slow to parse.
 */

/** What the inbox needs of a report's content; sender and automatic markers come from the raw header. */
export interface TReportReading {
  /** Subject as mailparser decodes it, for the forward to the IT contact. */
  subject: string;
  /** The simulation tokens and headers in its bodies, headers and attachments. */
  evidence: TReportEvidence;
}

/** How much MIME a report may have before it is dropped unread. */
export interface TReadLimits {
  /** MIME parts, over the report and its attached originals together. */
  maxParts: number;
  /** Nested multiparts and embedded mails, one inside the other. */
  maxDepth: number;
}

/**
 * A forward of an original with its HTML, images and attachments has a few dozen parts and a depth
 * of four or five; Microsoft's report button wraps it once more. Ten times that is still a mail.
 */
export const READ_LIMITS: TReadLimits = { maxParts: 300, maxDepth: 12 };

/** A report with more MIME than READ_LIMITS allow: dropped unread, like one mailparser cannot read. */
export class ReportTooComplexError extends Error {}

/** A forward of a forward of an attached original is deep enough; deeper nesting is read as bytes. */
const MAX_ATTACHED_MAILS_DEPTH = 3;

/** Header text kept per part while looking for its content type; more is not a content type. */
const MAX_PART_HEADER = 16 * 1024;

// Only texts are needed: no HTML made from text, no links made clickable, no images inlined.
const PARSE = { skipHtmlToText: true, skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true } as const;

/** The content type of a part's header (unfolded), and its boundary if it is a multipart. */
function partType(header: string): { type: string; boundary: string | null; encoded: boolean } {
  const unfolded = header.replace(/\r?\n[ \t]+/g, ' ');
  const contentType = /^content-type:[ \t]*([^\r\n]*)/im.exec(unfolded)?.[1] ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(contentType);
  const encoding = /^content-transfer-encoding:[ \t]*([^\s;]*)/im.exec(unfolded)?.[1]?.toLowerCase() ?? '';
  return {
    type,
    boundary: type.startsWith('multipart/') ? (boundary?.[1] ?? boundary?.[2] ?? null) : null,
    encoded: encoding === 'base64' || encoding === 'quoted-printable',
  };
}

/**
 * Counts a mail's MIME parts and nesting from its raw lines, decoding nothing, before mailparser
 * sees it: thousands of parts or a multipart in a multipart a thousand times over are refused
 * here in one pass over the bytes. Boundaries that never come, or close in the wrong order, are
 * read as mailparser does (a part ends at any open boundary). `budget` is shared with the attached
 * originals read later. Throws ReportTooComplexError.
 */
export function checkMimeShape(raw: Buffer, limits: TReadLimits, budget = { parts: 0 }): void {
  const text = raw.toString('latin1');
  const open: { delimiter: string; depth: number }[] = [];
  const count = () => {
    budget.parts += 1;
    if (budget.parts > limits.maxParts) throw new ReportTooComplexError(`more than ${limits.maxParts} MIME parts`);
  };
  const nest = (depth: number) => {
    if (depth > limits.maxDepth) throw new ReportTooComplexError(`MIME nested more than ${limits.maxDepth} deep`);
  };
  count();
  let depth = 0;
  let inHeader = true;
  let header = '';
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end).replace(/\r?\n$/, '');
    start = end;
    if (inHeader) {
      if (line !== '') {
        if (header.length < MAX_PART_HEADER) header += `${line}\n`;
        continue;
      }
      inHeader = false;
      const part = partType(header);
      header = '';
      if (part.boundary) {
        nest(depth + 1);
        open.push({ delimiter: `--${part.boundary}`, depth: depth + 1 });
      } else if (part.type === 'message/rfc822' && !part.encoded) {
        // An embedded mail in plain text: its own header block follows.
        depth += 1;
        nest(depth);
        count();
        inHeader = true;
      }
      continue;
    }
    if (!line.startsWith('--') || open.length === 0) continue;
    const trimmed = line.trimEnd();
    for (let index = open.length - 1; index >= 0; index -= 1) {
      const boundary = open[index];
      if (!boundary) continue;
      if (trimmed === boundary.delimiter) {
        open.length = index + 1;
        depth = boundary.depth;
        count();
        inHeader = true;
        break;
      }
      if (trimmed === `${boundary.delimiter}--`) {
        open.length = index;
        depth = boundary.depth - 1;
        break;
      }
    }
  }
}

/** An attached mail: Outlook and Microsoft's report button attach the original as message/rfc822 or `.eml`. */
const isMail = (file: Attachment) => file.contentType === 'message/rfc822' || /\.eml$/i.test(file.filename ?? '');

const parse = (raw: Buffer, limits: TReadLimits) =>
  // mailparser's own limit on parts stays as a second guard behind checkMimeShape.
  simpleParser(raw, { ...PARSE, maxChildNodes: limits.maxParts });

async function collect(
  mail: ParsedMail,
  texts: string[],
  depth: number,
  limits: TReadLimits,
  budget: { parts: number },
): Promise<void> {
  texts.push(mail.text ?? '', typeof mail.html === 'string' ? mail.html : '');
  for (const header of mail.headerLines) texts.push(header.line);
  for (const file of mail.attachments) {
    if (isMail(file) && depth < MAX_ATTACHED_MAILS_DEPTH) {
      // Its parts count against the same budget as the report's own.
      checkMimeShape(file.content, limits, budget);
      // A broken attachment is still read as bytes below, like any other.
      const inner = await parse(file.content, limits).catch(() => null);
      if (inner) {
        await collect(inner, texts, depth + 1, limits, budget);
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

/**
 * Reads a received report with mailparser, attached originals included, and finds the simulation
 * tokens and headers in it. Throws for a mail over `limits` or one mailparser cannot read.
 */
export async function readReportMail(
  raw: Buffer,
  linkBases: readonly string[],
  limits: TReadLimits = READ_LIMITS,
): Promise<TReportReading> {
  const budget = { parts: 0 };
  checkMimeShape(raw, limits, budget);
  const mail = await parse(raw, limits);
  // The raw text too: an original forwarded inline keeps its headers only there.
  const texts = [raw.toString('latin1')];
  await collect(mail, texts, 0, limits, budget);
  return { subject: mail.subject ?? '', evidence: findReportEvidence(texts, linkBases) };
}
