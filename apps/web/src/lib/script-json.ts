/**
 * JSON for a `<script type="application/json">` block in server-rendered HTML (ADR 038). The
 * characters that could end the script or open a comment (`</script>`, `<!--`), and the two line
 * separators that break older JavaScript parsers, are written as \u escapes: JSON.parse reads them
 * back as the same text, and no name or course text can break out of the block.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The ids of the blocks the server writes and main.tsx reads. */
export const ROUTER_STATE_ID = 'router-state';
export const QUERY_STATE_ID = 'query-state';

/** One answered query of a server-drawn page: its key, its data and when it was answered. */
export type TAnsweredQuery = [queryKey: readonly unknown[], data: unknown, updatedAt: number];
