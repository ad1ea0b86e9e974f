import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/*
 * `npm run test:changed`: the quick loop before `npm test` (issue 38). It checks what the uncommitted
 * change touches, and only that:
 *
 * - Biome on the changed files; the TypeScript check of every workspace the change reaches (turbo's
 *   `...[HEAD]`: the changed workspaces and those that depend on them; the root project for scripts,
 *   e2e and configuration);
 * - the import rules (the whole graph: a circle can close anywhere), the OpenAPI document when the
 *   API or the server changed, the content check when content/ changed;
 * - the vitest files beside the change: the changed test files and the tests in the folder of each
 *   changed source file, on SQLite, and their integration tests once more on PostgreSQL. Not every
 *   test that imports a changed file: through the API's test harness nearly every integration test
 *   imports every router, so that set is the whole suite for most changes (CI runs it);
 * - the end-to-end specs that changed, on SQLite (after the web build, which turbo caches).
 *
 * `--sqlite` leaves the PostgreSQL run out. It prints each step's time. What it does not run (other
 * end-to-end specs, Lighthouse, the budget, the production build) `npm test` runs in CI.
 */

const SQLITE_ONLY = process.argv.includes('--sqlite');

function git(...args: string[]): string[] {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.split('\n').filter(Boolean);
}

/** Changed against HEAD (staged or not) and new files git does not ignore; deleted ones left out. */
const changed = [
  ...new Set([...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((file) => existsSync(file));

if (changed.length === 0) {
  console.log('test:changed: no uncommitted change.');
  process.exit(0);
}

const steps: { name: string; seconds: number; ok: boolean }[] = [];

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n--- ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push({ name, seconds: (Date.now() - started) / 1000, ok: result.status === 0 });
}

const touches = (pattern: RegExp) => changed.some((file) => pattern.test(file));
const TEST = /\.test\.tsx?$/;
/** The changed test files, and the test files in the folder of each changed source file. */
const tests = [
  ...new Set(
    changed.flatMap((file) => {
      if (TEST.test(file)) return [file];
      if (!/^(apps|packages|content)\/.*\.(ts|tsx)$/.test(file)) return [];
      const folder = dirname(file);
      return readdirSync(folder)
        .filter((name) => TEST.test(name))
        .map((name) => join(folder, name));
    }),
  ),
];

console.log(`test:changed: ${changed.length} changed file(s)`);
step('lint (changed files)', 'npx', [
  'biome',
  'check',
  '--no-errors-on-unmatched',
  '--files-ignore-unknown=true',
  ...changed,
]);
if (touches(/^(apps|packages|content)\//)) {
  step('typecheck (changed workspaces and their dependents)', 'npx', [
    'turbo',
    'run',
    'typecheck',
    '--filter=...[HEAD]',
    '--output-logs=errors-only',
  ]);
}
if (touches(/^(scripts|e2e|apps|packages|content)\/|^[^/]+\.(ts|json)$/)) {
  // The root project holds the scripts, e2e and configuration, and imports the workspaces.
  step('typecheck (root project)', 'npx', ['tsc', '-p', 'tsconfig.json']);
}
step('import rules', 'npm', ['run', '-s', 'check:imports']);
if (touches(/^(packages\/(api|core|validators|db)|apps\/server)\//))
  step('OpenAPI document', 'npm', ['run', '-s', 'check:openapi']);
if (touches(/^content\//)) step('content check', 'npm', ['run', '-s', 'content:check']);

if (tests.length > 0) {
  step(`vitest, ${tests.length} file(s) beside the change (SQLite)`, 'npx', ['vitest', 'run', ...tests]);
  const integration = tests.filter((file) => file.endsWith('.integration.test.ts'));
  if (!SQLITE_ONLY && integration.length > 0) {
    step(
      `vitest, ${integration.length} integration file(s) (PostgreSQL)`,
      'npx',
      ['vitest', 'run', '--project', 'integration*', ...integration],
      { TEST_DATABASE: 'postgres' },
    );
  }
}

const specs = changed.filter((file) => /^e2e\/.*\.spec\.ts$/.test(file));
if (specs.length > 0) {
  step('web build (cached by turbo)', 'npx', [
    'turbo',
    'run',
    'build',
    '--filter=@portal/web',
    '--output-logs=errors-only',
  ]);
  step('end-to-end specs that changed (SQLite)', 'npx', ['playwright', 'test', ...specs]);
}

console.log('\n--- test:changed');
for (const { name, seconds, ok } of steps) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${seconds.toFixed(1).padStart(6)} s  ${name}`);
}
const total = steps.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`       ${total.toFixed(1).padStart(6)} s  in all`);
process.exit(steps.every(({ ok }) => ok) ? 0 : 1);
