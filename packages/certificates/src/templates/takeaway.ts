import { createTranslator, type TLocale } from '@portal/i18n';
import { COLOR, FONT, h, type TNode } from './tree.ts';

/** A4 portrait in PostScript points: the sheet is pinned up, not filed like a certificate. */
export const SHEET = { width: 595, height: 842 } as const;
const MARGIN = 48;
/** Where the course picture goes; the renderer draws the content's SVG into this box. */
export const SHEET_IMAGE_BOX = { x: SHEET.width - MARGIN - 176, y: MARGIN + 30, width: 176, height: 99 } as const;

export interface TTakeawaySheet {
  courseTitle: string;
  version: string;
  keyRules: readonly string[];
  /** The course's topic picture (an SVG from the content folder). */
  imageSvg: string;
}

/** Fewer rules get more room, so a short list still fills the page to be read from a distance. */
const ruleSize = (count: number) => (count <= 5 ? 17 : count <= 6 ? 15.5 : 14);

export function takeawayTree(sheet: TTakeawaySheet, lang: TLocale): TNode {
  const t = createTranslator(lang);
  const size = ruleSize(sheet.keyRules.length);
  const rule = (text: string, index: number) =>
    h(
      { alignItems: 'flex-start', marginBottom: size * 1.1 },
      h(
        {
          width: size * 1.9,
          height: size * 1.9,
          borderRadius: size,
          backgroundColor: COLOR.blue,
          color: '#ffffff',
          justifyContent: 'center',
          alignItems: 'center',
          flexShrink: 0,
          marginRight: 14,
          ...FONT.sansBold,
          fontSize: size,
        },
        String(index + 1),
      ),
      h({ ...FONT.sans, fontSize: size, color: COLOR.ink, lineHeight: 1.35, flexShrink: 1, marginTop: 2 }, text),
    );

  return h(
    { width: SHEET.width, height: SHEET.height, backgroundColor: '#ffffff', position: 'relative' },
    h({ position: 'absolute', left: 0, top: 0, width: SHEET.width, height: 10, backgroundColor: COLOR.blue }),
    h(
      { position: 'absolute', left: MARGIN, top: MARGIN, right: MARGIN, bottom: MARGIN, flexDirection: 'column' },
      h({ ...FONT.sansBold, fontSize: 9, color: COLOR.blue }, t('certificate.brand')),
      h(
        {
          flexDirection: 'column',
          width: SHEET_IMAGE_BOX.x - MARGIN - 20,
          // Room for the picture beside a one-line title, so the subtitle never runs under it.
          minHeight: SHEET_IMAGE_BOX.y + SHEET_IMAGE_BOX.height - MARGIN - 20,
          marginTop: 18,
        },
        h({ ...FONT.sansBold, fontSize: 12, color: COLOR.muted }, t('takeaway.title')),
        h({ ...FONT.serif, fontSize: 28, color: COLOR.ink, lineHeight: 1.15, marginTop: 4 }, sheet.courseTitle),
      ),
      h({ ...FONT.sans, fontSize: 10.5, color: COLOR.muted, marginTop: 18 }, t('takeaway.subtitle')),
      h({ width: 56, height: 3, backgroundColor: COLOR.blue, marginTop: 10, marginBottom: 26 }),
      h({ flexDirection: 'column' }, ...sheet.keyRules.map(rule)),
      h(
        {
          marginTop: 'auto',
          padding: '14px 18px',
          backgroundColor: COLOR.soft,
          borderLeft: `4px solid ${COLOR.blue}`,
          ...FONT.sansBold,
          fontSize: 12,
          color: COLOR.ink,
          lineHeight: 1.35,
        },
        t('takeaway.report_hint'),
      ),
      h(
        { ...FONT.sans, fontSize: 8, color: COLOR.muted, marginTop: 14 },
        t('takeaway.footer', { course: sheet.courseTitle, version: sheet.version }),
      ),
    ),
  );
}
