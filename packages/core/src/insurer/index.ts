export * from './policy-status.ts';
export * from './portfolio.ts';
export * from './portfolio-cursor.ts';
