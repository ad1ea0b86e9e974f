export * from './builtin-jobs.ts';
export * from './job-overview.ts';
export * from './queue.ts';
export * from './runner.ts';
export * from './schedules.ts';
export * from './working-time.ts';
