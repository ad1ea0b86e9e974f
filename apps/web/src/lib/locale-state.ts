import { DEFAULT_LOCALE, type TLocale } from '@portal/i18n';

const STORAGE_KEY = 'lang';
let current: TLocale = readStored();

function readStored(): TLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'en' || stored === 'de' ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The locale outside React (the tRPC client's Accept-Language header reads it per call). */
export const getLocale = () => current;

export function storeLocale(locale: TLocale): void {
  current = locale;
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
