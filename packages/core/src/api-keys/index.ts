export * from './api-key-admin.ts';
export * from './api-key-calls.ts';
export * from './api-key-token.ts';
export * from './resolve-api-key.ts';
