import deShell from 'virtual:dictionary/de/shell';
import type { TDictionary, TLocale } from '@portal/i18n';
import type { TDictionaryPart } from './dictionary-sections.ts';
import { getLocale } from './locale-state.ts';

/*
 * The dictionaries arrive in parts (ADR 020): German shell texts ship with the entry (German is
 * the default and the fallback); the German page texts and both English parts are lazy chunks.
 * Pages await the page texts of the current language (routes.tsx), a language switch awaits the
 * parts already in use, so no text ever renders as its key.
 *
 * Each language's texts are one object that the parts are merged into. The translators read it at
 * call time, so a part that arrives later is visible to them without new translators.
 */
const texts: Record<TLocale, Partial<TDictionary>> = { de: { ...deShell }, en: {} };
const done = new Set<string>(['de/shell']);
const pending = new Map<string, Promise<void>>();

const importers: Record<string, () => Promise<{ default: Partial<TDictionary> }>> = {
  'de/pages': () => import('virtual:dictionary/de/pages'),
  'en/shell': () => import('virtual:dictionary/en/shell'),
  'en/pages': () => import('virtual:dictionary/en/pages'),
};

/** The texts of a language, as far as they are loaded (German always has the shell part). */
export const textsOf = (locale: TLocale): Partial<TDictionary> => texts[locale];

export function loadPart(locale: TLocale, part: TDictionaryPart): Promise<void> {
  const name = `${locale}/${part}`;
  if (done.has(name)) return Promise.resolve();
  let promise = pending.get(name);
  if (!promise) {
    const importer = importers[name] as () => Promise<{ default: Partial<TDictionary> }>;
    promise = importer()
      .then((module) => {
        // Section by section: the shell has a slice of some sections (SHELL_KEYS) that the page
        // part has whole, and the two can arrive in either order.
        const into = texts[locale] as Record<string, object>;
        for (const [section, part] of Object.entries(module.default)) into[section] = { ...into[section], ...part };
        done.add(name);
      })
      .finally(() => pending.delete(name));
    pending.set(name, promise);
  }
  return promise;
}

/** For pages: this part in the current language. */
export const loadDictionaryPart = (part: TDictionaryPart) => loadPart(getLocale(), part);

/** For a language switch: the new language with every part the current one has, or is getting. */
export function loadLanguage(locale: TLocale): Promise<void> {
  const current = getLocale();
  const parts: TDictionaryPart[] = ['shell'];
  if (done.has(`${current}/pages`) || pending.has(`${current}/pages`)) parts.push('pages');
  return Promise.all(parts.map((part) => loadPart(locale, part))).then(() => undefined);
}

/** A message key of the loaded texts (zod messages are keys of the shell section `validation`). */
export function isLoadedKey(locale: TLocale, value: string): boolean {
  let node: unknown = texts[locale];
  for (const segment of value.split('.')) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'string';
}
