import { useParams } from 'react-router';
import { LinkConfirmation } from '../../components/link-confirmation.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** `/confirm-email/{token}`: a self-registered policyholder confirms its address (issue 37, ADR 039). */
export default function ConfirmEmailPage() {
  const t = useT();
  const { token = '' } = useParams();
  const utils = trpc.useUtils();
  const confirm = trpc.employee.confirmEmail.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
  return (
    <LinkConfirmation
      id="confirm-email-title"
      title={t('confirm_email.title')}
      intro={t('confirm_email.intro')}
      confirmLabel={t('confirm_email.confirm')}
      pendingLabel={t('confirm_email.confirming')}
      state={{
        isPending: confirm.isPending,
        isSuccess: confirm.isSuccess,
        error: confirm.isError ? (errorMessage(confirm.error) ?? t('confirm_email.invalid_link')) : null,
      }}
      onConfirm={() => confirm.mutate({ token })}
      success={t('confirm_email.confirmed')}
      next={
        confirm.isError
          ? { to: '/login', label: t('confirm_email.to_login') }
          : { to: '/', label: t('confirm_email.to_portal') }
      }
    />
  );
}
