/**
 * The seed of an e2e run, so that a failure can be played again. The simulated players' random
 * picks (randomFrom in play.ts) and the deal of every game the bot starts (seedGames) follow from
 * it; every failing test says it, and `E2E_SEED=<n> npx vitest run --project e2e <file>` deals
 * the same cards and makes the same picks again. What stays free is timing: how many moves one
 * post tells, and how far a bot's search gets in its time.
 *
 * Unset, the seed is 0 and every run plays the same games; `E2E_SEED=random` draws a new one.
 * Every failing e2e test names the seed (seed-report.ts, vitest.config.ts: setupFiles). This module
 * loads no test framework: the benches drive the simulated players with it too.
 */
import { randomInt } from 'node:crypto';
import { inDatabase } from './database-access.js';

function runSeed(): number {
  const given = process.env.E2E_SEED ?? '0';
  // Drawn once and kept in the environment: the whole run says and uses the same one.
  if (given === 'random') process.env.E2E_SEED = String(randomInt(2 ** 31));
  const seed = process.env.E2E_SEED ?? '0';
  if (!/^\d{1,10}$/.test(seed)) throw new Error(`E2E_SEED is a whole number or "random", not "${seed}"`);
  return Number(seed) >>> 0;
}

export const E2E_SEED = runSeed();

/** Where a test's own stream of random picks starts: the stream number itself for the seed 0. */
export const streamStart = (stream: number): number => (Math.imul(E2E_SEED, 0x9e3779b9) ^ stream) >>> 0;

/**
 * Makes the bot deal every game it opens from now on from the run's seed and the game's number
 * instead of a random one (it stores a seed per game and deals, replays and lets its bots think
 * from it). A trigger in the test's database: the bot itself is left as deployed.
 */
export function seedGames(databasePath: string): void {
  inDatabase(
    databasePath,
    (db) =>
      db.exec(
        `CREATE TRIGGER IF NOT EXISTS e2e_seeded_games AFTER INSERT ON games BEGIN UPDATE games SET seed = 'e2e-${E2E_SEED}-' || NEW.id WHERE id = NEW.id; END`,
      ),
    { readonly: false },
  );
}
