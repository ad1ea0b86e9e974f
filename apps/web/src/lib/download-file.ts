/** Spec §9: the object URL of a saved file is revoked after 60 s. */
const REVOKE_AFTER_MS = 60_000;

/** Saves a blob under a file name (a temporary object URL and a click on a download link). */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
}

/** Fetches a file and saves it under the name the server gives (Content-Disposition). */
export async function downloadFile(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  saveBlob(await response.blob(), /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download.pdf');
}
