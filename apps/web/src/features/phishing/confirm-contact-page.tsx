import { Button } from 'react-aria-components';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * `/confirm-contact/{token}`: the IT contact a company named for forwarded reports confirms its
 * address (issue 37, ADR 036). Public, no sign-in: the contact usually has no account. Confirming
 * takes a press of the button, not the page load, so that mail scanners opening every link of the
 * mail confirm nothing.
 */
export default function ConfirmContactPage() {
  const t = useT();
  const { token = '' } = useParams();
  const confirm = trpc.phishing.confirmContact.useMutation();

  return (
    <section className="auth-card" aria-labelledby="confirm-contact-title">
      <h1 id="confirm-contact-title">{t('confirm_contact.title')}</h1>
      {confirm.isSuccess ? (
        <>
          <p role="status">
            {t('confirm_contact.confirmed', { email: confirm.data.email, company: confirm.data.company })}
          </p>
          <Link to="/" className="button button-secondary">
            {t('confirm_contact.to_portal')}
          </Link>
        </>
      ) : confirm.isError ? (
        <p role="alert">{errorMessage(confirm.error) ?? t('confirm_contact.invalid_link')}</p>
      ) : (
        <>
          <p>{t('confirm_contact.intro')}</p>
          <Button
            className="button button-primary"
            isDisabled={confirm.isPending}
            onPress={() => confirm.mutate({ token })}
          >
            {confirm.isPending ? t('confirm_contact.confirming') : t('confirm_contact.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
