import type { ReactElement } from 'react';
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

/**
 * Slide bodies already turned into elements, by their text (issue 25's cache of what is the same
 * for every user): a body is the same for everyone who reads that course's version in that
 * language, and parsing it is most of a slide's drawing on the server. React elements are
 * immutable, so one tree serves every request and every later visit in the browser. A new
 * version's text is a new key; the bound keeps a long-running process from collecting old ones.
 */
const drawn = new Map<string, ReactElement>();
const MAX_DRAWN = 1_000;

export function markdownOf(body: string): ReactElement {
  let tree = drawn.get(body);
  if (!tree) {
    tree = Markdown({
      skipHtml: true,
      allowedElements: ALLOWED,
      unwrapDisallowed: true,
      components: HEADINGS,
      children: body,
    });
    if (drawn.size >= MAX_DRAWN) drawn.clear();
    drawn.set(body, tree);
  }
  return tree;
}

export function SlideMarkdown({ body }: { body: string }) {
  return <div className="slide-body">{markdownOf(body)}</div>;
}
