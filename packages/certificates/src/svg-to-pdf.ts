import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { isFontFamily, pdfFonts } from './fonts.ts';

/**
 * One page of satori's SVG as a vector PDF with the embedded (subsetted) IBM Plex fonts and real,
 * selectable text: the certificates and the take-away sheets go through here. `beforeEnd` adds
 * what the SVG cannot say (the certificate's link annotation over its QR code).
 */
export function svgToPdf(
  svg: string,
  page: { width: number; height: number; lang: string; info: PDFKit.DocumentInfo },
  beforeEnd?: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    lang: page.lang,
    displayTitle: true,
    info: page.info,
  });
  // pdfkit takes a parsed fontkit font as well as bytes (its types only admit the latter).
  for (const [family, font] of pdfFonts()) doc.registerFont(family, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width: page.width,
    height: page.height,
    assumePt: true,
    fontCallback: (family) => {
      const name = family.replace(/['"]/g, '').trim();
      return isFontFamily(name) ? name : 'plex-sans';
    },
  });
  beforeEnd?.(doc);
  doc.end();
  return done;
}
