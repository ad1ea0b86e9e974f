import type { TLocale } from '@portal/i18n';
import { useId } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useMe } from './use-me.ts';

/** de/en toggle; for a signed-in person the choice is saved to their `lang` (spec §3). */
export function LanguageSwitch() {
  const { locale, setLocale, t } = useI18n();
  const me = useMe().data;
  const utils = trpc.useUtils();
  const update = trpc.employee.update.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
  const choose = (next: TLocale) => {
    if (next === locale) return;
    void setLocale(next);
    if (me) update.mutate({ id: me.id, lang: next });
  };
  const name = useId();
  // Two native radios, not react-aria's ToggleButtonGroup: the same radiogroup/radio semantics,
  // and the browser gives arrow keys and one tab stop. The group's toolbar focus manager cost every
  // page ~7 KB gzip for two options (ADR 020).
  return (
    <div role="radiogroup" aria-label={t('nav.language')} className="language-switch">
      {LANGUAGES.map(({ locale: option, label, text }) => (
        <label key={option} className="language-option" data-selected={option === locale || undefined}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === locale}
            onChange={() => choose(option)}
            aria-label={t(label)}
          />
          {text}
        </label>
      ))}
    </div>
  );
}

const LANGUAGES = [
  { locale: 'de', label: 'nav.language_de', text: 'DE' },
  { locale: 'en', label: 'nav.language_en', text: 'EN' },
] as const;
