import { basename, dirname, resolve } from 'node:path';

/**
 * The content folder (courses/, legal/, phishing/). The loaders run from this folder as TypeScript,
 * or from `dist/` inside it once compiled for production (ADR 029); the files stay where editors
 * put them.
 */
export const CONTENT_ROOT =
  basename(import.meta.dirname) === 'dist' ? dirname(import.meta.dirname) : import.meta.dirname;

let root = CONTENT_ROOT;

/** The folder the loaders read: CONTENT_ROOT, or the server's `PORTAL_CONTENT_DIR` (setContentRoot). */
export const contentRoot = () => root;

/**
 * Another folder of the same layout, set by the server at start before anything is loaded: an
 * operator's own checkout, or a test's copy with a changed text (e2e/server-rendering.spec.ts).
 */
export function setContentRoot(dir: string | undefined): void {
  root = dir ? resolve(dir) : CONTENT_ROOT;
}
