import { useState } from 'react';
import { Button } from 'react-aria-components';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { TextInput } from '../../components/form-fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { inputIssues } from '../../lib/input-issues.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';
import { ReportContactStatus } from './report-contact-status.tsx';

const RETENTION_CHOICES = [3, 6, 12, 18, 24, 36];

/**
 * The company's phishing settings (ADR 036): the kill switch that stops all sending at once, the
 * named evaluation (off by default, works council mode; switching it on asks first and is
 * recorded), how long results are kept, and where reports of real phishing mails go.
 */
export function PhishingSettingsCard({ scope }: { scope: TPhishingScope }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const settings = trpc.phishing.settings.useQuery(companyInput(scope));
  const update = trpc.phishing.updateSettings.useMutation();
  const stopSending = trpc.phishing.stopSending.useMutation();
  const allowSending = trpc.phishing.allowSending.useMutation();
  const [confirming, setConfirming] = useState<'stop' | 'names' | null>(null);
  const data = settings.data;

  const afterChange = async (message: string) => {
    await Promise.all([utils.phishing.settings.invalidate(), utils.phishing.campaign.invalidate()]);
    toast.success(message);
  };
  const fail = (error: unknown) => toast.error(errorMessage(error) ?? t('app.something_went_wrong'));

  const setNames = async (namesVisible: boolean) => {
    try {
      await update.mutateAsync({ ...companyInput(scope), namesVisible });
      setConfirming(null);
      await afterChange(t('campaigns.settings_saved'));
    } catch (error) {
      fail(error);
    }
  };
  const switchSending = async (stop: boolean) => {
    try {
      await (stop ? stopSending : allowSending).mutateAsync(companyInput(scope));
      setConfirming(null);
      await afterChange(t(stop ? 'campaigns.sending_stopped_done' : 'campaigns.sending_allowed_done'));
    } catch (error) {
      fail(error);
    }
  };
  return (
    <section className="card phishing-settings" aria-labelledby="phishing-settings-heading">
      <h2 id="phishing-settings-heading">{t('campaigns.settings_heading')}</h2>
      {settings.isPending && <p role="status">{t('app.loading')}</p>}
      {settings.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {data && (
        <>
          <div className={data.sendingStoppedAt ? 'notice notice-error' : 'notice'}>
            <p>
              {data.sendingStoppedAt
                ? t('campaigns.sending_stopped_since', {
                    when: formatDate(data.sendingStoppedAt),
                    name: data.sendingStoppedByName ?? '',
                  })
                : t('campaigns.sending_active')}
            </p>
            {data.sendingStoppedAt ? (
              <Button
                className="button button-secondary"
                isPending={allowSending.isPending}
                onPress={() => void switchSending(false)}
              >
                {t('campaigns.allow_sending')}
              </Button>
            ) : (
              <Button className="button button-danger" onPress={() => setConfirming('stop')}>
                {t('campaigns.stop_sending')}
              </Button>
            )}
          </div>
          <div className="phishing-setting">
            <CheckboxField
              isSelected={data.namesVisible}
              isDisabled={update.isPending}
              onChange={(on) => (on ? setConfirming('names') : void setNames(false))}
            >
              {t('campaigns.names_visible')}
            </CheckboxField>
            <p className="field-description">{t('campaigns.names_visible_hint')}</p>
            {data.namesVisible && data.namesVisibleAt && (
              <p className="field-description">
                {t('campaigns.names_on_since', {
                  when: formatDate(data.namesVisibleAt),
                  name: data.namesVisibleByName ?? '',
                })}
              </p>
            )}
          </div>
          <RetentionAndContactForm
            // Starts again from what is stored whenever that changes (after a save, or another admin's).
            key={`${data.retentionMonths}/${data.reportContactEmail}`}
            retentionMonths={data.retentionMonths}
            reportContactEmail={data.reportContactEmail}
            isPending={update.isPending}
            save={(patch) => update.mutateAsync({ ...companyInput(scope), ...patch })}
            onSaved={() => afterChange(t('campaigns.settings_saved'))}
            onFailed={fail}
          />
          <ReportContactStatus scope={scope} settings={data} />
        </>
      )}
      <ConfirmDialog
        isOpen={confirming === 'stop'}
        title={t('campaigns.stop_sending_title')}
        text={t('campaigns.stop_sending_text')}
        confirmLabel={t('campaigns.stop_sending')}
        danger
        isPending={stopSending.isPending}
        onConfirm={() => void switchSending(true)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        isOpen={confirming === 'names'}
        title={t('campaigns.names_on_title')}
        text={t('campaigns.names_on_text')}
        confirmLabel={t('campaigns.names_on')}
        isPending={update.isPending}
        onConfirm={() => void setNames(true)}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

/** How long results are kept, and where forwarded reports go: saved together. */
function RetentionAndContactForm({
  retentionMonths,
  reportContactEmail,
  isPending,
  save,
  onSaved,
  onFailed,
}: {
  retentionMonths: number;
  reportContactEmail: string;
  isPending: boolean;
  save: (patch: { retentionMonths: number; reportContactEmail: string }) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onFailed: (error: unknown) => void;
}) {
  const t = useT();
  const [retention, setRetention] = useState(String(retentionMonths));
  const [contact, setContact] = useState(reportContactEmail);
  const [contactError, setContactError] = useState<string | undefined>();

  const submit = async () => {
    setContactError(undefined);
    try {
      await save({ retentionMonths: Number(retention), reportContactEmail: contact.trim() });
      await onSaved();
    } catch (error) {
      const issue = inputIssues(error).find((entry) => entry.path === 'reportContactEmail');
      if (issue) setContactError(issue.message);
      else onFailed(error);
    }
  };

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FilterSelect
        label={t('campaigns.retention')}
        value={retention}
        options={RETENTION_CHOICES.map((months) => ({
          value: String(months),
          label: t('campaigns.retention_months', { count: months }),
        }))}
        onChange={setRetention}
      />
      <p className="field-description">{t('campaigns.retention_hint')}</p>
      <TextInput
        label={t('campaigns.report_contact')}
        description={t('campaigns.report_contact_hint')}
        value={contact}
        onChange={(value) => {
          setContact(value);
          setContactError(undefined);
        }}
        error={contactError}
        type="email"
        autoComplete="off"
      />
      <div>
        <Button type="submit" className="button button-primary" isPending={isPending}>
          {t('campaigns.settings_save')}
        </Button>
      </div>
    </form>
  );
}
