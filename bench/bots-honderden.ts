/**
 * How well Honderden's bot players play, measured, not asserted: whole matches of one bot against
 * random players, the bot taking each seat in turn. Prints the bot's wins and losses, its mean
 * reward, and the time and search iterations per decision.
 *
 *   npx tsx bench/bots-honderden.ts [matches=20] [level=normal] [seats=2] [target=1] [claims=calm]
 *
 * Random players never claim ("ik dek") by default (`calm`): one who claimed at random would lose
 * nearly every hand by a wrong claim, which would measure nothing; `wild` lets them claim too.
 */
import { performance } from 'node:perf_hooks';
import { chooseAction, LEVELS, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import { nextUint32, seedRng, type Seat } from '../src/engine/index.js';
import { honderden, type HonderdenAction, type HonderdenState } from '../src/games/honderden/rules.js';

const args = process.argv.slice(2);
const matches = Number(args[0] ?? 20);
const level = (args[1] ?? 'normal') as Level;
const seats = Number(args[2] ?? 2);
const target = Number(args[3] ?? 1);
const wild = (args[4] ?? 'calm') === 'wild';
if (!Number.isInteger(matches) || matches < 1 || !LEVELS.includes(level) || (seats !== 2 && seats !== 3) || !Number.isInteger(target) || target < 1) {
  throw new Error('usage: bots-honderden.ts [matches] [easy|normal|hard] [2|3] [target] [calm|wild]');
}

// The definition the bot searches: counting determinizations counts the search's iterations.
let iterations = 0;
const searched = {
  ...honderden,
  determinize(s: HonderdenState, seat: Seat, seed: string): HonderdenState {
    iterations++;
    return honderden.determinize?.(s, seat, seed) as HonderdenState;
  },
};

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const times: number[] = [];
const iterationCounts: number[] = [];
let wins = 0;
let reward = 0;
let handsWon = 0;
let hands = 0;
let wrongClaims = 0;
const started = performance.now();
for (let match = 0; match < matches; match++) {
  const bot = match % seats;
  const seed = `bots-honderden-${match}`;
  const rng = seedRng(`random-players/${seed}`);
  let state = honderden.setup({ seats, seed, options: { target } });
  for (let version = 0; !honderden.isOver(state); version++) {
    const seat = honderden.toAct(state)[0] as Seat;
    const legal = honderden.legalActions(state, seat);
    let action: HonderdenAction;
    if (seat === bot && legal.length > 1) {
      iterations = 0;
      const t = performance.now();
      action = chooseAction(searched, state, seat, { level, seed: `${seed}/${version}/${seat}` });
      times.push(performance.now() - t);
      iterationCounts.push(iterations);
    } else {
      const pool = wild ? legal : legal.filter((a) => a.type !== 'claim');
      action = pool[nextUint32(rng) % pool.length] as HonderdenAction;
    }
    state = honderden.apply(state, seat, action);
    for (const e of state.events) {
      if (e.type === 'handEnded' && e.result.winner !== null) {
        hands++;
        if (e.result.winner === bot) handsWon++;
      }
      if (e.type === 'claimed' && e.seat === bot && !e.right) wrongClaims++;
    }
  }
  const result = honderden.result(state);
  if (!result) throw new Error('the match did not end');
  if (result.ranking[0]?.includes(bot)) wins++;
  reward += rewardsOf(result)[bot] as number;
  process.stdout.write(`match ${match + 1}/${matches}: bot (seat ${bot}) ${result.scores.join(' : ')}\n`);
}

const share = (n: number, of: number) => `${((100 * n) / of).toFixed(0)}%`;
console.log(`\nHonderden, ${seats} players, match to ${target}: bot (${level}) against ${wild ? 'wild' : 'calm'} random players, ${matches} matches`);
console.log(`wins ${wins} (${share(wins, matches)}); chance of a win ${(100 / seats).toFixed(0)}%; mean reward ${(reward / matches).toFixed(2)}`);
console.log(`hands won ${handsWon} of ${hands} (${share(handsWon, Math.max(1, hands))}); the bot's wrong claims ${wrongClaims}`);
console.log(
  `decisions ${times.length}: median ${percentile(times, 0.5).toFixed(0)} ms, p90 ${percentile(times, 0.9).toFixed(0)} ms; ` +
    `iterations median ${percentile(iterationCounts, 0.5)}, p10 ${percentile(iterationCounts, 0.1)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
