/** The content loader (courses, legal texts) arrives with the courses issue. */
export const CONTENT_ROOT = new URL('./', import.meta.url).pathname;
