import type { TTranslate } from '@portal/i18n';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { statsCsv } from './stats-csv.ts';
import type { TOverallStats } from './stats-figures.tsx';

/** The first characters that make a spreadsheet run a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

const t: TTranslate = (key) => key;
const read = (csv: string): string[][] =>
  parse(csv, { bom: true, delimiter: ';', relax_column_count: true, skip_empty_lines: true });

/** Statistics with two courses whose titles (and slugs) are `title(…)`. */
function statsWith(title: (text: string) => string): TOverallStats {
  const course = (slug: string, name: string, assigned: number) => ({
    slug: title(slug),
    title: title(name),
    assigned,
    started: 3,
    completed: 2,
    completedInPeriod: 1,
  });
  return {
    period: { from: '2025-01-01', to: '2025-03-31', granularity: 'month' },
    generatedAt: '2025-04-01T08:00:00.000Z',
    companies: { total: 40, registered: 5, active: 12, avvAccepted: 33, avvAcceptanceRate: 0.825 },
    employees: { total: 400, activated: 350, invited: 50 },
    trainings: { started: 120, completed: 80 },
    certificates: { personal: 70, company: 4, total: 74 },
    courses: [
      course('social-engineering', 'HYPERLINK("https://evil.example";"Social Engineering")', 30),
      course('passwords', 'Passwörter; sicher', 25),
    ],
    series: [
      { start: '2025-01-01', end: '2025-01-31', registrations: 2, started: 40, completed: 30, certificates: 28 },
    ],
  };
}

describe('statsCsv', () => {
  it('keeps its four blocks, plain numbers and the AVV rate with the reader’s decimal mark', () => {
    const csv = statsCsv(
      statsWith((text) => text),
      t,
      ',',
    );
    expect(csv.startsWith('\uFEFFadmin_stats.csv_title;01.01.2025;31.03.2025\r\n\r\n')).toBe(true);
    expect(csv).toContain('\r\nadmin_stats.csv_avv_rate;82,5 %\r\n\r\n');
    expect(csv).toContain('\r\n"HYPERLINK(""https://evil.example"";""Social Engineering"")";30;3;2;1\r\n');
    expect(csv).toContain('\r\n"Passwörter; sicher";25;3;2;1\r\n');
    expect(csv.endsWith('\r\n01.01.2025;31.01.2025;2;40;30;28\r\n')).toBe(true);
  });

  it.each(FORMULA_STARTS)('writes no cell that starts with %j when every course title starts with it', (start) => {
    const rows = read(
      statsCsv(
        statsWith((text) => `${start}${text}`),
        t,
        ',',
      ),
    );
    for (const cell of rows.flat()) expect(cell).not.toMatch(FORMULA_START);
    const titles = rows.map((row) => row[0]).filter((cell) => cell?.startsWith(`'${start}`));
    expect(titles).toEqual([
      `'${start}HYPERLINK("https://evil.example";"Social Engineering")`,
      `'${start}Passwörter; sicher`,
    ]);
  });
});
