import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Reads PDFs the way a recipient's viewer does: with poppler from Debian (`poppler-utils`), not
 * with the library that wrote them. For tests only.
 */
function withFile<T>(pdf: Buffer, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  try {
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text as `pdftotext` extracts it; `layout` keeps columns apart. */
export const pdfText = (pdf: Buffer, options: { layout?: boolean } = {}) =>
  withFile(pdf, (file) =>
    execFileSync('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    }),
  );

/** `pdfinfo` as key/value pairs (Pages, Page size, Title, …). */
export const pdfInfo = (pdf: Buffer) =>
  withFile(pdf, (file) => {
    const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Object.fromEntries(
      out
        .split('\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
    );
  });

/** Font names with their embedded flag, from `pdffonts`. */
export const pdfFontList = (pdf: Buffer) =>
  withFile(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const parts = line.trim().split(/\s+/);
        return { name: parts[0] ?? '', embedded: parts.at(-5) === 'yes' };
      }),
  );

export interface TWordBox {
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box in points (origin top left), from `pdftotext -bbox`. */
export const pdfWordBoxes = (pdf: Buffer): TWordBox[] =>
  withFile(pdf, (file) => {
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const words = html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    );
    const decodeEntities = (text: string) =>
      text
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"');
    return [...words].map((match) => ({
      word: decodeEntities(match[5] ?? ''),
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
    }));
  });

/** The page rendered by `pdftoppm` as PNG bytes (to compare with the preview, or to look at). */
export const pdfToPng = (pdf: Buffer, dpi = 72) =>
  withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', file, join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  });

/** The page as 8-bit grey pixels at `width`×`height` (pdftoppm's PGM output, parsed). */
export const pdfGreyPixels = (pdf: Buffer, width: number, height: number) =>
  withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [
      '-gray',
      '-singlefile',
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      String(height),
      file,
      join(dir, 'page'),
    ]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('pdftoppm did not write a PGM');
    return pgm.subarray(header[0].length);
  });
