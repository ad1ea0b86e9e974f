import type { TMessageKey } from '@portal/i18n';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { TextInput } from '../../components/form-fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { inputIssues } from '../../lib/input-issues.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { AudienceFields } from './audience-fields.tsx';
import {
  emptyForm,
  formFromCampaign,
  formProblems,
  type TCampaignDetail,
  type TCampaignForm,
  type TFieldErrors,
  type TFormField,
  type TFormProblems,
  toCampaignFields,
} from './campaign-form.ts';
import { CampaignReach } from './campaign-reach.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';
import { TemplatePicker } from './template-picker.tsx';
import { WindowFields } from './window-fields.tsx';

/** The field a refusal of the server is about, from the zod issue's path ("audience.ids" → audience). */
const FIELD_OF_PATH: Record<string, TFormField> = {
  name: 'name',
  templates: 'templates',
  audience: 'audience',
  firstDay: 'firstDay',
  windowDays: 'windowDays',
  endHour: 'endHour',
};

/**
 * A new campaign, or a draft: name, templates (with previews), recipients, sending times. A draft
 * is saved, started (after a question) or deleted; a started campaign is not edited any more.
 */
export function CampaignEditor({ scope, campaign }: { scope: TPhishingScope; campaign: TCampaignDetail | null }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const templates = trpc.phishing.templates.useQuery();
  const create = trpc.phishing.createCampaign.useMutation();
  const update = trpc.phishing.updateCampaign.useMutation();
  const start = trpc.phishing.startCampaign.useMutation();
  const remove = trpc.phishing.deleteCampaign.useMutation();
  const [form, setForm] = useState<TCampaignForm>(() =>
    campaign ? formFromCampaign(campaign, new Date()) : emptyForm(new Date()),
  );
  const [sent, setSent] = useState(false);
  // The server's refusals, already translated, per field.
  const [refused, setRefused] = useState<TFieldErrors>({});
  const [confirming, setConfirming] = useState<'start' | 'delete' | null>(null);

  const ownProblems: TFormProblems = sent ? formProblems(form) : {};
  const errors: TFieldErrors = Object.fromEntries(
    (Object.keys(FIELD_OF_PATH) as TFormField[]).flatMap((field) => {
      const ownKey = ownProblems[field];
      const text = refused[field] ?? (ownKey ? t(ownKey as TMessageKey) : undefined);
      return text ? [[field, text]] : [];
    }),
  );
  const change = (patch: Partial<TCampaignForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setRefused({});
  };

  const refusedBy = (error: unknown): boolean => {
    const fields: TFieldErrors = {};
    for (const issue of inputIssues(error)) {
      const field = FIELD_OF_PATH[issue.path.split('.')[0] ?? ''];
      if (field) fields[field] = issue.message;
    }
    setRefused(fields);
    return Object.keys(fields).length > 0;
  };

  /** Saves the form; the campaign's id, or null when something was refused. */
  const save = async (): Promise<string | null> => {
    setSent(true);
    setRefused({});
    if (Object.keys(formProblems(form)).length > 0) return null;
    const fields = { ...companyInput(scope), ...toCampaignFields(form) };
    try {
      if (campaign) {
        await update.mutateAsync({ ...fields, id: campaign.id });
        await utils.phishing.invalidate();
        return campaign.id;
      }
      const created = await create.mutateAsync(fields);
      await utils.phishing.campaigns.invalidate();
      toast.success(t('campaigns.created'));
      navigate(`${scope.base}/${created.id}`, { replace: true });
      return created.id;
    } catch (error) {
      if (!refusedBy(error)) toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
      return null;
    }
  };

  const startNow = async () => {
    const id = await save();
    if (!id) {
      setConfirming(null);
      return;
    }
    try {
      const { planned } = await start.mutateAsync({ ...companyInput(scope), id });
      setConfirming(null);
      await utils.phishing.invalidate();
      toast.success(t('campaigns.started', { count: planned }));
    } catch (error) {
      setConfirming(null);
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const deleteDraft = async () => {
    if (!campaign) return;
    try {
      await remove.mutateAsync({ ...companyInput(scope), id: campaign.id });
      await utils.phishing.campaigns.invalidate();
      toast.success(t('campaigns.deleted'));
      navigate(scope.base);
    } catch (error) {
      setConfirming(null);
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    // A new campaign's card is named by the page's heading; a draft's has its own below the name.
    <section className="card" aria-labelledby="campaign-editor-heading">
      {campaign && <h2 id="campaign-editor-heading">{t('campaigns.edit_heading')}</h2>}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save().then((id) => id && campaign && toast.success(t('campaigns.saved')));
        }}
      >
        <TextInput
          label={t('campaigns.name_label')}
          description={t('campaigns.name_hint')}
          value={form.name}
          onChange={(name) => change({ name })}
          error={errors.name}
          autoComplete="off"
          isRequired
        />
        {templates.isPending && <p role="status">{t('app.loading')}</p>}
        {templates.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {templates.data && (
          <TemplatePicker
            templates={templates.data}
            chosen={form.templates}
            onChange={(chosen) => change({ templates: chosen })}
            error={errors.templates}
            scope={scope}
          />
        )}
        <AudienceFields form={form} onChange={change} error={errors.audience} scope={scope} />
        {/* Who of the saved audience simulations reach, and why the others not (issue 37). */}
        {campaign && <CampaignReach scope={scope} id={campaign.id} level={3} />}
        <WindowFields form={form} onChange={change} errors={errors} />
        <div>
          <CheckboxField isSelected={form.trackOpens} onChange={(trackOpens) => change({ trackOpens })}>
            {t('campaigns.track_opens')}
          </CheckboxField>
          <p className="field-description">{t('campaigns.track_opens_hint')}</p>
        </div>
        <div className="button-row campaign-actions">
          <Button type="submit" className="button button-secondary" isPending={create.isPending || update.isPending}>
            {campaign ? t('campaigns.save') : t('campaigns.create')}
          </Button>
          {campaign && (
            <>
              <Button className="button button-primary" onPress={() => setConfirming('start')}>
                {t('campaigns.start')}
              </Button>
              <Button className="button button-danger" onPress={() => setConfirming('delete')}>
                {t('campaigns.delete')}
              </Button>
            </>
          )}
        </div>
      </form>
      <ConfirmDialog
        isOpen={confirming === 'start'}
        title={t('campaigns.start_title')}
        text={t('campaigns.start_text')}
        confirmLabel={t('campaigns.start')}
        isPending={start.isPending || update.isPending}
        onConfirm={() => void startNow()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        isOpen={confirming === 'delete'}
        title={t('campaigns.delete_title')}
        text={t('campaigns.delete_text', { name: campaign?.name ?? '' })}
        confirmLabel={t('campaigns.delete')}
        danger
        isPending={remove.isPending}
        onConfirm={() => void deleteDraft()}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
