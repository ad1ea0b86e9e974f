/** The one loader for content files (courses, legal texts); see content/README.md. */
export const CONTENT_ROOT = import.meta.dirname;
export * from './load-courses.ts';
export * from './load-legal.ts';
export * from './schema.ts';
