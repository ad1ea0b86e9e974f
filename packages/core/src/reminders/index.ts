export * from './reminder-preview.ts';
export * from './reminder-run.ts';
export * from './week.ts';
