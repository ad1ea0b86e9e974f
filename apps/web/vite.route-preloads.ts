import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { appRoutes, ROUTES_FILE } from './vite.route-table.ts';

/** What the server reads: the boot module's file, and per route pattern the chunks it announces. */
export interface TRoutePreloads {
  /** `boot.ts`'s chunk, which starts a drawn page's scripts after its first paint (ADR 038). */
  boot: string;
  routes: { path: string; files: string[] }[];
}

export const BOOT_MODULE = fileURLToPath(new URL('src/boot.ts', import.meta.url));

interface TChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  isEntry?: boolean;
  facadeModuleId?: string | null;
}

/**
 * Writes `route-preloads.json` beside `index.html`: for every route of `routes.tsx`, the chunks of
 * the modules it loads lazily (its page, its loader's imports, its parents'), with their static
 * imports, minus what the entry already loads. The server puts them into the page as
 * `modulepreload` links (`apps/server/src/http/web-app.ts`), so the browser fetches a page's code
 * together with the entry instead of one round trip after it has run (ADR 025).
 */
export function routePreloads(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as Record<string, TChunkLike>).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(
        chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId as string, chunk]),
      );
      const closure = (chunk: TChunkLike, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports ?? []) {
          const imported = byFile.get(file);
          if (imported) closure(imported, into);
        }
        return into;
      };
      const boot = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === BOOT_MODULE);
      const entry = chunks.find((chunk) => chunk.isEntry && chunk !== boot);
      if (!entry || !boot) this.error('route-preloads: no entry chunk, or no boot chunk');
      if (boot.imports?.length) this.error('route-preloads: boot.ts must import nothing (it runs alone)');
      const loadedFirst = closure(entry);

      const routesFile = fileURLToPath(ROUTES_FILE);
      const routes = appRoutes(readFileSync(routesFile, 'utf8')).flatMap(({ path, modules }) => {
        const files = new Set<string>();
        for (const specifier of modules) {
          const chunk = byModule.get(resolve(dirname(routesFile), specifier));
          if (!chunk) this.error(`route-preloads: no chunk for ${specifier} (route ${path})`);
          for (const file of closure(chunk)) if (!loadedFirst.has(file)) files.add(file);
        }
        return files.size === 0 ? [] : [{ path, files: [...files] }];
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify({ boot: boot.fileName, routes } satisfies TRoutePreloads, null, 1)}\n`,
      });
    },
  };
}
