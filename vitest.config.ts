import { defineConfig } from 'vitest/config';

/**
 * Integration test files that need a process of their own (ADR 040): they replace a module
 * (vi.mock), or open an SQLite file while the suite runs on PostgreSQL (a process binds its tables
 * to one dialect, packages/db/src/tables.ts).
 */
const ISOLATED = [
  'apps/server/src/http/sign-in-uniform.integration.test.ts',
  'apps/server/src/backup-restore.integration.test.ts',
  'packages/db/src/copy-to-postgres/copy-to-postgres.integration.test.ts',
  'packages/core/src/load-data/load-data.integration.test.ts',
  'packages/core/src/maintenance/crash-consistency.integration.test.ts',
];

const INTEGRATION = {
  // better-sqlite3 and argon2 are native modules: one process per worker, no threads.
  pool: 'forks' as const,
  // TEST_DATABASE=postgres: a throwaway PostgreSQL cluster for the run (ADR 028).
  globalSetup: ['./vitest.global-setup.ts'],
  testTimeout: 20_000,
};

/**
 * Three projects (cal.com): `unit` for pure logic beside the code, `integration` for procedures run
 * through `createCaller` (and the Hono app) on a fresh migrated SQLite file per test file, and
 * `integration-isolated` for the few integration files that need a process of their own.
 * `npm run test:unit` (`vitest run`) runs all three; `vitest run --project unit` runs one.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, which
    // then idles half the time while tests wait on argon2, fsync, SMTP and PostgreSQL. Three keep
    // both cores busy (measured in docs/benchmarks.md, CI timings).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // epic-stack: an unexpected console.error fails the test that caused it.
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'content/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['**/src/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...ISOLATED],
          ...INTEGRATION,
          // ADR 040: the test files of a worker share its process and its evaluated modules. A fresh
          // process per file evaluated the whole module graph again for each of them: 330 of the
          // SQLite suite's 410 s were imports, and without isolation the suites take 240 and 300 s
          // instead of 380 and 514 (2026-12-02). Each file still gets a database of its own.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-isolated',
          include: ISOLATED,
          ...INTEGRATION,
        },
      },
    ],
  },
});
