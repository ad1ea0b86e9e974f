import type { RouterOutputs } from '@portal/api';
import { formatDay } from '@portal/validators';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';

export type TPortfolioRow = RouterOutputs['insurer']['policies']['items'][number];

/** The portfolio: one row per policy, company-level figures only (ADR 035). */
export function PortfolioTable({ rows }: { rows: TPortfolioRow[] }) {
  const { t, locale } = useI18n();
  return (
    // Focusable so keyboard users can scroll the wide table on a phone (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
    <div className="table-scroll" tabIndex={0}>
      <table className="table" aria-label={t('pages.portfolio')}>
        <thead>
          <tr>
            <th scope="col">{t('insurer.col_policy')}</th>
            <th scope="col">{t('insurer.col_company')}</th>
            <th scope="col">{t('insurer.col_avv')}</th>
            <th scope="col">{t('insurer.col_learners')}</th>
            <th scope="col">{t('insurer.col_completion')}</th>
            <th scope="col">{t('insurer.col_due')}</th>
            <th scope="col">{t('insurer.col_certificate')}</th>
            <th scope="col">{t('insurer.col_activity')}</th>
            <th scope="col">{t('insurer.col_evidence')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.companyId}>
              <th scope="row">{row.policyNumber}</th>
              <td>{row.companyName}</td>
              <td>
                {row.avvAccepted && row.avvAcceptedAt
                  ? t('insurer.avv_accepted', { date: formatDate(row.avvAcceptedAt) })
                  : t('insurer.avv_open')}
              </td>
              <td>{row.learners}</td>
              <td>
                {t('insurer.completion', {
                  percent: row.completionPercent,
                  completed: row.completedCourses,
                  assigned: row.assignedCourses,
                })}
              </td>
              <td>
                {row.due === null ? (
                  <span className="muted">{t('insurer.due_not_counted')}</span>
                ) : (
                  <>
                    {t('insurer.due_counts', { overdue: row.due.overdue, dueSoon: row.due.dueSoon })}
                    <br />
                    <span className="muted">{t('insurer.due_as_of', { date: formatDay(row.due.countedOn) })}</span>
                  </>
                )}
              </td>
              <td>
                {row.certificate.validUntil === null
                  ? t('insurer.certificate_none')
                  : t(row.certificate.state === 'valid' ? 'insurer.certificate_valid' : 'insurer.certificate_expired', {
                      date: formatDate(row.certificate.validUntil),
                    })}
              </td>
              <td>{row.lastActivityAt ? formatDate(row.lastActivityAt) : t('insurer.no_activity')}</td>
              <td>
                {/* The evidence pack for a claim (ADR 035): company level only; the server names the file. */}
                <a
                  href={`/api/insurer/evidence/${encodeURIComponent(row.companyId)}?lang=${locale}`}
                  download
                  aria-label={t('insurer.evidence_for', { company: row.companyName })}
                >
                  {t('insurer.evidence_download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
