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
  parsed ??= new Map(
    [...certificateFonts()].map(([family, data]) => [family, fontkit.create(woffToSfnt(data)) as fontkit.Font]),
  );
  return parsed;
}

/**
 * The same fonts parsed anew, for a document rendered once and kept (the take-away sheet). In one
 * CI run a sheet rendered by a server that had drawn other documents before lost every "." of its
 * regular-weight text (the semibold text kept them), which no fresh process reproduced: a glyph
 * fontkit caches on the shared font keeps what it was first made for. A sheet is rendered once
 * per course and language, so its own fonts cost nothing that matters (ADR 031).
 */
export function freshPdfFonts(): Map<TFontFamily, fontkit.Font> {
  return new Map(
    [...certificateFonts()].map(([family, data]) => [family, fontkit.create(woffToSfnt(data)) as fontkit.Font]),
  );
}
