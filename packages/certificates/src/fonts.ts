import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt.ts';

const require = createRequire(import.meta.url);

/**
 * IBM Plex (SIL OFL) from IBM's own npm packages: the "complete" files cover Latin Extended,
 * Greek and Cyrillic in one file, so names like Łukasz, Şahin or Grüßner need no fallback font
 * (fontsource ships per-subset files, and pdfkit cannot fall back between fonts). One family name
 * per weight, because svg-to-pdfkit only tells its font callback the family.
 */
const FILES = {
  'plex-sans': '@ibm/plex-sans/fonts/complete/woff/IBMPlexSans-Regular.woff',
  'plex-sans-semibold': '@ibm/plex-sans/fonts/complete/woff/IBMPlexSans-SemiBold.woff',
  'plex-serif-semibold': '@ibm/plex-serif/fonts/complete/woff/IBMPlexSerif-SemiBold.woff',
} as const;

export type TFontFamily = keyof typeof FILES;
export const isFontFamily = (name: string): name is TFontFamily => name in FILES;

let woff: Map<TFontFamily, Buffer> | undefined;
let parsed: Map<TFontFamily, fontkit.Font> | undefined;

/** The WOFF files for satori's layout, read once per process. */
export function certificateFonts(): Map<TFontFamily, Buffer> {
  woff ??= new Map(
    Object.entries(FILES).map(([family, file]) => [family as TFontFamily, readFileSync(require.resolve(file))]),
  );
  return woff;
}

/**
 * The same fonts parsed once for pdfkit, which accepts a fontkit font in `registerFont`. Shared
 * across documents so glyph and layout caches stay warm; each document still embeds its own
 * subset.
 */
export function pdfFonts(): Map<TFontFamily, fontkit.Font> {
  parsed ??= new Map([...certificateFonts()].map(([family, data]) => [family, parsedWithCodePoints(data)]));
  return parsed;
}

/**
 * fontkit keeps each glyph object it makes, with the characters it was first made for, and pdfkit
 * writes those characters into the PDF's text layer (ToUnicode). Embedding a subset makes the
 * parts of composite glyphs without characters: after one document with ":" or "…" (built from
 * the period), every later document on the shared font lost its "." from copy, search and screen
 * readers (fonts.test.ts). Making the glyphs of ASCII and Latin-1 once, from their code points,
 * before anything else gives each its character. Not every mapped glyph: the "ﬁ" ligature would
 * then read as U+FB01 instead of the "f" and "i" it replaces.
 */
function parsedWithCodePoints(data: Buffer): fontkit.Font {
  const font = fontkit.create(woffToSfnt(data)) as fontkit.Font;
  for (let codePoint = 0x20; codePoint <= 0xff; codePoint += 1) {
    if (codePoint < 0x7f || codePoint > 0xa0) font.glyphForCodePoint(codePoint);
  }
  return font;
}
