import { getLocale } from '../../lib/locale-state.ts';
import type { TErrorBody } from './upload-types.ts';

export type TSendPhase = { kind: 'uploading'; percent: number } | { kind: 'processing' };

export type TSendResult<T> = { ok: true; body: T } | { ok: false; status: number; body: Partial<TErrorBody> };

/**
 * Posts the list with XMLHttpRequest rather than fetch: only XHR reports upload progress, which a
 * large file needs. Once the bytes are sent, the server parses (and, on confirm, imports).
 */
export function sendEmployeeList<T>(
  input: { file: File; companyId: string; confirm: boolean },
  onPhase: (phase: TSendPhase) => void,
): Promise<TSendResult<T>> {
  const form = new FormData();
  form.set('file', input.file);
  form.set('companyId', input.companyId);
  if (input.confirm) form.set('confirm', 'true');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/upload-employee-list');
    xhr.setRequestHeader('Accept-Language', getLocale());
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onPhase({ kind: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.upload.onload = () => onPhase({ kind: 'processing' });
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as T & Partial<TErrorBody>;
      resolve(xhr.status >= 200 && xhr.status < 300 ? { ok: true, body } : { ok: false, status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    onPhase({ kind: 'uploading', percent: 0 });
    xhr.send(form);
  });
}
