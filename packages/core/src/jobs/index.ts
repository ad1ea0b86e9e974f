export * from './builtin-jobs.ts';
export * from './queue.ts';
export * from './runner.ts';
export * from './schedules.ts';
export * from './working-time.ts';
