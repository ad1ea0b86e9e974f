// The browser build of csv-stringify: `csv-stringify/sync` (lib/) reads Node's global `Buffer` when
// it loads, which a Vite bundle does not provide; this build carries its own and runs in Node too.
import { stringify } from 'csv-stringify/browser/esm/sync';

/** One cell: text, a number (written as a plain number), or empty. */
export type TSpreadsheetCell = string | number | null | undefined;

/**
 * The one CSV writer for every export (browser and server), in the shape German spreadsheets
 * expect: `;` between cells, a UTF-8 BOM, CRLF line ends, quotes only where a cell needs them
 * (`;`, `"` or a line break inside). An empty row is an empty line.
 *
 * OWASP "CSV Injection": a text cell that begins with `=`, `+`, `-`, `@`, tab or carriage return
 * would run as a formula when the file is opened (`=HYPERLINK(…)` as a last name). Such cells get
 * a leading `'` so the spreadsheet shows them as text. csv-stringify's `escape_formulas` does this
 * after casting and before quoting, also for the full-width `＝＋－＠` that Apple Numbers turns
 * into formulas; numbers stay untouched (a negative number is a number, not text). ASVS 5.0
 * V1.2.10 also names a leading NUL, which escape_formulas leaves alone: the cast adds it.
 */
export function spreadsheetCsv(rows: readonly (readonly TSpreadsheetCell[])[]): string {
  return stringify(rows as TSpreadsheetCell[][], {
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    // Given a record_delimiter, csv-stringify would quote only cells holding `\r\n`; a lone `\n`
    // or `\r` must be quoted too, or a reader splits the row there.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { string: (value) => (value.startsWith('\0') ? `'${value}` : value) },
  });
}
