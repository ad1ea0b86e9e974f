import { useState } from 'react';
import { Button } from 'react-aria-components';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { TPhishingTemplate } from './campaign-form.ts';
import type { TPhishingScope } from './phishing-scope.ts';
import { TemplatePreviewDialog } from './template-preview-dialog.tsx';

/** The templates to choose from, each with its difficulty, what it imitates and a preview. */
export function TemplatePicker({
  templates,
  chosen,
  onChange,
  error,
  scope,
}: {
  templates: TPhishingTemplate[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error: string | undefined;
  scope: TPhishingScope;
}) {
  const { t, locale } = useI18n();
  const [previewing, setPreviewing] = useState<TPhishingTemplate | null>(null);
  const toggle = (slug: string, on: boolean) =>
    onChange(on ? [...chosen, slug] : chosen.filter((entry) => entry !== slug));

  return (
    <fieldset className="fieldset" aria-describedby="templates-hint" aria-invalid={error ? true : undefined}>
      <legend>{t('campaigns.templates_legend')}</legend>
      <p id="templates-hint" className="field-description">
        {t('campaigns.templates_hint')}
      </p>
      <ul className="template-choices">
        {templates.map((template) => (
          <li key={template.slug} className="template-choice">
            <CheckboxField isSelected={chosen.includes(template.slug)} onChange={(on) => toggle(template.slug, on)}>
              <span className="template-title">{template.title[locale]}</span>
              <span className="template-facts">{t('campaigns.difficulty', { level: template.difficulty })}</span>
            </CheckboxField>
            <p className="template-summary">{template.summary[locale]}</p>
            <Button className="button button-ghost button-small" onPress={() => setPreviewing(template)}>
              {t('campaigns.preview')}
              <span className="visually-hidden">: {template.title[locale]}</span>
            </Button>
          </li>
        ))}
      </ul>
      {error && <p className="field-error">{error}</p>}
      {/* Keyed by template: each preview starts in the page's language, without the signs. */}
      <TemplatePreviewDialog
        key={previewing?.slug ?? 'none'}
        template={previewing}
        scope={scope}
        onClose={() => setPreviewing(null)}
      />
    </fieldset>
  );
}
