import type { TLocale } from '@portal/i18n';
import type { Plugin } from 'vite';
// Relative, not '@portal/i18n': Vite loads this config with Node, which would load a workspace
// package as an external TypeScript file and fail; relative files are bundled into the config.
import { de } from '../../packages/i18n/src/de.ts';
import { en } from '../../packages/i18n/src/en.ts';
import { SERVER_SECTIONS, SHELL_KEYS, SHELL_SECTIONS, type TDictionaryPart } from './src/lib/dictionary-sections.ts';

/**
 * `virtual:dictionary/<locale>/<part>`: one part of a language's dictionary, the shell sections or
 * the page sections (ADR 020). The dictionaries stay one file per language in @portal/i18n, which
 * the server reads whole; only the web build cuts them, because a bundler cannot leave out
 * properties of one object literal.
 */
const PREFIX = 'virtual:dictionary/';
const DICTIONARIES: Record<TLocale, object> = { de, en };

interface TSplit {
  SHELL_SECTIONS: readonly string[];
  SHELL_KEYS: Readonly<Record<string, readonly string[]>>;
  SERVER_SECTIONS: readonly string[];
}

/**
 * One part of a dictionary: the shell has its whole sections and the listed keys of SHELL_KEYS'
 * sections; the page part has every other section whole (SHELL_KEYS' sections too). Written
 * without imports, because development serves it as source (`toString`).
 */
function pickPart(dictionary: object, part: string, split: TSplit): object {
  const result: Record<string, unknown> = {};
  for (const [section, texts] of Object.entries(dictionary)) {
    if (split.SERVER_SECTIONS.includes(section)) continue;
    const keys = split.SHELL_KEYS[section];
    if (part === 'pages') {
      if (!split.SHELL_SECTIONS.includes(section)) result[section] = texts;
    } else if (split.SHELL_SECTIONS.includes(section)) {
      result[section] = texts;
    } else if (keys) {
      result[section] = Object.fromEntries(keys.map((key) => [key, (texts as Record<string, unknown>)[key]]));
    }
  }
  return result;
}

export function dictionaryParts(): Plugin {
  let serving = false;
  return {
    name: 'portal-dictionary-parts',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/') as [TLocale, TDictionaryPart];
      if (serving) {
        // Development: pick from the live module, so edits to the dictionaries show without a restart.
        return [
          `import { ${locale} as all } from '@portal/i18n';`,
          `const pick = ${pickPart.toString()};`,
          `export default pick(all, ${JSON.stringify(part)}, ${JSON.stringify({ SHELL_SECTIONS, SHELL_KEYS, SERVER_SECTIONS })});`,
        ].join('\n');
      }
      const dictionary = DICTIONARIES[locale];
      if (!dictionary || (part !== 'shell' && part !== 'pages')) this.error(`unknown dictionary part ${id}`);
      const json = JSON.stringify(pickPart(dictionary, part, { SHELL_SECTIONS, SHELL_KEYS, SERVER_SECTIONS }));
      // The lazy parts (20–40 KB) as JSON.parse of a string: V8 reads that faster than the same
      // object as a literal, and a drawn page evaluates the page texts while it hydrates (issue 25).
      // The shell part stays a literal: it ships in the entry, where the quoted keys would cost
      // budget (ADR 027).
      return part === 'shell' ? `export default ${json};` : `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
