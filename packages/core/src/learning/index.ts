export * from './assignments.ts';
export * from './catalog.ts';
export * from './course-access.ts';
export * from './demo-learning.ts';
export * from './progress.ts';
export * from './progress-view.ts';
export * from './quiz.ts';
export * from './trainings.ts';
