import { TRPCClientError } from '@trpc/client';
import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isModuleLoadFailure, problemOf, routeProblem } from './route-problem.ts';

/** A tRPC error as the client sees it: the server's answer shape, or no answer at all. */
const answered = (code: string, httpStatus: number) =>
  new TRPCClientError('failed', {
    result: { error: { code: -32000, message: 'failed', data: { code, httpStatus } } },
  } as never);
const noAnswer = () => new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });

// What a loader's thrown value becomes in the router (an ErrorResponse), as the boundary sees it.
async function asRouteError(thrown: unknown): Promise<unknown> {
  const { createStaticHandler } = await import('react-router');
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => {
        throw thrown;
      },
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected response');
  return context.errors?.root;
}

describe('problemOf', () => {
  it('keeps the problem a loader threw', async () => {
    const slide = { kind: 'slide_not_found', slug: 'malware', slide: '999', count: 12 } as const;
    expect(problemOf(await asRouteError(routeProblem(slide)))).toEqual(slide);
    expect(problemOf(await asRouteError(routeProblem({ kind: 'course_not_assigned' })))).toEqual({
      kind: 'course_not_assigned',
    });
  });

  it('reads a plain 404 as an unknown page, other route responses as a failed load', async () => {
    expect(problemOf(await asRouteError(data(null, { status: 404 })))).toEqual({ kind: 'page_not_found' });
    expect(problemOf(await asRouteError(data(null, { status: 503 })))).toEqual({ kind: 'load_failed' });
  });

  it('tells an unknown record from a server or network that is not there', () => {
    expect(problemOf(answered('NOT_FOUND', 404))).toEqual({ kind: 'record_not_found' });
    expect(problemOf(answered('BAD_REQUEST', 400))).toEqual({ kind: 'record_not_found' });
    expect(problemOf(noAnswer())).toEqual({ kind: 'load_failed' });
    expect(problemOf(answered('INTERNAL_SERVER_ERROR', 500))).toEqual({ kind: 'load_failed' });
    expect(problemOf(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toEqual({
      kind: 'load_failed',
    });
  });

  it('calls anything else unexpected', () => {
    expect(problemOf(new Error('boom'))).toEqual({ kind: 'unexpected' });
    expect(problemOf(answered('CONFLICT', 409))).toEqual({ kind: 'unexpected' });
    expect(problemOf(undefined)).toEqual({ kind: 'unexpected' });
  });
});

describe('isModuleLoadFailure', () => {
  it('recognises a lazy module that did not arrive (Chromium and Safari wording)', () => {
    expect(isModuleLoadFailure(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isModuleLoadFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isModuleLoadFailure(new Error('dynamically imported module'))).toBe(false);
  });
});
