import type { TLocale } from '@portal/i18n';
import satori from 'satori';
import type { TCertificateDocument } from './content.ts';
import { certificateFonts } from './fonts.ts';
import { qrCodeSvg } from './qr.ts';
import { companyCertificateTree } from './templates/company.ts';
import { personalCertificateTree } from './templates/personal.ts';
import { PAGE, QR_BOX } from './templates/tree.ts';

type TSatoriFont = Parameters<typeof satori>[1]['fonts'][number];

/** The Plex fonts as satori wants them (the certificates and the take-away sheets). */
export function satoriFonts(): TSatoriFont[] {
  return [...certificateFonts()].map(([name, data]) => ({
    name,
    data,
    weight: name === 'plex-sans' ? 400 : 600,
    style: 'normal',
  }));
}

/**
 * satori defines an overflow mask for every box but references none of them without
 * `overflow: hidden` (which the templates do not use); svg-to-pdfkit would still parse each.
 */
function withoutUnusedMasks(svg: string): string {
  return svg.replace(/<mask id="(satori_om-[^"]*)">[\s\S]*?<\/mask>/g, (mask, id: string) =>
    svg.includes(`url(#${id})`) ? mask : '',
  );
}

/**
 * The certificate as SVG. `textAsPaths: false` keeps words as `<text>` elements, which the PDF
 * turns into real, selectable and searchable text; the PNG preview draws glyphs as paths, so
 * resvg needs no fonts.
 */
export async function certificateSvg(
  document: TCertificateDocument,
  lang: TLocale,
  options: { textAsPaths: boolean },
): Promise<string> {
  const { content } = document;
  const tree =
    content.kind === 'personal'
      ? personalCertificateTree({ ...document, content }, lang)
      : companyCertificateTree({ ...document, content }, lang);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: PAGE.width,
    height: PAGE.height,
    fonts: satoriFonts(),
    embedFont: options.textAsPaths,
  });
  return withoutUnusedMasks(svg).replace(/<\/svg>\s*$/, `${qrCodeSvg(document.verifyUrl, QR_BOX)}</svg>`);
}
