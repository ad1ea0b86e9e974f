import type { TTranslate } from '@portal/i18n';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { TPreviewRow } from './upload-types.ts';

export type TRowState = 'new' | 'existing' | 'invalid' | 'created';
export type TTableRow = Omit<TPreviewRow, 'status'> & { state: TRowState };

const STATE_KEY = {
  new: 'admin_upload.status_new',
  existing: 'admin_upload.status_existing',
  invalid: 'admin_upload.status_invalid',
  created: 'admin_upload.status_created',
} as const;

/** Rendering 10,000 rows at once makes the page sluggish; the rest is one button away. */
const FIRST_ROWS = 100;

export function reasonsText(t: TTranslate, reasons: TPreviewRow['reasons']): string {
  return reasons
    .map((reason) => (reason === 'email_taken' ? t('admin_upload.reason_email_taken') : t(`upload.err_${reason}`)))
    .join(', ');
}

/** The per-row table of a preview or an import report: line, name, email, team, outcome, reason. */
export function UploadRowsTable({ rows, caption }: { rows: TTableRow[]; caption: string }) {
  const t = useT();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const filtered = onlyProblems ? rows.filter((row) => row.state === 'invalid') : rows;
  const shown = showAll ? filtered : filtered.slice(0, FIRST_ROWS);
  return (
    <div>
      <div className="table-tools">
        <CheckboxField isSelected={onlyProblems} onChange={setOnlyProblems}>
          {t('admin_upload.only_problems')}
        </CheckboxField>
        {shown.length < filtered.length && (
          <>
            <p className="muted" aria-live="polite">
              {t('admin_upload.rows_shown', { shown: shown.length, total: filtered.length })}
            </p>
            <Button className="button button-secondary button-small" onPress={() => setShowAll(true)}>
              {t('admin_upload.show_all_rows')}
            </Button>
          </>
        )}
      </div>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('upload.col_line')}</th>
              <th scope="col">{t('users.col_name')}</th>
              <th scope="col">{t('users.col_email')}</th>
              <th scope="col">{t('users.col_team')}</th>
              <th scope="col">{t('admin_upload.col_status')}</th>
              <th scope="col">{t('admin_upload.col_reason')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>
                  {row.firstname} {row.lastname}
                </td>
                <td className="cell-email">{row.email}</td>
                <td>{row.team || '–'}</td>
                <td>
                  <span className={`status row-status-${row.state}`}>{t(STATE_KEY[row.state])}</span>
                </td>
                <td>{reasonsText(t, row.reasons)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const previewRows = (rows: TPreviewRow[]): TTableRow[] =>
  rows.map(({ status, ...row }) => ({ ...row, state: status }));
