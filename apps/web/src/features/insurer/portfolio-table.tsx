import type { RouterOutputs } from '@portal/api';
import { formatDay } from '@portal/validators';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';

export type TPortfolioRow = RouterOutputs['insurer']['policies']['items'][number];

/** A company's phishing simulations: the click and report shares, then what they are shares of. */
function PhishingCell({ phishing }: { phishing: TPortfolioRow['phishing'] }) {
  const { t } = useI18n();
  if (phishing === null) return <span className="muted">{t('insurer.phishing_none')}</span>;
  // Started, but no mail has gone out yet: there is nothing to take a share of.
  if (phishing.clickedPercent === null || phishing.reportedPercent === null) {
    return <span className="muted">{t('insurer.phishing_not_sent')}</span>;
  }
  const basis = t(phishing.sent === 1 ? 'insurer.phishing_basis_one' : 'insurer.phishing_basis', {
    sent: phishing.sent,
    date: phishing.lastStartedAt ? formatDate(phishing.lastStartedAt) : '–',
  });
  const shares = { clicked: phishing.clickedPercent, reported: phishing.reportedPercent };
  return (
    <>
      {/* The dot is for the eye: screen readers read it out or skip it without a pause, so they get a comma. */}
      <span aria-hidden="true">{t('insurer.phishing_rates', shares)}</span>
      <span className="visually-hidden">{t('insurer.phishing_rates_spoken', shares)}</span>
      <br />
      <span className="muted">{basis}</span>
    </>
  );
}

/** The portfolio: one row per policy, company-level figures only (ADR 035). */
export function PortfolioTable({ rows }: { rows: TPortfolioRow[] }) {
  const { t, locale } = useI18n();
  return (
    // Focusable so keyboard users can scroll the wide table on a phone (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
    <div className="table-scroll" tabIndex={0}>
      <table className="table portfolio-table" aria-label={t('pages.portfolio')}>
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
            <th scope="col">{t('insurer.col_phishing')}</th>
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
                <PhishingCell phishing={row.phishing} />
              </td>
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
