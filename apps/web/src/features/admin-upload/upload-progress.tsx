import { Label, ProgressBar } from 'react-aria-components';
import { useT } from '../../lib/i18n.tsx';
import type { TSendPhase } from './send-file.ts';

/**
 * Progress of a send: the transfer in percent, then an indeterminate bar while the server checks
 * the file or runs the import (one transaction, so there is no percentage to report).
 */
export function UploadProgress({ phase, importing }: { phase: TSendPhase; importing: boolean }) {
  const t = useT();
  const processing = phase.kind === 'processing';
  const label = processing
    ? importing
      ? t('admin_upload.importing')
      : t('admin_upload.checking')
    : t('admin_upload.uploading');
  return (
    <div className="upload-progress">
      <ProgressBar
        className="course-progress"
        value={processing ? undefined : phase.percent}
        isIndeterminate={processing}
      >
        {({ percentage, valueText }) => (
          <>
            <div className="course-progress-labels">
              <Label>{label}</Label>
              {!processing && <span className="muted">{valueText}</span>}
            </div>
            <div className="course-progress-track">
              <div
                className={`course-progress-fill${processing ? ' upload-progress-indeterminate' : ''}`}
                style={processing ? undefined : { width: `${percentage ?? 0}%` }}
              />
            </div>
          </>
        )}
      </ProgressBar>
      {processing && importing && <p className="muted">{t('admin_upload.importing_hint')}</p>}
    </div>
  );
}
