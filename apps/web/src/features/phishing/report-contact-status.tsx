import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

interface TContactState {
  reportContactEmail: string;
  reportContactConfirmed: boolean;
  reportContactConfirmedAt: string | null;
  reportContactLinkExpiresAt: string | null;
}

/**
 * Whether the IT contact for forwarded reports has confirmed its address (issue 37): confirmed on
 * which day, or waiting for the link mailed to it (with a new link on request). Nothing is
 * forwarded to an unconfirmed address, so the card says so.
 */
export function ReportContactStatus({ scope, settings }: { scope: TPhishingScope; settings: TContactState }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const resend = trpc.phishing.resendContactConfirmation.useMutation({
    onSuccess: async (fresh) => {
      utils.phishing.settings.setData(companyInput(scope), fresh);
      toast.success(t('campaigns.report_contact_resent', { email: fresh.reportContactEmail }));
    },
    onError: (error) => toast.error(errorMessage(error) ?? t('app.something_went_wrong')),
  });
  const email = settings.reportContactEmail;
  if (!email) return null;
  if (settings.reportContactConfirmed) {
    return (
      <p className="field-description" data-testid="report-contact-status">
        {t('campaigns.report_contact_confirmed', { when: formatDate(settings.reportContactConfirmedAt ?? ''), email })}
      </p>
    );
  }
  const until = settings.reportContactLinkExpiresAt;
  const expired = !until || Date.parse(until) <= Date.now();
  return (
    <div className="notice" data-testid="report-contact-status">
      <p>
        {expired
          ? t('campaigns.report_contact_expired', { email })
          : t('campaigns.report_contact_pending', { email, until: formatDate(until) })}
      </p>
      <Button
        className="button button-secondary"
        isPending={resend.isPending}
        onPress={() => resend.mutate(companyInput(scope))}
      >
        {t('campaigns.report_contact_resend')}
      </Button>
    </div>
  );
}
