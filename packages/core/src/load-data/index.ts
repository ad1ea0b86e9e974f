// Benchmark data, kept out of the main entry point: the server never loads it.
export * from './load-data.ts';
export * from './random.ts';
