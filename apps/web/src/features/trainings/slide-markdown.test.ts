import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { markdownOf } from './slide-markdown.tsx';

it('parses a body once and serves the same tree again, drawn as before', () => {
  const body = `### Warum\n\nEin **wichtiger** Satz ${Date.now()}.\n\n<script>window.x = 1</script>`;
  const first = markdownOf(body);
  expect(markdownOf(body)).toBe(first);
  const html = renderToStaticMarkup(first);
  expect(html).toContain('<h2>Warum</h2>');
  expect(html).toContain('<strong>wichtiger</strong>');
  expect(html).not.toContain('<script');
  expect(markdownOf(`${body} `)).not.toBe(first);
});
