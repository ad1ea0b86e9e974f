import { de, type TDictionary, type TLocale } from '@portal/i18n';

/*
 * German is the default and the fallback, so it ships with the entry. English is its own chunk,
 * fetched when someone picks it (or has picked it before), and awaited before any English text
 * renders, so nobody sees keys or a half-translated page (ADR 020).
 */
const loaded: Partial<Record<TLocale, TDictionary>> = { de };
const pending = new Map<TLocale, Promise<TDictionary>>();

const importers: Record<Exclude<TLocale, 'de'>, () => Promise<TDictionary>> = {
  en: () => import('@portal/i18n/en').then((module) => module.en),
};

/** The dictionary when it is already here (German always is). */
export const loadedDictionary = (locale: TLocale): TDictionary | undefined => loaded[locale];

export function loadDictionary(locale: TLocale): Promise<TDictionary> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    promise = importers[locale as Exclude<TLocale, 'de'>]()
      .then((dictionary) => {
        loaded[locale] = dictionary;
        return dictionary;
      })
      .finally(() => pending.delete(locale));
    pending.set(locale, promise);
  }
  return promise;
}
