import './admin-upload.css';
import { useT } from '../../lib/i18n.tsx';
import { DirectUpload } from './direct-upload.tsx';
import { UploadQueue } from './upload-queue.tsx';

/** `/admin/upload` (admin issue): upload a policyholder's employee list, and process the queue. */
export default function AdminUploadPage() {
  const t = useT();
  return (
    <section className="page">
      <h1>{t('pages.upload')}</h1>
      <p className="muted">{t('admin_upload.intro')}</p>
      <DirectUpload />
      <UploadQueue />
    </section>
  );
}
