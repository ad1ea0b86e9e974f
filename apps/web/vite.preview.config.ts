import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dictionaryParts } from './vite.dictionary-parts.ts';

/*
 * `npm run content:preview`: a Vite dev server for content editors (ADR 031). It reads the
 * course files and the phishing templates (ADR 036) of the working tree (or CONTENT_PREVIEW_ROOT
 * and CONTENT_PREVIEW_PHISHING_ROOT, which the preview's test points at copies) and reloads when
 * one is saved. Never part of the production build.
 */
const courses = process.env.CONTENT_PREVIEW_ROOT ?? fileURLToPath(new URL('../../content/courses', import.meta.url));
const phishing =
  process.env.CONTENT_PREVIEW_PHISHING_ROOT ?? fileURLToPath(new URL('../../content/phishing', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./preview', import.meta.url)),
  plugins: [react(), dictionaryParts()],
  resolve: { alias: { '@course-files': courses, '@phishing-files': phishing } },
  server: {
    port: Number(process.env.CONTENT_PREVIEW_PORT ?? 5174),
    fs: { allow: [fileURLToPath(new URL('../..', import.meta.url)), courses, phishing] },
  },
});
