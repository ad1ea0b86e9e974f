import type { TLocale } from '@portal/i18n';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
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
  return (
    <ToggleButtonGroup
      aria-label={t('nav.language')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[locale]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (next === 'de' || next === 'en') choose(next);
      }}
      className="language-switch"
    >
      <ToggleButton id="de" className="language-option" aria-label={t('nav.language_de')}>
        DE
      </ToggleButton>
      <ToggleButton id="en" className="language-option" aria-label={t('nav.language_en')}>
        EN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
