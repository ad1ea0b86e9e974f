import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { de } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { SERVER_SECTIONS, SHELL_KEYS, SHELL_SECTIONS } from './dictionary-sections.ts';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(file, 'utf8');

/** Every dotted leaf key of the German dictionary. */
function keysOf(node: unknown, prefix = '', out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(node as object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path);
    else keysOf(value, path, out);
  }
  return out;
}
const KEYS = keysOf(de);

// Static imports only (`import x from './y'`, `export … from './y'`, `import './y'`); a dynamic
// `import('./y')` is a lazy chunk with its own rules, and `import type` carries no code.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

/** The source files a module pulls in before it runs, following relative imports. */
function staticGraph(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(STATIC_IMPORT)) {
      const spec = match[1] as string;
      if (/\.tsx?$/.test(spec)) queue.push(join(dirname(file), spec));
    }
  }
  return [...seen];
}

/** Pages that render with the shell sections only: `shellPage(() => import('…'))` in routes.tsx. */
function shellPages(): string[] {
  const routes = join(SRC, 'app', 'routes.tsx');
  return [...read(routes).matchAll(/shellPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g)].map((m) =>
    join(dirname(routes), m[1] as string),
  );
}

/** Whether the entry's dictionary part has this key (a whole shell section, or a key of SHELL_KEYS). */
const inShell = (key: string) => {
  const [section = '', ...rest] = key.split('.');
  return SHELL_SECTIONS.includes(section) || (SHELL_KEYS[section] ?? []).includes(rest.join('.'));
};

const ROUTES = join(SRC, 'app', 'routes.tsx');
/** Titles of the routes that render with the shell part only (`shellPage`, or `titleOnly` for '/'). */
const shellRouteTitles = () => [
  ...[...read(ROUTES).matchAll(/'(pages\.[a-z_]+)',\s*shellPage\(/g)].map((m) => m[1] as string),
  ...[...read(ROUTES).matchAll(/title: '(pages\.[a-z_]+)' \} satisfies TRouteHandle,\s*lazy: titleOnly/g)].map(
    (m) => m[1] as string,
  ),
];

describe('dictionary sections of the first render', () => {
  it('ship the titles of the shell routes with the entry (the other titles come with their page part)', () => {
    const titles = shellRouteTitles();
    expect(titles).toEqual(['pages.login', 'pages.admin_login', 'pages.home']);
    expect(titles.filter((key) => !inShell(key))).toEqual([]);
  });

  it('cover every key the entry and the sign-in pages use', () => {
    const pages = shellPages();
    expect(pages.map((file) => file.slice(SRC.length))).toEqual([
      '/routes/title-page.tsx',
      '/features/auth/login-page.tsx',
      '/features/auth/admin-login-page.tsx',
    ]);
    const files = staticGraph([join(SRC, 'main.tsx'), ...pages]);
    const outside: string[] = [];
    for (const file of files) {
      // routes.tsx names every page's title; a title is read when its page renders, which waits
      // for the page part unless the route is a shell route (the test above).
      const text =
        file === ROUTES ? read(file).replace(/title: '[a-z_.]+'|'pages\.[a-z_]+',\s*(?=page\()/g, '') : read(file);
      for (const match of text.matchAll(/['"`]([a-z_]+(?:\.[a-z_0-9]+)+)['"`]/g)) {
        const key = match[1] as string;
        if (KEYS.has(key) && !inShell(key)) outside.push(`${file.slice(SRC.length)}: ${key}`);
      }
    }
    expect(files.length).toBeGreaterThan(20);
    expect(outside).toEqual([]);
  });

  it('leave out only sections no web file uses', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))
      .map((name) => join(SRC, name));
    const used = files.flatMap((file) =>
      [...read(file).matchAll(/['"`]([a-z_]+(?:\.[a-z_0-9]+)+)['"`]/g)]
        .map((m) => m[1] as string)
        .filter((key) => KEYS.has(key))
        .map((key) => ({ file: file.slice(SRC.length), key })),
    );
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter(({ key }) => SERVER_SECTIONS.includes(key.split('.')[0] as string))).toEqual([]);
  });

  it('name sections that exist', () => {
    for (const section of [...SHELL_SECTIONS, ...SERVER_SECTIONS]) expect(Object.keys(de)).toContain(section);
    for (const [section, keys] of Object.entries(SHELL_KEYS)) {
      for (const key of keys) expect(KEYS).toContain(`${section}.${key}`);
    }
  });
});
