import { describe, expect, it } from 'vitest';
import { capitaliseName, MIN_UPLOAD_ROWS, parseEmployeeCsv } from './employee-csv.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** A list as a German spreadsheet exports it: BOM, `;`, CRLF, umlauts. */
function germanExport(rows: number, header = 'Vorname;Nachname;E-Mail') {
  const lines = [header];
  for (let i = 1; i <= rows; i++) lines.push(`jürgen;MÜLLER-lüdenscheidt;juergen.${i}@beispiel.de`);
  return encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

describe('parseEmployeeCsv', () => {
  it('reads a German spreadsheet export with BOM, CRLF and umlauts, capitalising names', () => {
    const result = parseEmployeeCsv(germanExport(MIN_UPLOAD_ROWS), 'Mitarbeiter.CSV');
    expect(result.problem).toBeNull();
    expect(result.valid).toBe(50);
    expect(result.rows[0]).toEqual({
      line: 2,
      firstname: 'Jürgen',
      lastname: 'Müller-Lüdenscheidt',
      email: 'juergen.1@beispiel.de',
      team: '',
      errors: [],
    });
  });

  it('reads the optional team column, with or without a header, and keeps three-column rows', () => {
    const withHeader = encode(
      [
        'Vorname;Nachname;E-Mail;Abteilung',
        ...Array.from({ length: 49 }, (_, i) => `A;B;a${i}@example.org;  Vertrieb   Nord `),
        'Ohne;Team;ohne@example.org',
        'Leer;Team;leer@example.org;',
        `Zu;Lang;lang@example.org;${'x'.repeat(61)}`,
      ].join('\n'),
    );
    const result = parseEmployeeCsv(withHeader, 'list.csv');
    expect(result.problem).toBeNull();
    expect(result.rows[0]?.team).toBe('Vertrieb Nord');
    expect(result.rows.slice(49).map((row) => [row.team, row.errors])).toEqual([
      ['', []],
      ['', []],
      ['x'.repeat(61), ['team_too_long']],
    ]);
    const noHeader = encode(Array.from({ length: 50 }, (_, i) => `Ada;Lovelace;ada${i}@example.org;IT`).join('\n'));
    expect(
      parseEmployeeCsv(noHeader, 'staff.csv').rows.every((row) => row.team === 'IT' && row.errors.length === 0),
    ).toBe(true);
    expect(parseEmployeeCsv(germanExport(50, 'First name;Last name;Email;Department'), 'staff.csv').valid).toBe(50);
  });

  it('accepts an English header and no header at all', () => {
    expect(parseEmployeeCsv(germanExport(60, 'First name;Last name;Email'), 'staff.csv').valid).toBe(60);
    const noHeader = encode(Array.from({ length: 55 }, (_, i) => `Ada;Lovelace;ada${i}@example.org`).join('\n'));
    expect(parseEmployeeCsv(noHeader, 'staff.csv')).toMatchObject({ problem: null, valid: 55 });
  });

  it('reports each bad row and keeps the rest', () => {
    const text = [
      'Vorname;Nachname;E-Mail',
      ...Array.from({ length: 50 }, (_, i) => `A;B;a${i}@example.org`),
      ';Ohne;leer@example.org',
      'Kein;Mail;keine-adresse',
      'Doppelt;Da;a1@example.org',
      'Zu;viele;x@example.org;Team;extra',
    ].join('\n');
    const result = parseEmployeeCsv(encode(text), 'list.csv');
    expect(result.problem).toBeNull();
    expect(result.valid).toBe(50);
    expect(result.rows.slice(50).map((row) => [row.line, row.errors])).toEqual([
      [52, ['missing_firstname']],
      [53, ['invalid_email']],
      [54, ['duplicate_in_file']],
      [55, ['columns']],
    ]);
  });

  it('refuses wrong files with a reason', () => {
    expect(parseEmployeeCsv(germanExport(50), 'list.xlsx').problem).toBe('file_type');
    expect(parseEmployeeCsv(encode('Vorname,Nachname,E-Mail\nA,B,a@b.de'), 'list.csv').problem).toBe('separator');
    expect(parseEmployeeCsv(new Uint8Array([0x56, 0x6f, 0x72, 0xfc, 0x3b, 0x41]), 'latin1.csv').problem).toBe(
      'encoding',
    );
    expect(parseEmployeeCsv(encode('Name;Abteilung;Telefon\nA;B;123'), 'list.csv').problem).toBe('header');
    expect(parseEmployeeCsv(germanExport(49), 'list.csv').problem).toBe('too_few_rows');
    expect(parseEmployeeCsv(encode('\r\n\r\n'), 'list.csv').problem).toBe('empty');
  });
});

describe('capitaliseName', () => {
  it('capitalises each part and lowers shouted names, keeping mixed case', () => {
    expect(capitaliseName('  anna-lena  ')).toBe('Anna-Lena');
    expect(capitaliseName('ÖZTÜRK')).toBe('Öztürk');
    expect(capitaliseName('van der berg')).toBe('Van Der Berg');
    expect(capitaliseName('McDonald')).toBe('McDonald');
  });
});
