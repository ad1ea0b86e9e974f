import type { RouterOutputs } from '@portal/api';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';

type TDetails = RouterOutputs['admin']['policyholder'];

const UPLOAD_STATUS = {
  pending: 'policyholders.upload_pending',
  imported: 'policyholders.upload_imported',
  rejected: 'policyholders.upload_rejected',
} as const;

/** The AVV acceptance record: when, which version, by whom, from which address. */
export function AvvCard({ details }: { details: TDetails }) {
  const t = useT();
  const { employer, avvRecords } = details;
  return (
    <section className="card" aria-labelledby="avv-record-heading">
      <h2 id="avv-record-heading">{t('policyholders.avv_title')}</h2>
      <p>
        {employer.avvAcceptedAt
          ? t('policyholders.avv_accepted_on', { date: formatDate(employer.avvAcceptedAt) })
          : t('policyholders.avv_not_accepted')}
      </p>
      {avvRecords.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{t('policyholders.avv_records')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('policyholders.col_version')}</th>
                <th scope="col">{t('policyholders.col_accepted_at')}</th>
                <th scope="col">{t('policyholders.col_accepted_by')}</th>
                <th scope="col">{t('policyholders.col_source_ip')}</th>
              </tr>
            </thead>
            <tbody>
              {avvRecords.map((record) => (
                <tr key={`${record.acceptedAt}-${record.contractVersion}`}>
                  <td>{record.contractVersion}</td>
                  <td>{formatDate(record.acceptedAt)}</td>
                  <td>{record.acceptedBy ?? '–'}</td>
                  <td>{record.sourceIp || '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Employee lists this company sent (the admin imports them on /admin/upload). */
export function UploadsCard({ details }: { details: TDetails }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="uploads-heading">
      <h2 id="uploads-heading">{t('policyholders.uploads_title')}</h2>
      {details.uploads.length === 0 ? (
        <p className="muted">{t('policyholders.uploads_empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('policyholders.col_file')}</th>
                <th scope="col">{t('policyholders.col_rows')}</th>
                <th scope="col">{t('policyholders.col_upload_status')}</th>
                <th scope="col">{t('policyholders.col_uploaded')}</th>
              </tr>
            </thead>
            <tbody>
              {details.uploads.map((upload) => (
                <tr key={upload.id}>
                  <td>{upload.filename}</td>
                  <td>
                    {upload.validCount} / {upload.invalidCount}
                  </td>
                  <td>{t(UPLOAD_STATUS[upload.status])}</td>
                  <td>{formatDate(upload.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
