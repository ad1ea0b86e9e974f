import type { TLocale } from '@portal/i18n';
import { useState } from 'react';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Modal } from '../../components/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { TPhishingTemplate } from './campaign-form.ts';
import { PhishingMailView } from './phishing-mail-view.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

/**
 * A template's mail as the recipients get it, in either language (each person gets theirs), with
 * the company's name and the employer's first name filled in; optionally with its signs marked,
 * as the teaching page after a click shows them.
 */
export function TemplatePreviewDialog({
  template,
  scope,
  onClose,
}: {
  template: TPhishingTemplate | null;
  scope: TPhishingScope;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const [lang, setLang] = useState<TLocale>(locale);
  const [showSigns, setShowSigns] = useState(false);
  const preview = trpc.phishing.previewTemplate.useQuery(
    { ...companyInput(scope), template: template?.slug ?? '', lang },
    { enabled: template !== null },
  );

  return (
    <Modal
      isOpen={template !== null}
      onClose={onClose}
      size="large"
      mobile
      header={t('campaigns.preview_title', { title: template?.title[locale] ?? '' })}
    >
      <div className="preview-options">
        <FilterSelect
          label={t('campaigns.preview_language')}
          value={lang}
          options={[
            { value: 'de', label: t('nav.language_de') },
            { value: 'en', label: t('nav.language_en') },
          ]}
          onChange={setLang}
        />
        <CheckboxField isSelected={showSigns} onChange={setShowSigns}>
          {t('campaigns.preview_signs')}
        </CheckboxField>
      </div>
      {preview.isPending && <p role="status">{t('app.loading')}</p>}
      {preview.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {preview.data && (
        <div lang={preview.data.lang}>
          <PhishingMailView
            text={preview.data.text}
            senderAddress={preview.data.senderAddress}
            realTarget="https://…/p/…"
            showSigns={showSigns}
            signsHeadingLevel={3}
          />
        </div>
      )}
    </Modal>
  );
}
