export * from './reminder-run.ts';
export * from './week.ts';
