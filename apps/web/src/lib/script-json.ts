/**
 * JSON for a `<script type="application/json">` block in server-rendered HTML (ADR 038). Inside a
 * script block an HTML parser reacts to one thing only: a `<` that starts `</script` (the end) or
 * `<!--` (a comment state, in which a later `<script` changes where the block ends). So every `</`
 * is written `<\/` (JSON's own escape for `/`), every `<!` as `\u003c!`, and the two line
 * separators that break older JavaScript parsers as \u escapes. JSON.parse reads them back as the
 * same text, and no name or course text can break out of the block.
 *
 * Not every `<`: slides carry their text as HTML (`html`), and `\u003cp\u003e` for each `<p>`
 * made a slide page's data 11 KB gzip larger (docs/benchmarks.md).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/<\/|<!|[\u2028\u2029]/g, (match) =>
    match === '</' ? '<\\/' : match === '<!' ? '\\u003c!' : `\\u${match.charCodeAt(0).toString(16)}`,
  );
}

/** The ids of the blocks the server writes and main.tsx reads. */
export const ROUTER_STATE_ID = 'router-state';
export const QUERY_STATE_ID = 'query-state';

/** One answered query of a server-drawn page: its key, its data and when it was answered. */
export type TAnsweredQuery = [queryKey: readonly unknown[], data: unknown, updatedAt: number];
