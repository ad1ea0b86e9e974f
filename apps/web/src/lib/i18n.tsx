import { type TLocale, type TTranslate, translatorFor } from '@portal/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { loadLanguage, textsOf } from './dictionaries.ts';
import { getLocale, storeLocale } from './locale-state.ts';

interface TI18nContext {
  locale: TLocale;
  t: TTranslate;
  /** Switches once the language's texts are here; resolves when the switch is done. */
  setLocale: (locale: TLocale) => Promise<void>;
}

const I18nContext = createContext<TI18nContext | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<TLocale>(getLocale);
  // Two quick switches (de → en → de) must end on the last choice, not on the slower load.
  const latest = useRef(locale);
  const setLocale = useCallback(async (next: TLocale) => {
    latest.current = next;
    try {
      await loadLanguage(next);
    } catch (error) {
      // The page stays in the language it shows; the next click tries again.
      console.warn(`dictionary ${next} failed to load`, error);
      return;
    }
    if (latest.current !== next) return;
    storeLocale(next);
    setLocaleState(next);
  }, []);
  // main.tsx loads the stored language before the first render; German stands in if that failed.
  const value = useMemo(
    () => ({ locale, t: translatorFor(textsOf(locale), textsOf('de')), setLocale }),
    [locale, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18nContext {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export const useT = () => useI18n().t;
