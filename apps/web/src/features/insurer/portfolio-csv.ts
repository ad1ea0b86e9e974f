import type { TTranslate } from '@portal/i18n';
import { formatDay } from '@portal/validators';
import { spreadsheetCsv } from '@portal/validators/spreadsheet-csv';
import { formatDate } from '../../lib/format-date.ts';
import type { TPortfolioRow } from './portfolio-table.tsx';

/**
 * The portfolio as a CSV file: one row per policy with the columns of the page, figures as plain
 * numbers and dates as the page writes them. Company names are typed by customers, so the shared
 * writer turns a cell that would run as a formula into text (OWASP "CSV Injection").
 */
export function portfolioCsv(rows: readonly TPortfolioRow[], t: TTranslate): string {
  const date = (value: string | null) => (value ? formatDate(value) : '');
  return spreadsheetCsv([
    [
      t('insurer.col_policy'),
      t('insurer.col_company'),
      t('insurer.col_avv'),
      t('insurer.csv_avv_date'),
      t('insurer.col_learners'),
      t('insurer.csv_assigned'),
      t('insurer.csv_completed'),
      t('insurer.csv_completion_percent'),
      t('insurer.csv_overdue'),
      t('insurer.csv_due_soon'),
      t('insurer.csv_counted_on'),
      t('insurer.col_certificate'),
      t('insurer.csv_valid_until'),
      t('insurer.col_activity'),
      t('insurer.csv_phishing_sent'),
      t('insurer.csv_phishing_clicked'),
      t('insurer.csv_phishing_clicked_percent'),
      t('insurer.csv_phishing_sign_in_sent'),
      t('insurer.csv_phishing_submitted'),
      t('insurer.csv_phishing_submitted_percent'),
      t('insurer.csv_phishing_reported'),
      t('insurer.csv_phishing_reported_percent'),
      t('insurer.csv_phishing_last_started'),
    ],
    ...rows.map((row) => [
      row.policyNumber,
      row.companyName,
      row.avvAccepted ? t('insurer.csv_yes') : t('insurer.csv_no'),
      date(row.avvAcceptedAt),
      row.learners,
      row.assignedCourses,
      row.completedCourses,
      row.completionPercent,
      // Empty, not 0, before the first count: nobody has counted them yet.
      row.due?.overdue ?? '',
      row.due?.dueSoon ?? '',
      row.due ? formatDay(row.due.countedOn) : '',
      t(`insurer.certificate_state_${row.certificate.state}`),
      date(row.certificate.validUntil),
      date(row.lastActivityAt),
      // Empty, not 0, without a simulation (and shares before any mail went out): there is no rate.
      row.phishing?.sent ?? '',
      row.phishing?.clicked ?? '',
      row.phishing?.clickedPercent ?? '',
      // Only mails of templates with a sign-in page can be "submitted": their number is its base,
      // and the share is empty where there was none (issue 37.7).
      row.phishing?.signInSent ?? '',
      row.phishing?.submitted ?? '',
      row.phishing?.submittedPercent ?? '',
      row.phishing?.reported ?? '',
      row.phishing?.reportedPercent ?? '',
      date(row.phishing?.lastStartedAt ?? null),
    ]),
  ]);
}
