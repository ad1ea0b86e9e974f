import { createTranslator, type TLocale, type TTranslate } from '@portal/i18n';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { getLocale, storeLocale } from './locale-state.ts';

interface TI18nContext {
  locale: TLocale;
  t: TTranslate;
  setLocale: (locale: TLocale) => void;
}

const I18nContext = createContext<TI18nContext | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<TLocale>(getLocale);
  const setLocale = useCallback((next: TLocale) => {
    storeLocale(next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, t: createTranslator(locale), setLocale }), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): TI18nContext {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}

export const useT = () => useI18n().t;
