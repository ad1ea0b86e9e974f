import { useParams } from 'react-router';
import { LinkConfirmation } from '../../components/link-confirmation.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * `/confirm-contact/{token}`: the IT contact a company named for forwarded reports confirms its
 * address (issue 37, ADR 036). Public, no sign-in: the contact usually has no account.
 */
export default function ConfirmContactPage() {
  const t = useT();
  const { token = '' } = useParams();
  const confirm = trpc.phishing.confirmContact.useMutation();
  return (
    <LinkConfirmation
      id="confirm-contact-title"
      title={t('confirm_contact.title')}
      intro={t('confirm_contact.intro')}
      confirmLabel={t('confirm_contact.confirm')}
      pendingLabel={t('confirm_contact.confirming')}
      state={{
        isPending: confirm.isPending,
        isSuccess: confirm.isSuccess,
        error: confirm.isError ? (errorMessage(confirm.error) ?? t('confirm_contact.invalid_link')) : null,
      }}
      onConfirm={() => confirm.mutate({ token })}
      success={
        confirm.data && t('confirm_contact.confirmed', { email: confirm.data.email, company: confirm.data.company })
      }
      next={{ to: '/', label: t('confirm_contact.to_portal') }}
    />
  );
}
