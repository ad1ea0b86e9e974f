import type { RouterOutputs } from '@portal/api';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';

type TRecord = RouterOutputs['certificates']['issuePersonal'];

/**
 * An issued certificate on its page: the preview image (rendered by the server from the same
 * layout as the PDF), code and dates as text, and the PDF download in the viewer's language.
 */
export function CertificateView({ record, alt }: { record: TRecord; alt: string }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const [loaded, setLoaded] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const code = encodeURIComponent(record.code);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/certificates/pdf/${code}?lang=${locale}`);
    } catch {
      toast.error(t('certificate.download_failed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card certificate" aria-labelledby="certificate-preview-heading">
      <h2 id="certificate-preview-heading" className="visually-hidden">
        {t('certificate.preview_label')}
      </h2>
      <div className="certificate-preview" aria-busy={!loaded}>
        <img
          src={`/api/certificates/preview/${code}?lang=${locale}`}
          alt={alt}
          width={842}
          height={595}
          onLoad={() => setLoaded(true)}
        />
      </div>
      <div className="certificate-facts">
        <p>
          <strong>{t('certificate.details_code', { code: record.code })}</strong>
          <br />
          {t('certificate.details_valid', {
            issued: formatDate(record.issuedAt),
            until: formatDate(record.validUntil),
          })}
        </p>
        <Button className="button button-primary" onPress={download} isPending={downloading}>
          {downloading ? t('certificate.downloading') : t('certificate.download')}
        </Button>
      </div>
    </section>
  );
}
