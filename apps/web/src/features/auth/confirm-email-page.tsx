import { Button } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * Opens the confirmation link of a registration (issue 37). Confirming takes a press of the
 * button, not the page load: mail scanners that open every link must not confirm an address for
 * its owner.
 */
export default function ConfirmEmailPage() {
  const t = useT();
  const { token = '' } = useParams();
  const utils = trpc.useUtils();
  const confirm = trpc.employee.confirmEmail.useMutation({ onSuccess: () => utils.auth.me.invalidate() });

  return (
    <section className="auth-card" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">{t('confirm_email.title')}</h1>
      {confirm.isSuccess ? (
        <>
          <p role="status">{t('confirm_email.confirmed')}</p>
          <Link to="/" className="button button-primary">
            {t('confirm_email.to_portal')}
          </Link>
        </>
      ) : confirm.isError ? (
        <>
          <p role="alert">{errorMessage(confirm.error) ?? t('confirm_email.invalid_link')}</p>
          <Link to="/login" className="button button-secondary">
            {t('confirm_email.to_login')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('confirm_email.intro')}</p>
          <Button
            className="button button-primary"
            isDisabled={confirm.isPending}
            onPress={() => confirm.mutate({ token })}
          >
            {confirm.isPending ? t('confirm_email.confirming') : t('confirm_email.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
