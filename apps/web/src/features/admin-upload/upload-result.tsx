import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { FigureCard } from '../dashboard/figure-card.tsx';
import { InformationMailForm } from './information-mail-form.tsx';
import { UploadRowsTable } from './upload-rows-table.tsx';
import type { TImportResult } from './upload-types.ts';

/** The admin issue's "upload result metadata" and the per-row report, then the information mail. */
export function UploadResult({
  result,
  filename,
  companyName,
  defaultCc,
  headingLevel = 2,
  focusOnMount = false,
}: {
  result: TImportResult;
  filename: string;
  companyName: string;
  defaultCc: string | null;
  headingLevel?: 2 | 3;
  /** Keyboard and screen-reader users land on the result, not on a button that is gone. */
  focusOnMount?: boolean;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const figures = [
    { label: t('admin_upload.result_existing'), value: result.existing },
    { label: t('admin_upload.result_created'), value: result.created },
    { label: t('admin_upload.result_errors'), value: result.validationErrors },
    { label: t('admin_upload.result_handled'), value: result.handled },
  ];
  return (
    <div className="upload-result">
      <Heading id="upload-result-heading" ref={headingRef} tabIndex={-1}>
        {t('admin_upload.result_heading')}
      </Heading>
      <p className="muted">{t('admin_upload.result_for', { filename, company: companyName })}</p>
      <div className="figures">
        {figures.map((figure) => (
          <FigureCard key={figure.label} label={figure.label} value={String(figure.value)} />
        ))}
      </div>
      <InformationMailForm uploadId={result.uploadId} defaultCc={defaultCc} />
      <h3>{t('admin_upload.report_heading')}</h3>
      <UploadRowsTable
        caption={t('admin_upload.report_heading')}
        rows={result.report.map(({ outcome, ...row }) => ({ ...row, state: outcome }))}
      />
    </div>
  );
}
