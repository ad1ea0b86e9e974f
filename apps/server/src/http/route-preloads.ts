import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TRoutePattern {
  pattern: RegExp;
  links: string;
  /** Static segments first, then fewer parameters; the catch-all last. */
  rank: number;
}

/** A React Router path (`/trainings/:slug/:slide/:step?`, `/*`) as a regular expression. */
function patternOf(path: string): { pattern: RegExp; rank: number } {
  const segments = path.split('/').filter(Boolean);
  let source = '';
  let rank = 0;
  for (const segment of segments) {
    if (segment === '*') {
      source += '(?:/.*)?';
      rank -= 1000;
    } else if (segment.startsWith(':')) {
      source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      rank += 1;
    } else {
      source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      rank += 100;
    }
  }
  return { pattern: new RegExp(`^${source || '/'}/?$`), rank };
}

/**
 * The `modulepreload` links for a page address, from the build's `route-preloads.json` (see
 * `apps/web/vite.route-preloads.ts`, ADR 025): the page's own chunks arrive together with the
 * entry instead of one round trip after it has run. Empty without that file (an older build) and
 * for addresses no route knows.
 */
export function routePreloadLinks(distDir: string): (pathname: string) => string {
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return () => '';
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes: { path: string; files: string[] }[] };
  const patterns: TRoutePattern[] = routes
    .filter((route) => !route.path.endsWith(' (index)'))
    .map((route) => ({
      ...patternOf(route.path),
      links: route.files
        .filter((name) => /^assets\/[\w.-]+\.js$/.test(name))
        .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`)
        .join(''),
    }))
    .sort((a, b) => b.rank - a.rank);
  return (pathname) => patterns.find((candidate) => candidate.pattern.test(pathname))?.links ?? '';
}
