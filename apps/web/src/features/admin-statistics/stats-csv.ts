import type { TTranslate } from '@portal/i18n';
import { spreadsheetCsv, type TSpreadsheetCell } from '@portal/validators/spreadsheet-csv';
import { formatDate } from '../../lib/format-date.ts';
import type { TOverallStats } from './stats-figures.tsx';

/**
 * The statistics as one CSV file in four blocks separated by an empty line: the period, the
 * figures, the courses and the series. Numbers stay plain (no thousands separator) so a
 * spreadsheet reads them as numbers; the AVV rate is a percentage with the reader's decimal mark.
 * The shared writer turns a formula in any text (a course title) into text (OWASP "CSV Injection").
 */
export function statsCsv(stats: TOverallStats, t: TTranslate, decimal: ',' | '.'): string {
  const { companies, employees, trainings, certificates } = stats;
  const rate =
    companies.avvAcceptanceRate === null
      ? ''
      : `${(Math.round(companies.avvAcceptanceRate * 1000) / 10).toString().replace('.', decimal)} %`;
  const blocks: TSpreadsheetCell[][][] = [
    [[t('admin_stats.csv_title'), formatDate(stats.period.from), formatDate(stats.period.to)]],
    [
      [t('admin_stats.csv_figure'), t('admin_stats.csv_value')],
      [t('admin_stats.registrations'), companies.registered],
      [t('admin_stats.active_companies'), companies.active],
      [t('admin_stats.trainings_started'), trainings.started],
      [t('admin_stats.trainings_completed'), trainings.completed],
      [t('admin_stats.certificates_issued'), certificates.total],
      [t('admin_stats.csv_certificates_personal'), certificates.personal],
      [t('admin_stats.csv_certificates_company'), certificates.company],
      [t('admin_stats.companies_total'), companies.total],
      [t('admin_stats.employees_total'), employees.total],
      [t('admin_stats.csv_employees_invited'), employees.invited],
      [t('admin_stats.avv_accepted'), companies.avvAccepted],
      [t('admin_stats.csv_avv_rate'), rate],
    ],
    [
      [
        t('admin_stats.col_course'),
        t('admin_stats.col_assigned'),
        t('admin_stats.col_started'),
        t('admin_stats.col_completed'),
        t('admin_stats.col_completed_in_period'),
      ],
      ...stats.courses.map((course) => [
        course.title,
        course.assigned,
        course.started,
        course.completed,
        course.completedInPeriod,
      ]),
    ],
    [
      [
        t('admin_stats.from'),
        t('admin_stats.to'),
        t('admin_stats.series_registrations'),
        t('admin_stats.series_started'),
        t('admin_stats.series_completed'),
        t('admin_stats.series_certificates'),
      ],
      ...stats.series.map((bucket) => [
        formatDate(bucket.start),
        formatDate(bucket.end),
        bucket.registrations,
        bucket.started,
        bucket.completed,
        bucket.certificates,
      ]),
    ],
  ];
  const lines = blocks.flatMap((block, index) => [...(index > 0 ? [[]] : []), ...block]);
  return spreadsheetCsv(lines);
}
