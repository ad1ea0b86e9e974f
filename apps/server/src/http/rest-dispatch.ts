import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getErrorShape, getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  type OpenApiMethod,
  unwrapZodType,
} from 'trpc-to-openapi';

/** As trpc-to-openapi reads a request: GET and DELETE carry their input in the query. */
const takesBody = (method: string) => acceptsRequestBody(method as OpenApiMethod);

/** One REST operation: a procedure with `meta.openapi`, and what its requests need, worked out once. */
interface TOperation {
  procedure: AnyTRPCProcedure;
  /** The procedure's path in the router (`trainings.getTrainings`). */
  path: string;
  type: 'query' | 'mutation';
  /** Takes an input at all (not `z.void()`). */
  takesInput: boolean;
  /** Query keys whose schema is an array: a single `?key=value` becomes `[value]`. */
  arrayKeys: ReadonlySet<string>;
}

/** What the dispatcher answers; the REST layer turns it into the HTTP response. */
export type TDispatchResult<TCtx> =
  | { ok: true; data: unknown }
  | { ok: false; error: TRPCError; status: number; shape: unknown; ctx: TCtx | undefined; path: string };

interface TRestRequest<TCtx> {
  method: string;
  /** The path under the REST endpoint, e.g. `/trainings/get-trainings`. */
  path: string;
  contentType: string | undefined;
  /** Whether the request declares a body (a Content-Length above 0, or a chunked body). */
  hasBody: boolean;
  query: URLSearchParams;
  readBody: () => Promise<string>;
  /** The request's context (its session is read from the database). */
  createContext: () => TCtx | Promise<TCtx>;
}

function operationOf(path: string, procedure: AnyTRPCProcedure): TOperation {
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser as never, true);
  const arrayKeys = new Set<string>();
  if (instanceofZodTypeObject(schema)) {
    for (const [key, shape] of Object.entries(schema.shape)) {
      const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
      if ((inner as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'array') arrayKeys.add(key);
    }
    // Query strings carry text: numbers, booleans and dates are coerced. trpc-to-openapi turns this
    // on for every request; once is enough (it sets a flag on the schema).
    coerceSchema(schema);
  }
  return {
    procedure,
    path,
    type: procedure._def.type as 'query' | 'mutation',
    takesInput: !instanceofZodTypeLikeVoid(schema),
    arrayKeys,
  };
}

/**
 * The REST layer's runtime (ADR 006): each procedure with `meta.openapi` answers at its method and
 * path, with the input from the query (GET) or the JSON body, plus the path parameters, exactly
 * as trpc-to-openapi maps them; trpc-to-openapi still generates the OpenAPI document from the same
 * meta. Its own request handler did per-request work that only depends on the router (schema
 * coercion, a linear search over every path, a caller proxy, a node-style response read back in
 * the error case), about a third of a small call's CPU time (docs/benchmarks.md). Here that work
 * is done once, and the procedure is called directly, through its middlewares and validators as
 * over /trpc.
 */
export function createRestDispatcher(router: AnyTRPCRouter) {
  const exact = new Map<string, TOperation>();
  const patterns: { method: string; pattern: RegExp; operation: TOperation }[] = [];
  forEachOpenApiProcedure(router._def.procedures as never, ({ path, procedure, meta }) => {
    const operation = operationOf(path, procedure as AnyTRPCProcedure);
    const route = normalizePath(meta.openapi.path);
    if (route.includes('{')) patterns.push({ method: meta.openapi.method, pattern: getPathRegExp(route), operation });
    else exact.set(`${meta.openapi.method} ${route.toLowerCase()}`, operation);
  });

  function find(method: string, path: string): { operation: TOperation; params: Record<string, string> } | undefined {
    const normalized = normalizePath(path);
    const operation = exact.get(`${method} ${normalized.toLowerCase()}`);
    if (operation) return { operation, params: {} };
    for (const candidate of patterns) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(normalized);
      if (match) return { operation: candidate.operation, params: { ...match.groups } };
    }
    return undefined;
  }

  async function inputOf(operation: TOperation, request: TRestRequest<unknown>, params: Record<string, string>) {
    if (!operation.takesInput) return undefined;
    if (!takesBody(request.method)) {
      const query: Record<string, unknown> = {};
      for (const key of new Set(request.query.keys())) {
        const values = request.query.getAll(key);
        query[key] = values.length === 1 && !operation.arrayKeys.has(key) ? values[0] : values;
      }
      return { ...query, ...params };
    }
    const text = await request.readBody();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch (cause) {
      throw new TRPCError({ code: 'PARSE_ERROR', message: 'Failed to parse request body', cause });
    }
    return { ...(body as object), ...params };
  }

  return async function dispatch<TCtx>(request: TRestRequest<TCtx>): Promise<TDispatchResult<TCtx> | undefined> {
    const found = find(request.method, request.path);
    if (!found) return undefined;
    const { operation, params } = found;
    let ctx: TCtx | undefined;
    let input: unknown;
    try {
      if (takesBody(request.method) && !request.contentType?.startsWith('application/json')) {
        // A call without input (logout) may come without a body and so without a content type.
        if (request.contentType || request.hasBody) {
          throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'JSON body expected' });
        }
      }
      input = await inputOf(operation, request as TRestRequest<unknown>, params);
      ctx = await request.createContext();
      const data = await operation.procedure({
        path: operation.path,
        type: operation.type,
        ctx,
        getRawInput: async () => input,
        signal: undefined,
        batchIndex: 0,
      });
      return { ok: true, data };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      const shape = getErrorShape({
        config: router._def._config,
        error,
        type: operation.type,
        path: operation.path,
        input,
        ctx,
      });
      return { ok: false, error, status: getHTTPStatusCodeFromError(error), shape, ctx, path: operation.path };
    }
  };
}
