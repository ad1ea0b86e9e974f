import type { TLocale } from '@portal/i18n';
import { Resvg } from '@resvg/resvg-js';
import type { TCertificateDocument } from '../content.ts';
import { certificateSvg } from '../render-svg.ts';

/** The preview (satori's layout, glyphs as paths) as 8-bit grey pixels, to hold the PDF against. */
export async function previewGreyPixels(document: TCertificateDocument, lang: TLocale, width: number) {
  const svg = await certificateSvg(document, lang, { textAsPaths: true });
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: '#ffffff' }).render();
  const rgba = image.pixels;
  const grey = Buffer.alloc(image.width * image.height);
  for (let i = 0; i < grey.length; i += 1) {
    grey[i] = Math.round(0.299 * (rgba[i * 4] ?? 0) + 0.587 * (rgba[i * 4 + 1] ?? 0) + 0.114 * (rgba[i * 4 + 2] ?? 0));
  }
  return { width: image.width, height: image.height, grey };
}

/** Share of pixels whose grey values differ by more than a quarter of the range. */
export function differingShare(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) differing += 1;
  return differing / a.length;
}
