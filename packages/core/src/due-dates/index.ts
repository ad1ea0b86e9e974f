export * from './absences.ts';
export * from './effective-due.ts';
export * from './learner-due-dates.ts';
export * from './reminder-settings.ts';
export * from './set-due-date.ts';
