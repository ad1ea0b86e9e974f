import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { UploadProgress } from './upload-progress.tsx';
import { UploadResult } from './upload-result.tsx';
import { previewRows, UploadRowsTable } from './upload-rows-table.tsx';
import type { TImportResult, TQueueEntry } from './upload-types.ts';

/** Preview of one queued list, then import ("Yes, upload finally") or rejection, then the result. */
export function QueueItemDialog({ entry, onClose }: { entry: TQueueEntry; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const item = trpc.uploads.queueItem.useQuery({ id: entry.id }, { retry: false, staleTime: 0 });
  const importList = trpc.uploads.importFromQueue.useMutation();
  const reject = trpc.uploads.reject.useMutation();
  const [result, setResult] = useState<TImportResult | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const title = t('admin_upload.preview_for', { filename: entry.filename, company: entry.companyName });

  const close = () => {
    void utils.uploads.queue.invalidate();
    onClose();
  };
  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('admin_upload.import_failed'));

  const runImport = async () => {
    try {
      setResult(await importList.mutateAsync({ id: entry.id }));
      toast.success(t('admin_upload.imported'));
    } catch (error) {
      fail(error);
    }
  };
  const runReject = async () => {
    try {
      await reject.mutateAsync({ id: entry.id });
      toast.success(t('admin_upload.rejected'));
      close();
    } catch (error) {
      fail(error);
    }
  };

  const footer = result ? (
    <Button className="button button-primary" onPress={close}>
      {t('app.close')}
    </Button>
  ) : rejecting ? (
    <>
      <Button className="button button-secondary" onPress={() => setRejecting(false)}>
        {t('app.cancel')}
      </Button>
      <Button className="button button-danger" isDisabled={reject.isPending} onPress={() => void runReject()}>
        {t('admin_upload.reject')}
      </Button>
    </>
  ) : (
    <>
      <Button className="button button-secondary" onPress={close}>
        {t('app.cancel')}
      </Button>
      <Button
        className="button button-danger"
        isDisabled={!item.data || importList.isPending}
        onPress={() => setRejecting(true)}
      >
        {t('admin_upload.reject')}
      </Button>
      <Button
        className="button button-primary"
        isDisabled={!item.data || importList.isPending}
        onPress={() => void runImport()}
      >
        {t('admin_upload.confirm')}
      </Button>
    </>
  );

  return (
    <Modal
      isOpen
      onClose={close}
      header={rejecting ? t('admin_upload.reject_title') : title}
      size="large"
      footer={footer}
    >
      {result ? (
        <UploadResult
          result={result}
          filename={entry.filename}
          companyName={entry.companyName}
          defaultCc={entry.cc}
          headingLevel={3}
        />
      ) : rejecting ? (
        <p>{t('admin_upload.reject_text', { filename: entry.filename, company: entry.companyName })}</p>
      ) : (
        <>
          {item.isPending && <p role="status">{t('app.loading')}</p>}
          {item.isError && (
            <p className="notice notice-error" role="alert">
              {errorMessage(item.error) ?? t('admin_upload.preview_failed')}
            </p>
          )}
          {item.data && (
            <>
              <p role="status">
                <strong>
                  {t('admin_upload.summary', {
                    handled: item.data.summary.handled,
                    toCreate: item.data.summary.toCreate,
                    existing: item.data.summary.existing,
                    invalid: item.data.summary.validationErrors,
                  })}
                </strong>
              </p>
              <UploadRowsTable caption={title} rows={previewRows(item.data.rows)} />
              <p>
                {item.data.summary.toCreate > 0
                  ? t('admin_upload.confirm_hint', { count: item.data.summary.toCreate })
                  : t('admin_upload.nothing_to_create')}
              </p>
            </>
          )}
          {importList.isPending && <UploadProgress phase={{ kind: 'processing' }} importing />}
        </>
      )}
    </Modal>
  );
}
