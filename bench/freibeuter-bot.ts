/**
 * The Freibeuter bot against the heuristic players: one seat played by the bot at a level, every
 * other seat by the heuristic sparring partner, the bot taking each seat in turn. Prints its wins
 * and its mean reward (the share of the others it finished ahead of) with 95 % Wilson intervals,
 * and its time per decision. `--plain` takes the search's game-specific help away (playout
 * policy, estimate and cut-off, obvious steps): the bot as it was before it had them.
 *
 *   npx tsx bench/freibeuter-bot.ts <seats> <games> [level=normal] [--plain] [--steps=N] [--from=N]
 *   npx tsx bench/freibeuter-bot.ts --timing [positions=30] [--plain]
 *
 * `--timing` plays heuristic games and times the normal and the hard bot on positions from them
 * (no time cap: the iterations alone decide), in wall-clock and in CPU time (what an idle machine
 * would take, about, when other work shares the cores). `--steps=N` sets the playout cut-off (400: none).
 */
import { performance } from 'node:perf_hooks';
import { decideAction, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import { seedRng, type AnyGameDefinition, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';

const args = process.argv.slice(2);
const plain = args.includes('--plain');
const steps = args.find((a) => a.startsWith('--steps='))?.slice(8);
const from = Number(args.find((a) => a.startsWith('--from='))?.slice(7) ?? 0);
const positional = args.filter((a) => !a.startsWith('--'));

function gameDef(): AnyGameDefinition {
  const def = { ...(games.freibeuter as AnyGameDefinition) };
  if (plain) {
    delete def.playoutAction;
    delete def.estimate;
    delete def.playoutSteps;
    delete def.obviousStep;
  }
  if (steps !== undefined) def.playoutSteps = Number(steps);
  return def;
}

/** The 95 % Wilson interval of k successes in n. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const pct = ([lo, hi]: [number, number]) => `${(100 * lo).toFixed(0)}-${(100 * hi).toFixed(0)} %`;

function match(seats: number, count: number, level: Level): void {
  const def = gameDef();
  const times: number[] = [];
  let wins = 0;
  let reward = 0;
  let boardedNoSpare = 0;
  for (let game = from; game < from + count; game++) {
    const measured = game % seats;
    const seed = `freibeuter-bot-${seats}-${game}`;
    const heuristicRng = seedRng(`heuristic-players/${seed}`);
    let state = def.setup({ seats, seed, options: def.options.parse({}) });
    for (let step = 0; !def.isOver(state); step++) {
      const seat = (def.toAct(state) as Seat[])[0] as Seat;
      let action: unknown;
      if (seat === measured) {
        const started = performance.now();
        action = decideAction(def, state, seat, { level, seed: `${seed}/${step}`, budgetMs: Number.POSITIVE_INFINITY }).action;
        times.push(performance.now() - started);
        const a = action as { type: string };
        if (a.type === 'board' && state.players[seat].boats <= 3) boardedNoSpare++;
      } else action = heuristicChoice(def, state, seat, heuristicRng);
      state = def.apply(state, seat, action);
    }
    const result = def.result(state);
    if (!result) throw new Error('a game ended without a result');
    const won = (result.ranking[0] as Seat[]).includes(measured);
    if (won) wins++;
    const r = rewardsOf(result)[measured] as number;
    reward += r;
    console.log(`game ${game} seat ${measured}: ${won ? 'won' : 'lost'} reward ${r.toFixed(2)} scores ${result.scores.join('/')} end ${state.end?.reason} turn ${state.turn}`);
  }
  const pairs = count * (seats - 1);
  console.log(
    `Freibeuter ${seats}p, ${level}${plain ? ' (plain)' : ''} vs heuristic: wins ${wins}/${count} (${pct(wilson(wins, count))}), ` +
      `reward ${(reward / count).toFixed(2)} (${pct(wilson(reward * (seats - 1), pairs))} of ${pairs} pairings), ` +
      `boarded with ≤ 3 boats ${boardedNoSpare}×, decision ms p50/p95 ${percentile(times, 0.5).toFixed(0)}/${percentile(times, 0.95).toFixed(0)}`,
  );
}

function timing(positions: number): void {
  const def = gameDef();
  const samples: { state: unknown; seat: Seat }[] = [];
  for (let game = 0; samples.length < positions; game++) {
    const seats = game % 2 === 0 ? 2 : 4;
    const seed = `freibeuter-timing-${game}`;
    const rng = seedRng(`heuristic-players/${seed}`);
    let state = def.setup({ seats, seed, options: def.options.parse({}) });
    for (let step = 0; !def.isOver(state) && samples.length < positions; step++) {
      const seat = (def.toAct(state) as Seat[])[0] as Seat;
      if (step % 23 === 5 && def.legalActions(state, seat).length > 1) samples.push({ state, seat });
      state = def.apply(state, seat, heuristicChoice(def, state, seat, rng));
    }
  }
  for (const level of ['normal', 'hard'] as Level[]) {
    const cpu: number[] = [];
    const times = samples.map(({ state, seat }, i) => {
      const started = performance.now();
      const before = process.cpuUsage();
      decideAction(def, state, seat, { level, seed: `timing/${i}`, budgetMs: Number.POSITIVE_INFINITY });
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      return performance.now() - started;
    });
    const figures = (xs: number[]) => `${percentile(xs, 0.5).toFixed(0)}/${percentile(xs, 0.95).toFixed(0)}/${Math.max(...xs).toFixed(0)}`;
    console.log(`${level}${plain ? ' (plain)' : ''}: ${positions} positions, ms p50/p95/max wall ${figures(times)}, cpu ${figures(cpu)}`);
  }
}

if (args.includes('--timing')) timing(Number(positional[0] ?? 30));
else match(Number(positional[0] ?? 2), Number(positional[1] ?? 20), (positional[2] ?? 'normal') as Level);
