export * from './portfolio.ts';
export * from './portfolio-cursor.ts';
