import Markdown, { type Components } from 'react-markdown';

/** Slide bodies are Markdown written by content editors; raw HTML is dropped, never rendered. */
const ALLOWED = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'h3', 'h4', 'blockquote', 'code', 'a', 'br', 'hr'];

/*
 * The editors write `###` and `####` under the slide title, which is the page's h1: they render
 * one level below it (h2, h3), so the outline has no gap (axe heading-order, WCAG 1.3.1).
 */
const HEADINGS: Components = {
  h3: ({ node: _node, ...props }) => <h2 {...props} />,
  h4: ({ node: _node, ...props }) => <h3 {...props} />,
};

export function SlideMarkdown({ body }: { body: string }) {
  return (
    <div className="slide-body">
      <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed components={HEADINGS}>
        {body}
      </Markdown>
    </div>
  );
}
