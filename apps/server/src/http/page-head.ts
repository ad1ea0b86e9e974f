import { modulePreloadLinks } from './route-preloads.ts';

/**
 * index.html's head for one page address, in the order a slow connection needs it (issue 25):
 *
 * 1. the stylesheet, which holds back the first paint, and the page's picture, usually its largest
 *    element: they are asked for before any script, so that neither waits in the browser's six
 *    connections behind 150 KB of modules that a server-drawn page does not need for its paint;
 * 2. the entry script, Vite's `modulepreload` links and the page's own chunks (route-preloads.ts).
 *
 * Vite writes the stylesheet last; Lighthouse's throttled phone showed it finishing behind the
 * scripts, and the slide's picture behind all of them (docs/benchmarks.md, "Server-rendered pages").
 */
export function pageHead(indexHtml: string, links: { early: string; late: string }): string {
  const stylesheets = indexHtml.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  let html = indexHtml;
  for (const sheet of stylesheets) html = html.replace(sheet, '');
  const firstScript = html.search(/[ \t]*<script type="module"/);
  // An index.html without a module script (never Vite's) keeps its order; the links go at the end.
  if (firstScript < 0) return indexHtml.replace('</head>', `${links.early}${links.late}\n  </head>`);
  const early = stylesheets.join('') + (links.early ? `    ${links.early}\n` : '');
  html = html.slice(0, firstScript) + early + html.slice(firstScript);
  return links.late ? html.replace('</head>', `    ${links.late}\n  </head>`) : html;
}

/**
 * A server-drawn page's head (ADR 038, "Scripts after the paint"): the stylesheet and the picture
 * first, and instead of the entry script and its `modulepreload` links a single small module,
 * `boot`, which asks for them once the page is painted. The page works without its script meanwhile
 * (links, the sign-in form), so the paint no longer shares the slow connection with 150 KB of
 * modules. Without a boot module (an older build) the head is `pageHead`'s.
 */
export function drawnPageHead(
  indexHtml: string,
  page: { early: string; modules: string[]; boot: string | null },
): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(indexHtml)?.[1];
  const late = modulePreloadLinks(page.modules);
  if (!page.boot || !entry) return pageHead(indexHtml, { early: page.early, late });
  const entryModules = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map(
    (match) => match[1] as string,
  );
  const withoutScripts = indexHtml.replace(
    /[ \t]*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>\n?/g,
    '',
  );
  // Only the build's asset names and our media addresses go into these attributes.
  const boot =
    `<script type="module" crossorigin src="${page.boot}" data-entry="${entry}"` +
    ` data-modules="${[...entryModules, ...page.modules].join(' ')}"></script>`;
  return pageHead(withoutScripts, { early: page.early, late: boot });
}

/**
 * A preload of the first course picture in a drawn page's markup (the first card of /trainings, a
 * slide's picture): on a phone it is the largest element, found otherwise only once the body is
 * parsed, behind every script of the head. Only `/media/courses/` pictures, which are public; the
 * address comes from React's markup, so it is attribute-escaped already.
 */
export function firstPicturePreload(body: string): string {
  const src = /<img\s[^>]*?src="(\/media\/courses\/[^"]+)"/.exec(body)?.[1];
  return src ? picturePreload(src) : '';
}

/** The head's preload of a page's largest picture; `href` must be attribute-safe already. */
export const picturePreload = (href: string) => `<link rel="preload" as="image" href="${href}" fetchpriority="high">`;
