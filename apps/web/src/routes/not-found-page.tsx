import { Link } from 'react-router';
import { useT } from '../lib/i18n.tsx';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="page narrow">
      <h1>{t('pages.not_found')}</h1>
      <p>{t('pages.not_found_text')}</p>
      <Link to="/" className="button button-primary">
        {t('app.home')}
      </Link>
    </section>
  );
}
