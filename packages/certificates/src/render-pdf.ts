import { createTranslator, type TLocale } from '@portal/i18n';
import type { TCertificateDocument } from './content.ts';
import { certificateSvg } from './render-svg.ts';
import { svgToPdf } from './svg-to-pdf.ts';
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
  return svgToPdf(
    svg,
    {
      width: PAGE.width,
      height: PAGE.height,
      lang,
      info: {
        Title: `${title} ${document.code}`,
        Author: t('certificate.brand'),
        Subject: t('certificate.personal_subtitle'),
      },
    },
    (doc) => doc.link(QR_BOX.x, QR_BOX.y, QR_BOX.size, QR_BOX.size, document.verifyUrl),
  );
}
