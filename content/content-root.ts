import { basename, dirname } from 'node:path';

/**
 * The content folder (courses/, legal/). The loaders run from this folder as TypeScript, or from
 * `dist/` inside it once compiled for production (ADR 029); the files stay where editors put them.
 */
export const CONTENT_ROOT =
  basename(import.meta.dirname) === 'dist' ? dirname(import.meta.dirname) : import.meta.dirname;
