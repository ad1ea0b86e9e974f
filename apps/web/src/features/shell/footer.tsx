import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

export function Footer({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const info = trpc.auth.portalInfo.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const contact = info.data?.contactEmail;
  return (
    <footer className="footer">
      <nav aria-label={t('footer.contact')} className="footer-links">
        {signedIn && <Link to="/impressum">{t('footer.impressum')}</Link>}
        {contact && <a href={`mailto:${contact}`}>{`${t('footer.contact')}: ${contact}`}</a>}
        <Link to="/datenschutzhinweise">{t('footer.data_protection')}</Link>
        <Link to="/order-data-processing">{t('footer.order_processing')}</Link>
      </nav>
    </footer>
  );
}
