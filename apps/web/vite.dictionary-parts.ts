import type { TLocale } from '@portal/i18n';
import type { Plugin } from 'vite';
// Relative, not '@portal/i18n': Vite loads this config with Node, which would load a workspace
// package as an external TypeScript file and fail; relative files are bundled into the config.
import { de } from '../../packages/i18n/src/de.ts';
import { en } from '../../packages/i18n/src/en.ts';
import { SERVER_SECTIONS, SHELL_SECTIONS, type TDictionaryPart } from './src/lib/dictionary-sections.ts';

/**
 * `virtual:dictionary/<locale>/<part>`: one part of a language's dictionary, the shell sections or
 * the page sections (ADR 020). The dictionaries stay one file per language in @portal/i18n, which
 * the server reads whole; only the web build cuts them, because a bundler cannot leave out
 * properties of one object literal.
 */
const PREFIX = 'virtual:dictionary/';
const DICTIONARIES: Record<TLocale, object> = { de, en };

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
      const inPart = (section: string) =>
        !SERVER_SECTIONS.includes(section) && SHELL_SECTIONS.includes(section) === (part === 'shell');
      if (serving) {
        // Development: pick from the live module, so edits to the dictionaries show without a restart.
        return [
          `import { ${locale} as all } from '@portal/i18n';`,
          `const shell = ${JSON.stringify(SHELL_SECTIONS)}, server = ${JSON.stringify(SERVER_SECTIONS)};`,
          `export default Object.fromEntries(Object.entries(all).filter(([s]) => !server.includes(s) && shell.includes(s) === ${part === 'shell'}));`,
        ].join('\n');
      }
      const dictionary = DICTIONARIES[locale];
      if (!dictionary || (part !== 'shell' && part !== 'pages')) this.error(`unknown dictionary part ${id}`);
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(dictionary).filter(([s]) => inPart(s))))};`;
    },
  };
}
