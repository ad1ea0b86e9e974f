import type { Nodes } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * What a slide body may become. Everything else is unwrapped (its text stays), raw HTML in the
 * Markdown is dropped by remark-rehype, and links keep only safe protocols (the sanitizer's
 * defaults: http, https, mailto and relative). The content check already refuses HTML in bodies;
 * this is the second wall, since the result reaches the page as markup (ADR 038, "Speed").
 */
const ALLOWED = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'h3', 'h4', 'blockquote', 'code', 'a', 'br', 'hr'];

/*
 * Editors write `###` and `####` under the slide title, which is the page's h1: they become h2 and
 * h3, so the outline has no gap (axe heading-order, WCAG 1.3.1).
 */
const SHIFTED: Record<string, string> = { h3: 'h2', h4: 'h3' };

function shiftHeadings(node: Nodes): void {
  if (node.type === 'element') node.tagName = SHIFTED[node.tagName] ?? node.tagName;
  if ('children' in node) for (const child of node.children) shiftHeadings(child);
}

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypeSanitize, {
    ...defaultSchema,
    tagNames: ALLOWED,
    attributes: { a: ['href', 'title'], ol: ['start'] },
    // Slide bodies carry no ids or names, so nothing needs the sanitizer's prefixing.
    clobber: [],
  })
  .use(() => shiftHeadings)
  .use(rehypeStringify)
  .freeze();

/**
 * Slide bodies as HTML, by their text (issue 25's cache of what is the same for every user): a
 * body is the same for everyone who reads that course's version in that language. A new
 * version's text is a new key; the bound keeps a long-running process from collecting old ones.
 */
const drawn = new Map<string, string>();
const MAX_DRAWN = 1_000;

/** A slide's Markdown as the safe HTML the slide page shows (the browser no longer parses it). */
export function slideHtml(body: string): string {
  let html = drawn.get(body);
  if (html === undefined) {
    html = String(processor.processSync(body));
    if (drawn.size >= MAX_DRAWN) drawn.clear();
    drawn.set(body, html);
  }
  return html;
}
