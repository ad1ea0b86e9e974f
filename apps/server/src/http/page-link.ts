import { type AppRouter, appRouter, type TCreateContext } from '@portal/api';
import { TRPCClientError, type TRPCLink, unstable_localLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * The two calls the spec's call table makes POSTs that a page's first drawing needs, and that the
 * browser already makes by itself whenever it opens these pages: the supervisor lookup (a read,
 * spec §4 isActionsBlocked) and starting a course's progress (idempotent, done on opening the
 * course). Every other change is refused before it reaches a procedure.
 */
export const PAGE_MUTATIONS: ReadonlySet<string> = new Set(['employee.supervisorData', 'progress.create']);

/**
 * The way a server-rendered page reaches the procedures (ADR 038): in this process, with the
 * page request's session, one context for the whole page (the session is read once).
 */
export function pageLink(options: {
  createContext: () => ReturnType<TCreateContext>;
  onError: (path: string, error: Error) => void;
}): TRPCLink<AppRouter> {
  let context: ReturnType<TCreateContext> | null = null;
  const local = unstable_localLink({
    router: appRouter,
    createContext: () => {
      context ??= options.createContext();
      return context;
    },
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') options.onError(path ?? '?', error);
    },
  });
  const readsOnly: TRPCLink<AppRouter> =
    () =>
    ({ op, next }) =>
      op.type === 'query' || PAGE_MUTATIONS.has(op.path)
        ? next(op)
        : observable((observer) => {
            observer.error(TRPCClientError.from(new Error(`drawing a page does not call ${op.path}`)));
          });
  return (runtime) => {
    const guard = readsOnly(runtime);
    const terminal = local(runtime);
    return (call) => guard({ op: call.op, next: (op) => terminal({ op, next: call.next }) });
  };
}
