import type { RouterOutputs } from '@portal/api';
import type { TTranslate } from '@portal/i18n';
import { spreadsheetCsv } from '@portal/validators/spreadsheet-csv';
import { formatDate } from '../../lib/format-date.ts';

export type TExport = RouterOutputs['company']['export'];

/**
 * The company export's progress as CSV: one row per assigned course and person, with status,
 * dates, minutes and best score. Names and email are what people typed; the shared writer turns
 * any formula in them into text (OWASP "CSV Injection").
 */
export function companyExportCsv(data: TExport, t: TTranslate): string {
  const header = [
    t('export.col_lastname'),
    t('export.col_firstname'),
    t('export.col_email'),
    t('export.col_role'),
    t('export.col_course'),
    t('export.col_status'),
    t('export.col_started'),
    t('export.col_completed'),
    t('export.col_minutes'),
    t('export.col_best_score'),
  ];
  const progress = new Map(data.progress.map((row) => [`${row.userId}/${row.courseSlug}`, row]));
  const rows = data.assignments.flatMap((assignment) => {
    const person = data.people.find((p) => p.id === assignment.userId);
    if (!person) return [];
    const row = progress.get(`${assignment.userId}/${assignment.courseSlug}`);
    return [
      [
        person.lastname,
        person.firstname,
        person.email,
        person.role,
        assignment.courseSlug,
        row?.status ?? 'assigned',
        row ? formatDate(row.startedAt) : '',
        row?.completedAt ? formatDate(row.completedAt) : '',
        row ? Math.round(row.workingSeconds / 60) : '',
        row?.bestScore ?? '',
      ],
    ];
  });
  return spreadsheetCsv([header, ...rows]);
}
