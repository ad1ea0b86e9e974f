import { Button } from 'react-aria-components';
import { useT } from '../../lib/i18n.tsx';

/**
 * Spec §2: the full-screen notice while actions are blocked (not on account settings or sign-in).
 * It stands in for the page, so its heading is the page's h1.
 */
export function BlockedOverlay({ isEmployer, onRead }: { isEmployer: boolean; onRead: () => void }) {
  const t = useT();
  return (
    <div className="blocked-overlay" role="alert">
      <div className="blocked-card card">
        <h1>{t('avv.is_actions_blocked')}</h1>
        <p>{isEmployer ? t('avv.blocked_employer') : t('avv.blocked_staff')}</p>
        {isEmployer && (
          <Button className="button button-primary" onPress={onRead}>
            {t('avv.read_now')}
          </Button>
        )}
      </div>
    </div>
  );
}
