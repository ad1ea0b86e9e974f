import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** Downloads a finished course's take-away sheet ("Merkblatt") in the learner's language. */
export function TakeawayButton({
  slug,
  courseTitle,
  className = 'button button-secondary',
}: {
  slug: string;
  /** Names the course in the button's accessible name where several buttons share a page. */
  courseTitle?: string;
  className?: string;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/trainings/takeaway/${encodeURIComponent(slug)}?lang=${locale}`);
    } catch {
      toast.error(t('takeaway.download_failed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      className={className}
      onPress={download}
      isPending={downloading}
      aria-label={courseTitle ? `${t('takeaway.download')}: ${courseTitle}` : undefined}
      data-testid={`takeaway-${slug}`}
    >
      {t('takeaway.download')}
    </Button>
  );
}
