/**
 * A slide's text as the server drew it from the course's Markdown (`slideHtml` in @portal/content,
 * ADR 038): the browser neither loads a Markdown parser nor parses the text while the page hydrates.
 * The HTML comes from the portal's own content files, with raw HTML dropped, only the allowed
 * elements kept and links limited to safe protocols, so it is not user input.
 */
export function SlideBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by slideHtml, from reviewed content files
  return <div className="slide-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
