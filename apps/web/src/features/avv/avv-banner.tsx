import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

/** The notification "Avv" (spec §2): read the new contract now, or sign out. */
export function AvvBanner({ onRead }: { onRead: () => void }) {
  const t = useT();
  return (
    <section className="notification-banner" aria-label={t('avv.notifications')}>
      <p>{t('avv.banner')}</p>
      <div className="button-row">
        <Button className="button button-primary" onPress={onRead}>
          {t('avv.read_now')}
        </Button>
        <Link to="/logout" className="button button-secondary">
          {t('avv.sign_out')}
        </Link>
      </div>
    </section>
  );
}
