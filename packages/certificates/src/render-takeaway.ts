import { createTranslator, type TLocale } from '@portal/i18n';
import PDFDocument from 'pdfkit';
import satori from 'satori';
import SVGtoPDF from 'svg-to-pdfkit';
import { certificateFonts, isFontFamily, pdfFonts } from './fonts.ts';
import { SHEET, SHEET_IMAGE_BOX, type TTakeawaySheet, takeawayTree } from './templates/takeaway.ts';

/** The course picture nested at its box: the content's SVG keeps its own viewBox and scales. */
function nestedPicture(svg: string): string {
  const box = SHEET_IMAGE_BOX;
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 640 360';
  return `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="${viewBox}">${inner}</svg>`;
}

/**
 * The take-away sheet ("Merkblatt") of a course: one A4 page with the course's key rules from
 * the content files, laid out by satori and drawn into a vector PDF like the certificates
 * (ADR 015), with real text that a reader can select and search.
 */
export async function renderTakeawayPdf(sheet: TTakeawaySheet, lang: TLocale): Promise<Buffer> {
  const t = createTranslator(lang);
  const layout = await satori(takeawayTree(sheet, lang) as unknown as Parameters<typeof satori>[0], {
    width: SHEET.width,
    height: SHEET.height,
    fonts: [...certificateFonts()].map(([name, data]) => ({
      name,
      data,
      weight: name === 'plex-sans' ? 400 : 600,
      style: 'normal' as const,
    })),
    embedFont: false,
  });
  const svg = layout.replace(/<\/svg>\s*$/, `${nestedPicture(sheet.imageSvg)}</svg>`);
  const doc = new PDFDocument({
    size: [SHEET.width, SHEET.height],
    margin: 0,
    lang,
    displayTitle: true,
    info: { Title: `${t('takeaway.title')}: ${sheet.courseTitle}`, Author: t('certificate.brand') },
  });
  for (const [family, font] of pdfFonts()) doc.registerFont(family, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width: SHEET.width,
    height: SHEET.height,
    assumePt: true,
    fontCallback: (family) => {
      const name = family.replace(/['"]/g, '').trim();
      return isFontFamily(name) ? name : 'plex-sans';
    },
  });
  doc.end();
  return done;
}
