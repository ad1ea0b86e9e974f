import { spawnSync } from 'node:child_process';

/*
 * `npm test` (ADR 040): every check and test suite, one after the other, stopping at the first that
 * fails, and a table of each step's time at the end: CI keeps only the output, and
 * docs/benchmarks.md records the table. The steps and their order are the former `&&` chain's.
 * They stay one after the other: the vitest suites keep both cores busy, Lighthouse needs a quiet
 * machine, and the two end-to-end suites side by side loaded the machine so far that five
 * PostgreSQL tests missed their five-second waits (2026-12-02, ADR 040).
 */

const STEPS: { name: string; script: string }[] = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'import rules', script: 'check:imports' },
  { name: 'OpenAPI document', script: 'check:openapi' },
  { name: 'content check', script: 'content:check' },
  { name: 'vitest on SQLite (unit and integration)', script: 'test:unit' },
  { name: 'vitest integration on PostgreSQL', script: 'test:postgres' },
  { name: 'build', script: 'build' },
  { name: 'web budget', script: 'check:budget' },
  { name: 'production build check', script: 'check:production' },
  { name: 'Lighthouse', script: 'check:lighthouse' },
  { name: 'end-to-end on SQLite', script: 'test:e2e' },
  { name: 'end-to-end on PostgreSQL', script: 'test:e2e:postgres' },
];

const times: { name: string; seconds: number; ok: boolean }[] = [];
const started = Date.now();
for (const { name, script } of STEPS) {
  console.log(`\n--- ${name} (npm run ${script})`);
  const stepStarted = Date.now();
  const { status } = spawnSync('npm', ['run', '-s', script], { stdio: 'inherit' });
  times.push({ name, seconds: (Date.now() - stepStarted) / 1000, ok: status === 0 });
  if (status !== 0) break;
}

console.log('\n--- step times');
for (const { name, seconds, ok } of times)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`     ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
process.exit(times.every(({ ok }) => ok) && times.length === STEPS.length ? 0 : 1);
