import { createTranslator, type TLocale } from '@portal/i18n';
import satori from 'satori';
import { satoriFonts } from './render-svg.ts';
import { svgToPdf } from './svg-to-pdf.ts';
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
    fonts: satoriFonts(),
    embedFont: false,
  });
  const svg = layout.replace(/<\/svg>\s*$/, `${nestedPicture(sheet.imageSvg)}</svg>`);
  return svgToPdf(svg, {
    width: SHEET.width,
    height: SHEET.height,
    lang,
    info: { Title: `${t('takeaway.title')}: ${sheet.courseTitle}`, Author: t('certificate.brand') },
  });
}
