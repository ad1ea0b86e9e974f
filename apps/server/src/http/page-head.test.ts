import { expect, it } from 'vitest';
import { drawnPageHead, firstPicturePreload, pageHead } from './page-head.ts';

// The shape Vite writes (apps/web/dist/index.html): entry script, modulepreloads, stylesheet last.
const VITE_INDEX = `<!doctype html>
<html lang="de">
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const order = (html: string, ...parts: string[]) => parts.map((part) => html.indexOf(part));

it('puts the stylesheet and the picture before every script, and the page chunks after them', () => {
  const html = pageHead(VITE_INDEX, {
    early: '<link rel="preload" as="image" href="/media/x.svg">',
    late: '<link rel="modulepreload" href="/assets/page-D.js">',
  });
  const positions = order(html, 'index-C.css', '/media/x.svg', 'index-A.js', 'chunk-B.js', 'page-D.js', '</head>');
  expect(positions.every((position) => position > 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(html.match(/index-C\.css/g)).toHaveLength(1);
});

it('without links only moves the stylesheet, and keeps everything else as it was', () => {
  const html = pageHead(VITE_INDEX, { early: '', late: '' });
  const [sheet, script] = order(html, 'index-C.css', 'index-A.js');
  expect(sheet).toBeLessThan(script ?? 0);
  expect(html.replace(/\s+/g, '')).toHaveLength(VITE_INDEX.replace(/\s+/g, '').length);
});

it('leaves a head without a module script in its order and appends the links', () => {
  const plain = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
  expect(pageHead(plain, { early: '<E>', late: '<L>' })).toBe(
    '<html><head><link rel="stylesheet" href="/a.css"><E><L>\n  </head><body></body></html>',
  );
});

it('gives a drawn page one small boot module that names the entry and every module, after the stylesheet and picture', () => {
  const html = drawnPageHead(VITE_INDEX, {
    early: '<link rel="preload" as="image" href="/media/x.svg">',
    modules: ['/assets/page-D.js', '/assets/form-E.js'],
    boot: '/assets/boot-F.js',
  });
  // No script or module is asked for before the paint but the boot module.
  expect(html.match(/<script\b/g)).toHaveLength(1);
  expect(html).not.toContain('modulepreload');
  expect(html).toContain(
    '<script type="module" crossorigin src="/assets/boot-F.js" data-entry="/assets/index-A.js"' +
      ' data-modules="/assets/chunk-B.js /assets/page-D.js /assets/form-E.js"></script>',
  );
  const positions = order(html, 'index-C.css', '/media/x.svg', 'boot-F.js', '</head>');
  expect(positions.every((position) => position > 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});

it("keeps a drawn page's scripts in its head when the build has no boot module", () => {
  const html = drawnPageHead(VITE_INDEX, { early: '', modules: ['/assets/page-D.js'], boot: null });
  expect(html).toBe(
    pageHead(VITE_INDEX, { early: '', late: '<link rel="modulepreload" crossorigin href="/assets/page-D.js">' }),
  );
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js">');
});

it('preloads the first course picture of a drawn page, and nothing for other pictures', () => {
  const body =
    '<main><img src="/favicon.svg" alt=""><ul><li><img alt="a" src="/media/courses/malware/image.svg" width="640">' +
    '</li><li><img src="/media/courses/byod/image.svg"></li></ul></main>';
  expect(firstPicturePreload(body)).toBe(
    '<link rel="preload" as="image" href="/media/courses/malware/image.svg" fetchpriority="high">',
  );
  expect(firstPicturePreload('<main><img src="https://elsewhere.example/x.svg"></main>')).toBe('');
  expect(firstPicturePreload('<main><p>no picture</p></main>')).toBe('');
});
