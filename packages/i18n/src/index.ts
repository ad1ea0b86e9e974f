import rosetta from 'rosetta';
import { de, type TDictionary } from './de.ts';
import { en } from './en.ts';

export { de, en, type TDictionary };
export const dictionaries = { de, en } as const;
export type TLocale = keyof typeof dictionaries;
export const DEFAULT_LOCALE: TLocale = 'de';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & (string | number)];
/** Every dotted key of the dictionaries, e.g. `login.failed`. */
export type TMessageKey = Leaves<TDictionary>;

export type TTranslate = (key: TMessageKey, params?: Record<string, string | number>) => string;

/**
 * A translator for one locale. Unknown keys fall back to German, then to the key itself, so a
 * missing text is visible but never breaks a page.
 */
export function createTranslator(locale: TLocale): TTranslate {
  return translatorFor(dictionaries[locale], de);
}

/**
 * A translator over given texts and German fallback texts, each possibly only some sections.
 * The web app uses this one: it loads the dictionaries in parts (ADR 020), and this module's own
 * `de` would otherwise pull the whole German dictionary into its first JavaScript.
 */
export function translatorFor(dictionary: Partial<TDictionary>, fallbackGerman: Partial<TDictionary>): TTranslate {
  const i18n = rosetta<Partial<TDictionary>>({ current: dictionary });
  i18n.locale('current');
  const fallback = rosetta<Partial<TDictionary>>({ de: fallbackGerman });
  fallback.locale('de');
  return (key, params) => {
    const text = i18n.t(key, params) || fallback.t(key, params);
    return text || key;
  };
}

export function isMessageKey(value: string): value is TMessageKey {
  let node: unknown = de;
  for (const part of value.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/** Picks de or en from an Accept-Language header; German when nothing fits (spec §9). */
export function localeFromAcceptLanguage(header: string | null | undefined): TLocale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}
