import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/*
 * Front-end budget (run after `turbo run build --filter=@portal/web`): the JavaScript a browser
 * must load before `/login` renders stays at or below 130 KB gzip (ADR 027; it was 150 KB in
 * ADR 020), and the route pages stay out of the entry so each page costs only the visitors who
 * open it. Exits 1 when either breaks.
 *
 * Reads the Vite manifest when the build writes one, otherwise `index.html` plus the static
 * imports of the chunks it names, which is what the browser itself follows, and the boot module
 * that a server-drawn page starts them from (`route-preloads.json`).
 */

const BUDGET_KB = 130;
/** Pages that must be lazy chunks: the public entry page, the customer home, the heaviest admin page. */
const LAZY_PAGES = ['login-page', 'dashboard-page', 'admin-statistics-page'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`web budget: ${indexHtml} is missing; build first (turbo run build --filter=@portal/web)`);
  process.exit(1);
}

interface TManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type TManifest = Record<string, TManifestChunk>;

const manifestPath = [join(dist, '.vite', 'manifest.json'), join(dist, 'manifest.json')].find(existsSync);
const manifest: TManifest | undefined = manifestPath ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;

const read = (file: string) => readFileSync(join(dist, file));
const chunkNamed = (page: string) =>
  readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(name))
    .map((name) => `assets/${name}`)
    // Only this build's chunks: a restored turbo cache writes over `dist` without emptying it, so
    // files of an earlier build may sit beside them; the entry, or a chunk it loads lazily (the
    // signed-in route table, ADR 037), names the current ones.
    .filter((file) => manifest || reachableSource().includes(posix.basename(file)));

// Minified ES modules: `import{a}from"./x.js"`, `export{a}from"./x.js"`, `import"./x.js"`. A dynamic
// `import("./x.js")` has a parenthesis and is left out on purpose.
const STATIC_IMPORT = /\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g;

function staticImportsOf(file: string): string[] {
  if (manifest) {
    const chunk = Object.values(manifest).find((entry) => entry.file === file);
    return (chunk?.imports ?? []).map((key) => manifest[key]?.file).filter((f): f is string => Boolean(f));
  }
  const source = read(file).toString('utf8');
  const found: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec?.startsWith('.')) continue;
    found.push(posix.normalize(posix.join(posix.dirname(file), spec)));
  }
  return found;
}

/** The files `roots` pull in before they run: themselves and their static imports, transitively. */
function closure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    queue.push(...staticImportsOf(file));
  }
  return [...seen];
}

const html = readFileSync(indexHtml, 'utf8');
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
const htmlScripts = [...html.matchAll(/<script\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => /type="module"/.test(tag))
  .map((tag) => attr(tag, 'src'));
const htmlPreloads = [...html.matchAll(/<link\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => /rel="modulepreload"/.test(tag))
  .map((tag) => attr(tag, 'href'));
const toDistPath = (url: string | undefined) => url?.replace(/^\//, '');
const entries = htmlScripts.map(toDistPath).filter((f): f is string => Boolean(f));
if (entries.length === 0) {
  console.error('web budget: index.html has no <script type="module" src>');
  process.exit(1);
}

// A page the server drew names only the boot module, which then loads the same entry (ADR 038):
// counted too, so that the budget holds for drawn pages as for the plain app.
const routePreloadsFile = join(dist, 'route-preloads.json');
const boot: string | undefined = existsSync(routePreloadsFile)
  ? JSON.parse(readFileSync(routePreloadsFile, 'utf8')).boot
  : undefined;

const initial = closure([
  ...(boot ? [boot] : []),
  ...entries,
  ...htmlPreloads.map(toDistPath).filter((f): f is string => Boolean(f)),
  ...(manifest
    ? Object.values(manifest)
        .filter((c) => c.isEntry)
        .map((c) => c.file)
    : []),
]);

let reachableText: string | undefined;
/**
 * The text of the chunks loaded up front and of every chunk they name, transitively: the router's
 * `import()` of each page is in there, in the entry or in the signed-in route table it discovers.
 */
function reachableSource(): string {
  if (reachableText !== undefined) return reachableText;
  const names = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const seen = new Set(initial);
  const queue = [...initial];
  const texts: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const text = read(file).toString('utf8');
    texts.push(text);
    for (const name of names) {
      const named = `assets/${name}`;
      if (!seen.has(named) && text.includes(name)) {
        seen.add(named);
        queue.push(named);
      }
    }
  }
  reachableText = texts.join('\n');
  return reachableText;
}

const loginChunks = chunkNamed('login-page');
if (loginChunks.length === 0) {
  console.error('web budget: no login-page chunk referenced by the entry');
  process.exit(1);
}
const loginInitial = closure([...initial, ...loginChunks]);

interface TRow {
  file: string;
  raw: number;
  gzip: number;
}
const sizes = new Map<string, TRow>();
const sizeOf = (file: string): TRow => {
  let row = sizes.get(file);
  if (!row) {
    const bytes = read(file);
    row = { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, row);
  }
  return row;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(title: string, files: string[]): number {
  const rows = files.map(sizeOf).sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...rows.map((r) => r.file.length), 'total'.length);
  console.log(`\n${title}`);
  console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  for (const row of rows) {
    console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}`);
  }
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`${'total'.padEnd(width)}  ${kb(raw).padStart(8)}  ${kb(gzip).padStart(8)}`);
  return gzip;
}

console.log(`web budget: ${manifestPath ? `manifest ${manifestPath}` : 'index.html and static imports (no manifest)'}`);
const initialGzip = printTable('Initial JavaScript, every route (entry + static imports):', initial);
const loginGzip = printTable('Initial JavaScript for /login (plus the login page chunk):', loginInitial);

const failures: string[] = [];
// The budget is for /login, which is the entry plus its page: a superset of what every route loads.
if (loginGzip > BUDGET_KB * 1024) {
  failures.push(`initial JavaScript for /login is ${kb(loginGzip)} KB gzip, budget ${BUDGET_KB} KB`);
}

// A page is lazy when it is its own chunk, nothing loaded up front includes it, and something up
// front, or a chunk that loads lazily from there, refers to it (the router's `import()`), so the
// split is not an accident of dead code.
for (const page of LAZY_PAGES) {
  const chunks = manifest
    ? Object.values(manifest)
        .map((c) => c.file)
        .filter((file) => new RegExp(`/${page}-[\\w-]{8}\\.js$`).test(file))
    : chunkNamed(page);
  if (chunks.length === 0) {
    failures.push(`${page}: no chunk of its own that the entry refers to`);
    continue;
  }
  for (const chunk of chunks) {
    if (initial.includes(chunk)) failures.push(`${page}: ${chunk} is loaded up front`);
    const name = posix.basename(chunk);
    const dynamicallyImported = manifest
      ? Object.values(manifest).some((c) => (c.dynamicImports ?? []).some((key) => manifest[key]?.file === chunk))
      : reachableSource().includes(name);
    if (!dynamicallyImported) failures.push(`${page}: ${chunk} is not referenced as a lazy import`);
  }
  console.log(`lazy: ${page} -> ${chunks.join(', ')}`);
}

console.log(
  `\nweb budget: every route ${kb(initialGzip)} KB, /login ${kb(loginGzip)} KB gzip (budget ${BUDGET_KB} KB)`,
);
if (failures.length > 0) {
  console.error(`web budget failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
