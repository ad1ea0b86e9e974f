import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfFonts } from './fonts.ts';
import { pdfText } from './testing/index.ts';

/** A one-line PDF in regular Plex Sans on the shared, once-parsed fonts. */
async function pdfWith(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [400, 100], margin: 10 });
  doc.registerFont('plex-sans', pdfFonts().get('plex-sans') as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('plex-sans').text(text);
  doc.end();
  return done;
}

describe('the shared PDF fonts', () => {
  it('keep every character in the text layer after other documents (a colon once cost every later period)', async () => {
    // ":" ";" and "…" are built from the period glyph; embedding them used to make that glyph first,
    // without its character, and later documents wrote "Version 1 1 0".
    expect(pdfText(await pdfWith('Kurse: abc; …'))).toContain('Kurse: abc; …');
    expect(pdfText(await pdfWith('Version 1.1.0, am 26.11.2026.'))).toContain('Version 1.1.0, am 26.11.2026.');
  });
});
