export * from './evidence-access.ts';
export * from './evidence-facts.ts';
export * from './gather-evidence.ts';
