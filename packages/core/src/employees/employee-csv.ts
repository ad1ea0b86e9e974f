import { normaliseTeam, TEAM_MAX_LENGTH, ZEmail } from '@portal/validators';
import { parse } from 'csv-parse/sync';

/** Spec §5 and §9: manual uploads are for lists of 50 or more employees. */
export const MIN_UPLOAD_ROWS = 50;
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UPLOAD_ROWS = 10_000;

/** Why a whole file is refused (each has an `upload.*` message). */
export type TCsvProblem =
  | 'file_type'
  | 'too_large'
  | 'encoding'
  | 'separator'
  | 'header'
  | 'empty'
  | 'too_few_rows'
  | 'too_many_rows';
export type TRowError =
  | 'missing_firstname'
  | 'missing_lastname'
  | 'invalid_email'
  | 'duplicate_in_file'
  | 'columns'
  | 'team_too_long';

export interface TCsvRow {
  /** Line number in the file (1-based, header counted), for the per-row report. */
  line: number;
  firstname: string;
  lastname: string;
  email: string;
  /** The optional fourth column, '' when the file has none (issue 24: campaigns address teams). */
  team: string;
  errors: TRowError[];
}

export interface TParsedCsv {
  problem: TCsvProblem | null;
  rows: TCsvRow[];
  valid: number;
  invalid: number;
}

const HEADERS = {
  firstname: ['vorname', 'first name', 'firstname', 'first_name', 'given name'],
  lastname: ['nachname', 'last name', 'lastname', 'last_name', 'surname', 'family name'],
  email: ['e-mail', 'email', 'e-mail-adresse', 'email address', 'e-mail address', 'mail'],
  team: ['team', 'abteilung', 'bereich', 'department', 'group', 'gruppe'],
};

const isHeader = (cells: string[]) =>
  cells.length >= 3 &&
  HEADERS.firstname.includes(cells[0]?.toLowerCase() ?? '') &&
  HEADERS.lastname.includes(cells[1]?.toLowerCase() ?? '') &&
  HEADERS.email.includes(cells[2]?.toLowerCase() ?? '') &&
  (cells[3] === undefined || cells[3] === '' || HEADERS.team.includes(cells[3].toLowerCase()));

/**
 * DECISIONS.md: names are capitalised on import — "müller-lüdenscheidt" and "MÜLLER" become
 * "Müller-Lüdenscheidt" and "Müller"; "van der Berg" keeps its particles' first letters upper too,
 * which is what spreadsheet exports of German HR systems expect.
 */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .split(/([ -])/)
    .map((part) => {
      if (part === ' ' || part === '-' || part === '') return part;
      const rest = part.slice(1);
      const lowered = rest === rest.toUpperCase() || rest === rest.toLowerCase() ? rest.toLowerCase() : rest;
      return (part[0] ?? '').toLocaleUpperCase('de-DE') + lowered;
    })
    .join('');
}

const refuse = (problem: TCsvProblem, rows: TCsvRow[] = []): TParsedCsv => ({
  problem,
  rows,
  valid: rows.filter((row) => row.errors.length === 0).length,
  invalid: rows.filter((row) => row.errors.length > 0).length,
});

/**
 * Reads an employee list as the spec and DECISIONS.md describe it: CSV, `;`, UTF-8 (BOM
 * tolerated), no text delimiter, columns first name, last name, email, an optional header in
 * German or English. A fourth column, the team, is optional: lists of the spec's three columns
 * read as before. Whole-file problems come back as `problem`; each row carries its own errors.
 */
export function parseEmployeeCsv(bytes: Uint8Array, filename: string): TParsedCsv {
  if (!/\.csv$/i.test(filename)) return refuse('file_type');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return refuse('too_large');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('encoding');
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (firstLine === '') return refuse('empty');
  if (!firstLine.includes(';')) return refuse(/[,\t|]/.test(firstLine) ? 'separator' : 'header');

  const records = parse(text, {
    delimiter: ';',
    quote: false,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  // Trailing empty cells (a `;` at the end of the line) are no columns.
  const cells = (record: string[]) => record.filter((cell, index) => index < 3 || cell !== '');
  let start = 0;
  const first = records[0];
  if (first && isHeader(first.record.map((cell) => cell.trim()))) {
    start = 1;
  } else if (first && ZEmail.safeParse(first.record[2] ?? '').success === false) {
    // Neither a header we know nor a data row: the columns are not what we expect.
    return refuse('header');
  }
  const data = records.slice(start);
  if (data.length > MAX_UPLOAD_ROWS) return refuse('too_many_rows');

  const seen = new Set<string>();
  const rows = data.map(({ record, info }): TCsvRow => {
    const [rawFirst = '', rawLast = '', rawEmail = '', rawTeam = ''] = record;
    const errors: TRowError[] = [];
    const columns = cells(record).length;
    if (columns < 3 || columns > 4) errors.push('columns');
    const team = normaliseTeam(rawTeam);
    if (team.length > TEAM_MAX_LENGTH) errors.push('team_too_long');
    const firstname = capitaliseName(rawFirst);
    const lastname = capitaliseName(rawLast);
    if (!firstname || firstname.length > 100) errors.push('missing_firstname');
    if (!lastname || lastname.length > 100) errors.push('missing_lastname');
    const email = ZEmail.safeParse(rawEmail);
    if (!email.success) errors.push('invalid_email');
    const address = email.success ? email.data : rawEmail.trim();
    if (email.success && seen.has(address)) errors.push('duplicate_in_file');
    if (email.success) seen.add(address);
    return { line: info.lines, firstname, lastname, email: address, team, errors };
  });
  const parsed = refuse('too_few_rows', rows);
  return { ...parsed, problem: rows.length < MIN_UPLOAD_ROWS ? 'too_few_rows' : null };
}
