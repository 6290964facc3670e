import { configDefaults, defineConfig } from 'vitest/config';

// Three projects: fast unit/property tests next to the code; the tests that need PostgreSQL
// (`*.pg.test.ts`), against a server the run starts itself (tests/support/postgres); and
// end-to-end tests that start the real bot process against the local Discord-compatible server in
// tests/e2e.
/**
 * The tests of storage, run on SQLite in `unit` and again on PostgreSQL in `postgres`: each makes
 * its store with tests/support/test-store.ts (CONTRIBUTING.md, "PostgreSQL in the tests"). Left
 * out, as about SQLite itself: query plans (src/db/lobby-store.test.ts, tests/unit/bounded-reads),
 * files, backups, locks and upgrades (src/db/{backup,connection,lock,private-files,run-marker,
 * upgrade}.test.ts, src/restore, src/ratings-rebuild, tests/unit/big-server), a full disk
 * (src/service/full-disk.test.ts).
 */
const storageSuite = [
  'src/discord/announcer.test.ts',
  'src/discord/scheduler-many.test.ts',
  'src/discord/scheduler.test.ts',
  'src/discord/game-log.test.ts',
  'src/discord/identify-throttler.test.ts',
  'src/discord/invalid-requests.test.ts',
  'src/discord/public-moves.test.ts',
  'src/discord/replay.test.ts',
  'src/discord/bot-players.test.ts',
  'src/discord/earlier-clicks.test.ts',
  'src/discord/lobby-close.test.ts',
  'src/discord/member-checks.test.ts',
  'src/discord/post-content.test.ts',
  'src/discord/commands/settings/settings.test.ts',
  'src/discord/turn-posts.test.ts',
  'src/db/commit-whole.test.ts',
  'src/db/finish-records.test.ts',
  'src/db/identify-store.test.ts',
  'src/db/move-times.test.ts',
  'src/db/one-trip.test.ts',
  'src/db/open-games.test.ts',
  'src/db/settings-store.test.ts',
  'src/db/shard.test.ts',
  'src/db/storage.test.ts',
  'src/db/transaction.test.ts',
  'src/db/wait-store.test.ts',
  'src/service/after-commit.test.ts',
  'src/service/deadlines.test.ts',
  'src/service/earlier-clicks.test.ts',
  'src/service/game-service.test.ts',
  'src/service/guild-membership.test.ts',
  'src/service/lobby-limits.test.ts',
  'src/service/members.test.ts',
  'src/service/pings.test.ts',
  'src/service/ratings.test.ts',
  'src/service/replay-states.test.ts',
  'src/service/shown.test.ts',
  'src/service/solo-start.test.ts',
  'src/service/standings.test.ts',
  'src/service/stats.test.ts',
  'src/service/time-off.test.ts',
  'src/service/undo.test.ts',
];

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
          // The test server PostgreSQL's e2e test runs the bot against (tests/e2e/postgres-game.test.ts).
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/support/postgres/global-setup.ts'],
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
