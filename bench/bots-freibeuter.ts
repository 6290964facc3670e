/**
 * How well Freibeuter's bot players play, measured, not asserted: whole games of one bot against
 * random players, the bot taking each seat in turn. Prints the bot's wins, ties and losses, its
 * mean reward (the share of the others it finished ahead of), the mean score margin over the best
 * other player, and the time and search iterations per decision.
 *
 *   npx tsx bench/bots-freibeuter.ts [games=20] [level=normal] [seats=2]
 *
 * A 2-player game takes the bot about 40 decisions, about 12 s at the normal level. Random games
 * end within 140 actions, well before the search cuts a playout off, so the game needs no
 * `estimate`.
 */
import { performance } from 'node:perf_hooks';
import { chooseAction, LEVELS, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import { nextUint32, seedRng, type Seat } from '../src/engine/index.js';
import { freibeuter, type FreibeuterAction, type FreibeuterState } from '../src/games/freibeuter/rules.js';

const args = process.argv.slice(2);
const games = Number(args[0] ?? 20);
const level = (args[1] ?? 'normal') as Level;
const seats = Number(args[2] ?? 2);
if (!Number.isInteger(games) || games < 1 || !LEVELS.includes(level) || !Number.isInteger(seats) || seats < 2 || seats > 4) {
  throw new Error('usage: bots-freibeuter.ts [games] [easy|normal|hard] [2-4]');
}

// The definition the bot searches: counting determinizations counts the search's iterations.
let iterations = 0;
const searched = {
  ...freibeuter,
  determinize(s: FreibeuterState, seat: Seat, seed: string): FreibeuterState {
    iterations++;
    return freibeuter.determinize?.(s, seat, seed) as FreibeuterState;
  },
};

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const times: number[] = [];
const iterationCounts: number[] = [];
let wins = 0;
let ties = 0;
let reward = 0;
let margin = 0;
const started = performance.now();
for (let game = 0; game < games; game++) {
  const bot = game % seats;
  const seed = `bots-freibeuter-${game}`;
  const rng = seedRng(`random-players/${seed}`);
  let state = freibeuter.setup({ seats, seed, options: {} });
  for (let version = 0; !freibeuter.isOver(state); version++) {
    const seat = freibeuter.toAct(state)[0] as Seat;
    const legal = freibeuter.legalActions(state, seat);
    let action: FreibeuterAction;
    if (seat === bot && legal.length > 1) {
      iterations = 0;
      const t = performance.now();
      action = chooseAction(searched, state, seat, { level, seed: `${seed}/${version}/${seat}` });
      times.push(performance.now() - t);
      iterationCounts.push(iterations);
    } else {
      action = legal[nextUint32(rng) % legal.length] as FreibeuterAction;
    }
    state = freibeuter.apply(state, seat, action);
  }
  const result = freibeuter.result(state);
  if (!result) throw new Error('the game did not end');
  const first = result.ranking[0] as Seat[];
  if (first.includes(bot)) {
    if (first.length === 1) wins++;
    else ties++;
  }
  reward += rewardsOf(result)[bot] as number;
  const best = Math.max(...result.scores.filter((_, seat) => seat !== bot));
  margin += (result.scores[bot] as number) - best;
  process.stdout.write(`game ${game + 1}/${games}: bot (seat ${bot}) ${result.scores[bot]} vs best other ${best}\n`);
}

const share = (n: number) => `${((100 * n) / games).toFixed(0)}%`;
console.log(`\nFreibeuter, ${seats} players: bot (${level}) against random players, ${games} games`);
console.log(`wins ${wins} (${share(wins)}), ties ${ties}, losses ${games - wins - ties}; chance of a win ${(100 / seats).toFixed(0)}%`);
console.log(`mean reward ${(reward / games).toFixed(2)} (random play: 0.50), mean margin over the best other ${(margin / games).toFixed(1)}`);
console.log(
  `decisions ${times.length}: median ${percentile(times, 0.5).toFixed(0)} ms, p90 ${percentile(times, 0.9).toFixed(0)} ms; ` +
    `iterations median ${percentile(iterationCounts, 0.5)}, p10 ${percentile(iterationCounts, 0.1)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
