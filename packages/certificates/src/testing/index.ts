export * from './fixtures.ts';
export * from './poppler.ts';
export * from './preview-pixels.ts';
