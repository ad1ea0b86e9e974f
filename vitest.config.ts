import { defineConfig } from 'vitest/config';

/**
 * Two projects (cal.com): `unit` for pure logic beside the code, `integration` for procedures run
 * through `createCaller` (and the Hono app) on a fresh migrated SQLite file per test file.
 * `npm run test:unit` (`vitest run`) runs both; `vitest run --project unit` runs one.
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
          exclude: ['**/node_modules/**', '**/dist/**'],
          // better-sqlite3 and argon2 are native modules: one process per worker, no threads.
          pool: 'forks',
          // TEST_DATABASE=postgres: a throwaway PostgreSQL cluster for the run (ADR 028).
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
