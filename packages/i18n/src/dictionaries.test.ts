import { describe, expect, it } from 'vitest';
import { createTranslator, de, en, isMessageKey, localeFromAcceptLanguage } from './index.ts';

/** Every dotted leaf key of a dictionary, with its text. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    result.set(prefix, node);
    return result;
  }
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, path)) result.set(k, v);
    else result.set(path, value);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('dictionaries de and en', () => {
  const deLeaves = leaves(de);
  const enLeaves = leaves(en);

  it('have exactly the same keys', () => {
    const deKeys = [...deLeaves.keys()].sort();
    const enKeys = [...enLeaves.keys()].sort();
    expect(deKeys.filter((key) => !enLeaves.has(key))).toEqual([]);
    expect(enKeys.filter((key) => !deLeaves.has(key))).toEqual([]);
    expect(enKeys).toEqual(deKeys);
    expect(deKeys.length).toBeGreaterThan(50);
  });

  it('hold non-empty strings only', () => {
    for (const [key, value] of [...deLeaves, ...enLeaves]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same {{placeholders}} in both languages', () => {
    for (const [key, value] of deLeaves) {
      expect(placeholders(String(enLeaves.get(key))), key).toEqual(placeholders(String(value)));
    }
  });

  it('carry the spec texts for the login failure', () => {
    expect(createTranslator('de')('login.failed')).toBe('Zugangsdaten falsch');
    expect(createTranslator('en')('login.failed')).toBe('Wrong credentials');
  });
});

describe('createTranslator and isMessageKey', () => {
  it('fills parameters', () => {
    expect(createTranslator('en')('mail.greeting', { name: 'Ada' })).toContain('Ada');
    expect(createTranslator('de')('mail.greeting', { name: 'Ada' })).toBe('Hallo Ada,');
  });

  it('answers an unknown key with the key itself', () => {
    const t = createTranslator('en') as (key: string) => string;
    expect(t('no.such_key')).toBe('no.such_key');
  });

  it('recognises leaf keys only', () => {
    expect(isMessageKey('login.failed')).toBe(true);
    expect(isMessageKey('login')).toBe(false);
    expect(isMessageKey('login.failed.more')).toBe(false);
    expect(isMessageKey('nope.nope')).toBe(false);
    expect(isMessageKey('')).toBe(false);
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    [null, 'de'],
    [undefined, 'de'],
    ['', 'de'],
    ['en', 'en'],
    ['EN-GB', 'en'],
    ['de-DE', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['fr', 'de'],
    ['*', 'de'],
    ['de;q=0.1, en;q=0.9', 'en'],
    ['en;q=0, de;q=0.2', 'de'],
    ['en;q=0', 'de'],
    [' en-us ; q=0.7 , fr;q=0.9', 'en'],
  ] as const)('%j → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
