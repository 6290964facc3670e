import { configDefaults, defineConfig } from 'vitest/config';

// Three projects: fast unit/property tests next to the code; the tests that need PostgreSQL
// (`*.pg.test.ts`), against a server the run starts itself (tests/support/postgres); and
// end-to-end tests that start the real bot process against the local Discord-compatible server in
// tests/e2e.
/** The tests of storage, run on SQLite in `unit` and again on PostgreSQL in `postgres`. */
const storageSuite = ['src/service/game-service.test.ts', 'src/db/commit-whole.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          // The tests written for PostgreSQL, and the storage suite run again on it (see
          // tests/support/test-store.ts): the same tests as in `unit`, each on a database of its own.
          include: ['src/**/*.pg.test.ts', 'tests/unit/**/*.pg.test.ts', ...storageSuite],
          env: { HARBOUR_TEST_STORE: 'postgres' },
          globalSetup: ['tests/support/postgres/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The run's seed: said by every failure, replayed with E2E_SEED (tests/e2e/seed.ts).
          setupFiles: ['tests/e2e/seed-report.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
