import { TRPCClientError } from '@trpc/client';

/**
 * The translated refusal of each input field of a refused call (the server's zod issues, each with
 * the field's path), in the server's order. A refused input answers the generic "invalid input" as
 * its message; the field's own words are here. Its own module, not lib/trpc.ts: only the forms
 * that show field refusals load it, not the entry.
 */
export function inputIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues: unknown = error.data?.issues;
  if (!Array.isArray(issues)) return [];
  return (issues as { path?: unknown; message?: unknown }[]).flatMap((issue) =>
    typeof issue.path === 'string' && typeof issue.message === 'string' && issue.message.length > 0
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
}
