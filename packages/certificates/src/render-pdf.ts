import { createTranslator, type TLocale } from '@portal/i18n';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { TCertificateDocument } from './content.ts';
import { isFontFamily, pdfFonts } from './fonts.ts';
import { certificateSvg } from './render-svg.ts';
import { PAGE, QR_BOX } from './templates/tree.ts';

/**
 * A4 landscape vector PDF: satori lays the page out as SVG, svg-to-pdfkit draws it with the
 * embedded (subsetted) IBM Plex fonts. The QR code also carries a link annotation to the
 * verification page, for readers who get the PDF on screen.
 */
export async function renderCertificatePdf(document: TCertificateDocument, lang: TLocale): Promise<Buffer> {
  const t = createTranslator(lang);
  const svg = await certificateSvg(document, lang, { textAsPaths: false });
  const title = document.content.kind === 'personal' ? t('certificate.personal_title') : t('certificate.company_title');
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    lang,
    displayTitle: true,
    info: {
      Title: `${title} ${document.code}`,
      Author: t('certificate.brand'),
      Subject: t('certificate.personal_subtitle'),
    },
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
    width: PAGE.width,
    height: PAGE.height,
    assumePt: true,
    fontCallback: (family) => {
      const name = family.replace(/['"]/g, '').trim();
      return isFontFamily(name) ? name : 'plex-sans';
    },
  });
  doc.link(QR_BOX.x, QR_BOX.y, QR_BOX.size, QR_BOX.size, document.verifyUrl);
  doc.end();
  return done;
}
