/**
 * What runs in a browser as well as in Node (no file access): the schemas, reading times and
 * exercises. The content preview (`npm run content:preview`) validates and draws slides with it.
 */
export * from './exercise.ts';
export * from './phishing-fill.ts';
export * from './phishing-rules.ts';
export * from './phishing-schema.ts';
export * from './reading-time.ts';
export * from './schema.ts';
export * from './style-rules.ts';
export * from './zod-problems.ts';
