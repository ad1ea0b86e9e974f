import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/**
 * The provider's approval of the customer's phishing simulations (issue 37): approved on which day,
 * or not, whether the operator's setting asks it of this company, and the button that gives or
 * withdraws it. Withdrawn, none of the company's simulated mails go out any more.
 */
export function PhishingApprovalCard({ companyId }: { companyId: string }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const approval = trpc.admin.phishingApproval.useQuery({ companyId });
  const change = trpc.admin.setPhishingApproval.useMutation({
    onSuccess: async (fresh) => {
      utils.admin.phishingApproval.setData({ companyId }, fresh);
      await utils.admin.phishingApprovals.invalidate();
      toast.success(
        t(fresh.approvedAt ? 'policyholders.phishing_approved_done' : 'policyholders.phishing_withdrawn_done'),
      );
    },
    onError: (error) => toast.error(errorMessage(error) ?? t('app.something_went_wrong')),
  });
  const data = approval.data;
  return (
    <section className="card" aria-labelledby="phishing-approval-heading">
      <h2 id="phishing-approval-heading">{t('policyholders.phishing_approval_title')}</h2>
      {approval.isPending && <p role="status">{t('app.loading')}</p>}
      {approval.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {data && (
        <>
          <p data-testid="phishing-approval-state">
            {data.approvedAt
              ? t('policyholders.phishing_approved_on', { date: formatDate(data.approvedAt) })
              : t('policyholders.phishing_not_approved')}
          </p>
          <p className="field-description">
            {data.required && !data.approvedAt
              ? t('policyholders.phishing_blocked', { rule: t(`policyholders.phishing_rule_${data.rule}`) })
              : !data.required
                ? t('policyholders.phishing_not_needed', { rule: t(`policyholders.phishing_rule_${data.rule}`) })
                : null}
          </p>
          <Button
            className={data.approvedAt ? 'button button-danger' : 'button button-primary'}
            isPending={change.isPending}
            onPress={() => change.mutate({ companyId, approved: !data.approvedAt })}
          >
            {t(data.approvedAt ? 'policyholders.phishing_withdraw' : 'policyholders.phishing_approve')}
          </Button>
        </>
      )}
    </section>
  );
}
