/** Parts of a language's dictionary, cut at build time (vite.dictionary-parts.ts, ADR 020). */
declare module 'virtual:dictionary/*' {
  import type { TDictionary } from '@portal/i18n';

  const part: Partial<TDictionary>;
  export default part;
}
