import { Link } from 'react-router';
import { useT } from '../lib/i18n.tsx';
import { useRouteHandle } from '../lib/use-page-title.ts';

/** Legal pages (contract, data protection, imprint); their texts arrive with the workspace issue. */
export default function LegalPage() {
  const t = useT();
  const { title } = useRouteHandle();
  return (
    <section className="page narrow">
      <h1>{title ? t(title) : ''}</h1>
      <p className="muted">{t('app.coming_soon')}</p>
      <p>
        <Link to="/login">{t('login.submit')}</Link>
      </p>
    </section>
  );
}
