import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { sendEmployeeList, type TSendPhase } from './send-file.ts';
import { UploadProgress } from './upload-progress.tsx';
import { UploadResult } from './upload-result.tsx';
import { previewRows, UploadRowsTable } from './upload-rows-table.tsx';
import type { TCompanyOption, TFilePreview, TImportResult } from './upload-types.ts';

type TStep =
  | { kind: 'idle' }
  | { kind: 'sending'; phase: TSendPhase; importing: boolean }
  | { kind: 'preview'; file: File; preview: TFilePreview }
  | { kind: 'done'; result: TImportResult; filename: string; companyName: string };

/** Pick a company, upload a CSV, check the preview, confirm, read the result, inform the policyholder. */
export function DirectUpload() {
  const t = useT();
  const toast = useToast();
  const [company, setCompany] = useState<TCompanyOption | null>(null);
  const [step, setStep] = useState<TStep>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = step.kind === 'sending';

  const send = async <T,>(file: File, companyId: string, confirm: boolean) => {
    setError(null);
    try {
      const answer = await sendEmployeeList<T>({ file, companyId, confirm }, (phase) =>
        setStep({ kind: 'sending', phase, importing: confirm }),
      );
      if (answer.ok) return answer.body;
      setError(answer.body.message ?? t('app.something_went_wrong'));
    } catch {
      setError(t('errors.network'));
    }
    return null;
  };

  const check = async (file: File) => {
    if (!company) return;
    const preview = await send<TFilePreview>(file, company.id, false);
    setStep(preview ? { kind: 'preview', file, preview } : { kind: 'idle' });
  };

  const confirm = async (file: File, preview: TFilePreview) => {
    const result = await send<TImportResult>(file, preview.companyId, true);
    if (!result) {
      setStep({ kind: 'preview', file, preview });
      return;
    }
    setStep({ kind: 'done', result, filename: preview.filename, companyName: preview.companyName });
    toast.success(t('admin_upload.imported'));
  };

  const changeCompany = (next: TCompanyOption | null) => {
    if (next?.id === company?.id) return;
    setCompany(next);
    setStep({ kind: 'idle' });
    setError(null);
  };

  return (
    <section className="admin-upload-section" aria-labelledby="direct-upload-heading">
      <h2 id="direct-upload-heading">{t('admin_upload.upload_heading')}</h2>
      {step.kind === 'done' ? (
        <div>
          <UploadResult
            result={step.result}
            filename={step.filename}
            companyName={step.companyName}
            defaultCc={null}
            headingLevel={3}
            focusOnMount
          />
          <div className="button-row">
            <Button className="button button-secondary" onPress={() => setStep({ kind: 'idle' })}>
              {t('admin_upload.new_upload')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="upload-steps">
          <CompanyPicker selected={company} onSelect={changeCompany} isDisabled={busy} />
          {company && (
            <p className="muted">
              {t('admin_upload.company_selected', {
                company: company.companyName,
                email: company.ownerEmail ?? '–',
              })}
            </p>
          )}
          {company && !company.orderProcessing && (
            <p className="notice notice-error">{t('admin_upload.avv_missing')}</p>
          )}
          <p className="muted">{t('admin_upload.file_hint')}</p>
          <div>
            <FileTrigger
              acceptedFileTypes={['.csv', 'text/csv']}
              onSelect={(files) => {
                const file = files?.[0];
                if (file) void check(file);
              }}
            >
              <Button className="button button-secondary" isDisabled={!company || busy}>
                {t('admin_upload.choose_file')}
              </Button>
            </FileTrigger>
            {!company && <p className="hint">{t('admin_upload.choose_company_first')}</p>}
          </div>
        </div>
      )}

      {step.kind === 'sending' && <UploadProgress phase={step.phase} importing={step.importing} />}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {step.kind === 'preview' && (
        <FilePreview
          preview={step.preview}
          onConfirm={() => void confirm(step.file, step.preview)}
          onDiscard={() => setStep({ kind: 'idle' })}
        />
      )}
    </section>
  );
}

function FilePreview({
  preview,
  onConfirm,
  onDiscard,
}: {
  preview: TFilePreview;
  onConfirm: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  const { summary } = preview;
  return (
    <section className="upload-preview" aria-labelledby="file-preview-heading">
      <h3 id="file-preview-heading">{t('admin_upload.preview_heading')}</h3>
      <p className="muted">{t('admin_upload.file_selected', { name: preview.filename })}</p>
      {preview.problem ? (
        <p className="notice notice-error" role="alert">
          {preview.message}
        </p>
      ) : (
        <>
          <p role="status">
            <strong>
              {t('admin_upload.summary', {
                handled: summary.handled,
                toCreate: summary.toCreate,
                existing: summary.existing,
                invalid: summary.validationErrors,
              })}
            </strong>
          </p>
          {!preview.orderProcessing && <p className="notice notice-error">{t('admin_upload.avv_missing')}</p>}
          <UploadRowsTable caption={t('admin_upload.preview_heading')} rows={previewRows(preview.rows)} />
          <p>
            {summary.toCreate > 0
              ? t('admin_upload.confirm_hint', { count: summary.toCreate })
              : t('admin_upload.nothing_to_create')}
          </p>
        </>
      )}
      <div className="button-row">
        <Button className="button button-secondary" onPress={onDiscard}>
          {t('admin_upload.discard')}
        </Button>
        {!preview.problem && (
          <Button className="button button-primary" isDisabled={!preview.orderProcessing} onPress={onConfirm}>
            {t('admin_upload.confirm')}
          </Button>
        )}
      </div>
    </section>
  );
}
