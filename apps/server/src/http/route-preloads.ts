import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface TRoutePattern {
  pattern: RegExp;
  files: string[];
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

/** Only names the build writes: they go into the page's attributes unescaped. */
const ASSET_SCRIPT = /^assets\/[\w.-]+\.js$/;

export interface TRouteModules {
  /** The boot module's address (`/assets/boot-….js`), which starts a drawn page's scripts; null in an older build. */
  boot: string | null;
  /** The addresses of a page's own chunks, to announce with `modulepreload`. */
  modulesFor: (pathname: string) => string[];
}

/**
 * What the build's `route-preloads.json` says (see `apps/web/vite.route-preloads.ts`, ADR 025, ADR
 * 038): the boot module, and per page address the page's own chunks, so that they arrive together
 * with the entry instead of one round trip after it has run. Nothing without that file (an older
 * build), and no chunks for addresses no route knows.
 */
export function routeModules(distDir: string): TRouteModules {
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return { boot: null, modulesFor: () => [] };
  const { boot, routes } = JSON.parse(readFileSync(file, 'utf8')) as {
    boot?: string;
    routes: { path: string; files: string[] }[];
  };
  const patterns: TRoutePattern[] = routes
    .filter((route) => !route.path.endsWith(' (index)'))
    .map((route) => ({
      ...patternOf(route.path),
      files: route.files.filter((name) => ASSET_SCRIPT.test(name)).map((name) => `/${name}`),
    }))
    .sort((a, b) => b.rank - a.rank);
  return {
    boot: boot && ASSET_SCRIPT.test(boot) ? `/${boot}` : null,
    modulesFor: (pathname) => patterns.find((candidate) => candidate.pattern.test(pathname))?.files ?? [],
  };
}

export const modulePreloadLinks = (hrefs: string[]) =>
  hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
