import { useState } from 'react';
import { Button } from 'react-aria-components';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { QueueItemDialog } from './queue-item-dialog.tsx';
import type { TQueueEntry } from './upload-types.ts';

/** The employer upload requests waiting for the provider (employer issue), oldest first. */
export function UploadQueue() {
  const t = useT();
  const queue = trpc.uploads.queue.useQuery();
  const [open, setOpen] = useState<TQueueEntry | null>(null);

  return (
    <section className="admin-upload-section" aria-labelledby="queue-heading">
      <h2 id="queue-heading">{t('admin_upload.queue_heading')}</h2>
      <p className="muted">{t('admin_upload.queue_intro')}</p>
      {queue.isPending && <p role="status">{t('app.loading')}</p>}
      {queue.isError && (
        <div className="notice notice-error" role="alert">
          <p>{t('admin_upload.queue_failed')}</p>
          <Button className="button button-secondary" onPress={() => void queue.refetch()}>
            {t('admin_upload.retry')}
          </Button>
        </div>
      )}
      {queue.data?.length === 0 && <p className="notice">{t('admin_upload.queue_empty')}</p>}
      {queue.data && queue.data.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{t('admin_upload.queue_heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_upload.col_company')}</th>
                <th scope="col">{t('admin_upload.col_file')}</th>
                <th scope="col">{t('admin_upload.col_rows')}</th>
                <th scope="col">{t('admin_upload.col_received')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin_upload.col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {queue.data.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.companyName}</th>
                  <td>
                    {entry.filename}
                    {entry.uploadedBy && (
                      <>
                        <br />
                        <span className="muted">{t('admin_upload.queue_by', { name: entry.uploadedBy })}</span>
                      </>
                    )}
                  </td>
                  <td>{t('admin_upload.queue_rows', { valid: entry.validCount, invalid: entry.invalidCount })}</td>
                  <td>{formatDate(entry.createdAt)}</td>
                  <td className="cell-buttons">
                    <Button
                      className="button button-secondary button-small"
                      aria-label={t('admin_upload.preview_for', {
                        filename: entry.filename,
                        company: entry.companyName,
                      })}
                      onPress={() => setOpen(entry)}
                    >
                      {t('admin_upload.preview')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && <QueueItemDialog entry={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
