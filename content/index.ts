/** The one loader for content files (courses, legal texts); see content/README.md. */
export * from './browser.ts';
export { CONTENT_ROOT, contentRoot, setContentRoot } from './content-root.ts';
export * from './json-schema.ts';
export * from './load-courses.ts';
export * from './load-legal.ts';
export * from './load-phishing.ts';
