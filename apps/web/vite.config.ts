import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dictionaryParts } from './vite.dictionary-parts.ts';
import { BOOT_MODULE, routePreloads } from './vite.route-preloads.ts';

const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// In development Vite serves the app and forwards API calls to the server on port 3000.
// `vite build --ssr` builds the server's entry (src/entry-server.tsx) into dist-server/ (ADR 038):
// Node loads it, so the browser bundle's chunking and preload list do not apply to it.
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react(), dictionaryParts(), ...(isSsrBuild ? [] : [routePreloads()])],
  // React Router's package exports only its development build (its warnings on); the production
  // build beside it differs in that flag alone. Built bundles use it, in the browser and, bundled
  // in rather than left to Node's resolution, on the server.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  ssr: isSsrBuild ? { noExternal: ['react-router'] } : {},
  server: {
    port: 5173,
    proxy: { '/trpc': 'http://localhost:3000', '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-server',
        sourcemap: false,
        copyPublicDir: false,
        // One file: a lazy page's import() is then a resolved promise, not a module lookup at
        // run time on every request (measured: the loader's resolve hooks were the largest cost
        // of a drawn page, docs/benchmarks.md).
        rolldownOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        target: 'es2022',
        sourcemap: false,
        // The zxcvbn dictionaries (~1.2 MB gzip) are one lazy chunk, loaded only on pages with a
        // password meter; every other chunk stays far below this.
        chunkSizeWarningLimit: 2600,
        rolldownOptions: {
          // boot.ts is the one script of a server-drawn page's head: a second entry, of its own, that
          // starts the app's entry after the first paint (ADR 038, "Scripts after the paint").
          input: { index: fileURLToPath(new URL('index.html', import.meta.url)), boot: BOOT_MODULE },
          // @trpc/client and @trpc/react-query are side-effect free but do not say so in their
          // package.json (@trpc/server does): without this, the WebSocket link and the whole client
          // index stay in the entry of every page though nothing uses them (ADR 027).
          treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@trpc[\\/]/.test(id) },
          output: {
            codeSplitting: {
              // Each lazy dictionary part is a named chunk of its own (German shell texts stay in the
              // entry). Left to itself, rolldown once put its runtime helpers into the lazy English
              // dictionary, and then every page loaded that (ADR 020).
              groups: [
                {
                  debugName: 'dictionary parts',
                  name: (id) => `dictionary-${/virtual:dictionary\/(\w+\/\w+)/.exec(id)?.[1]?.replace('/', '-')}`,
                  test: /virtual:dictionary\/(?!de\/shell)/,
                },
              ],
            },
          },
        },
      },
}));
