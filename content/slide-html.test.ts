import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadCourses } from './load-courses.ts';
import { slideHtml } from './slide-html.ts';

it('draws the editors’ Markdown with headings one level below the slide title', () => {
  const html = slideHtml(
    'Ein **wichtiger** Satz mit *Betonung* und `Code`.\n\n### Warum\n\n#### Genauer\n\n- eins\n- zwei',
  );
  expect(html).toBe(
    '<p>Ein <strong>wichtiger</strong> Satz mit <em>Betonung</em> und <code>Code</code>.</p>\n' +
      '<h2>Warum</h2>\n<h3>Genauer</h3>\n<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>',
  );
});

it('drops raw HTML, keeps only safe links and unwraps what a slide may not hold', () => {
  const html = slideHtml(
    [
      '<script>window.owned = 1</script>',
      'Text <img src=x onerror="window.owned = 1"> <b>fett</b>',
      '[gefährlich](javascript:alert(1)) [Daten](data:text/html,<script>1</script>) [gut](https://www.bsi.bund.de/) [intern](/trainings)',
      '# Zu groß',
      '![Bild](https://example.com/x.png)',
      '```\ncode block\n```',
    ].join('\n\n'),
  );
  expect(html).not.toMatch(/<script|<img|<b>|onerror|javascript:|data:|<h1|<pre/);
  expect(html).toContain('<a href="https://www.bsi.bund.de/">gut</a>');
  expect(html).toContain('<a href="/trainings">intern</a>');
  expect(html).toContain('<a>gefährlich</a>');
  // What is unwrapped keeps its text: the heading's words and the code stay readable.
  expect(html).toContain('Zu groß');
  expect(html).toContain('<code>code block\n</code>');
});

it('escapes what looks like markup in the text', () => {
  expect(slideHtml('Probe </script><!-- & "Zitat" <b>')).toBe('<p>Probe &#x3C;!-- &#x26; "Zitat" </p>');
  expect(slideHtml('a < b und c > d')).toBe('<p>a &#x3C; b und c > d</p>');
});

it('gives the same string for the same text, and draws a changed text anew', () => {
  const body = `Ein Satz ${Date.now()}.`;
  const first = slideHtml(body);
  expect(slideHtml(body)).toBe(first);
  expect(slideHtml(`${body} Noch einer.`)).toBe(`<p>${body.slice(0, -1)}. Noch einer.</p>`);
});

it('draws every slide of every course in both languages with only the allowed elements', () => {
  const courses = loadCourses(join(import.meta.dirname, 'courses'));
  let slides = 0;
  for (const course of courses.values()) {
    for (const text of Object.values(course.text)) {
      for (const slide of text.slides) {
        const html = slideHtml(slide.body);
        const tags = [...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((match) => match[1]);
        expect(
          tags.filter(
            (tag) =>
              !['p', 'ul', 'ol', 'li', 'strong', 'em', 'h2', 'h3', 'blockquote', 'code', 'a', 'br', 'hr'].includes(tag),
          ),
          `${course.meta.slug} ${slide.id}`,
        ).toEqual([]);
        slides++;
      }
    }
  }
  expect(slides).toBeGreaterThan(300);
});
