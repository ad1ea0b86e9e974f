import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * Shown to the owner of a self-registered company until the address is confirmed (issue 37): what
 * waits for the confirmation, and a new link on request.
 */
export function ConfirmEmailBanner() {
  const t = useT();
  const toast = useToast();
  const resend = trpc.employee.resendConfirmation.useMutation({
    onSuccess: () => toast.success(t('confirm_email.resent')),
    onError: (error) => toast.error(errorMessage(error) ?? t('app.something_went_wrong')),
  });
  return (
    <section className="notification-banner" aria-label={t('confirm_email.title')}>
      <p>{t('confirm_email.pending_banner')}</p>
      <div className="button-row">
        <Button className="button button-secondary" isDisabled={resend.isPending} onPress={() => resend.mutate()}>
          {t('confirm_email.resend')}
        </Button>
      </div>
    </section>
  );
}
