import type { RouterOutputs } from '@portal/api';
import type { TMessageKey } from '@portal/i18n';
import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { getLocale } from '../../lib/locale-state.ts';
import { trpc } from '../../lib/trpc.ts';

/** The file's row errors, as the admins' preview reports them (one list, upload.types.ts). */
type TRowError = Exclude<RouterOutputs['uploads']['queueItem']['rows'][number]['reasons'][number], 'email_taken'>;
interface TPreview {
  problem: string | null;
  message: string | null;
  valid: number;
  invalid: number;
  rows: { line: number; firstname: string; lastname: string; email: string; errors: TRowError[] }[];
}

const MAX_SHOWN_ERRORS = 50;

async function send(file: File, options: { confirm: boolean; cc: string }) {
  const form = new FormData();
  form.set('file', file);
  if (options.confirm) form.set('confirm', 'true');
  if (options.cc) form.set('cc', options.cc);
  const response = await fetch('/api/employee/upload-employee-list', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { 'Accept-Language': getLocale() },
  });
  return { ok: response.ok, body: (await response.json().catch(() => ({}))) as TPreview & { message?: string } };
}

/** Spec §4/§5: the policyholder uploads a list of 50+ people, checks the preview, confirms. */
export function UploadCard() {
  const t = useT();
  const toast = useToast();
  const contact = trpc.auth.portalInfo.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [cc, setCc] = useState('');
  const [busy, setBusy] = useState(false);
  const supportHint = t('upload.support_hint', { email: contact.data?.contactEmail ?? '' });

  const check = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setBusy(true);
    try {
      const { ok, body } = await send(chosen, { confirm: false, cc: '' });
      if (ok) setPreview(body);
      else toast.error(body.message ?? t('app.something_went_wrong'));
    } catch {
      toast.error(t('errors.network'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const { ok, body } = await send(file, { confirm: true, cc: cc.trim() });
      if (ok) {
        toast.success(t('upload.done'));
        setFile(null);
        setPreview(null);
        setCc('');
      } else {
        toast.error(body.message ?? t('app.something_went_wrong'));
      }
    } finally {
      setBusy(false);
    }
  };

  const errorRows = preview?.rows.filter((row) => row.errors.length > 0) ?? [];
  return (
    <section className="card" aria-labelledby="upload-heading">
      <h2 id="upload-heading">{t('upload.title')}</h2>
      <p>{t('upload.intro')}</p>
      <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={(files) => files?.[0] && void check(files[0])}>
        <Button className="button button-secondary" isDisabled={busy}>
          {t('upload.choose')}
        </Button>
      </FileTrigger>
      {file && <p className="muted">{file.name}</p>}
      {busy && <p role="status">{t('upload.checking')}</p>}
      {preview?.problem && (
        <div className="notice notice-error" role="alert">
          <p>{preview.message}</p>
          <p>{supportHint}</p>
        </div>
      )}
      {preview && !preview.problem && (
        <div className="upload-preview">
          <p role="status">
            <strong>{t('upload.preview', { valid: preview.valid, invalid: preview.invalid })}</strong>
          </p>
          {errorRows.length > 0 && (
            <div className="table-scroll">
              <table className="table">
                <caption className="visually-hidden">{t('upload.row_errors')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('upload.col_line')}</th>
                    <th scope="col">{t('users.col_name')}</th>
                    <th scope="col">{t('users.col_email')}</th>
                    <th scope="col">{t('upload.col_problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {errorRows.slice(0, MAX_SHOWN_ERRORS).map((row) => (
                    <tr key={row.line}>
                      <td>{row.line}</td>
                      <td>
                        {row.firstname} {row.lastname}
                      </td>
                      <td className="cell-email">{row.email}</td>
                      <td>{row.errors.map((error) => t(`upload.err_${error}` as TMessageKey)).join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <TextInput label={t('upload.cc')} type="email" value={cc} onChange={setCc} autoComplete="email" />
          <Button className="button button-primary" isDisabled={busy} onPress={() => void confirm()}>
            {t('upload.confirm')}
          </Button>
        </div>
      )}
    </section>
  );
}
