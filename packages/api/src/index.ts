export {
  createContextFactory,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  type TContext,
  type TCreateContext,
  type TRequestAdapter,
} from './context.ts';
export { buildOpenApiDocument, type TOpenApiDocument } from './openapi.ts';
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from './root.ts';
export type { TErrorCode, TIssue, TProcedureMeta } from './trpc.ts';
