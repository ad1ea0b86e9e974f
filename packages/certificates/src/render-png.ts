import type { TLocale } from '@portal/i18n';
import { Resvg } from '@resvg/resvg-js';
import type { TCertificateDocument } from './content.ts';
import { certificateSvg } from './render-svg.ts';

/** The preview image shown on the certificate pages (glyphs as paths, no system fonts). */
export async function renderCertificatePng(
  document: TCertificateDocument,
  lang: TLocale,
  width = 1200,
): Promise<Buffer> {
  const svg = await certificateSvg(document, lang, { textAsPaths: true });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render();
  return png.asPng();
}
