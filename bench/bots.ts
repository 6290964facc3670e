/**
 * How well the bot players play, measured, not asserted: whole games in which one seat is played
 * by a bot of one level and every other seat by random players (or by a bot of another level, or by
 * the game's heuristic player), the measured bot taking each seat in turn. Per game and variant: the measured bot's win rate
 * against chance, its mean reward (the share of the others it finished ahead of) and its time per
 * decision.
 *
 *   npx tsx bench/bots.ts [games per case=4] [game id ...]
 *   npx tsx bench/bots.ts --against-heuristic [games per case=4] [game id ...]
 *
 * `npm run bench` runs it with few games per case; more games give firmer figures (a normal bot's
 * game takes 10-40 s, a hard one's a few minutes).
 */
import { performance } from 'node:perf_hooks';
import { chooseAction, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import { nextUint32, seedRng, type AnyGameDefinition, type GameResult, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { gameCases, games, type RegisteredCase } from '../src/games/index.js';
import { percentile } from './figures.js';
import { formatTable } from './table.js';

export type BotCase = RegisteredCase;

/** The registry's cases tagged for bot matches (src/games/<id>/game.ts). */
export const BOT_CASES: BotCase[] = gameCases('bots');

/** Who plays the other seats: random players, the game's heuristic player, or a bot of a level. */
type Opponent = 'random' | 'heuristic' | Level;

export interface MatchFigures {
  games: number;
  /** Games the measured bot won alone or shared first place in. */
  wins: number;
  /** The chance of winning a game for a seat that plays like the others. */
  chance: number;
  meanReward: number;
  /** The measured bot's score less the best of the others', on average. */
  meanMargin: number;
  decisionMs: { p50: number; p95: number };
  /** Every decision's time (ms), in the order made. */
  times: number[];
}

/** How a match is played beyond its players: the game as searched (a variant of its definition), the bots' time cap, a line per game. */
export interface MatchOptions {
  def?: AnyGameDefinition;
  budgetMs?: number;
  onGame?: (game: number, measured: Seat, result: GameResult) => void;
}

/**
 * A game as its bot searches it for a measurement: `plain` without the game's help to the search
 * (estimate, playout cut-off, playout policy: uniformly random playouts to the end), `steps` with
 * another playout cut-off.
 */
export function searchedAs(def: AnyGameDefinition, how: { plain?: boolean; steps?: number }): AnyGameDefinition {
  const searched: AnyGameDefinition = how.plain ? { ...def, estimate: undefined, playoutSteps: undefined, playoutAction: undefined } : { ...def };
  if (how.steps !== undefined) searched.playoutSteps = how.steps;
  return searched;
}

/** Plays `count` games of one bot of `level` against `opponent`s. */
export function playMatch(c: BotCase, level: Level, opponent: Opponent, count: number, first = 0, options: MatchOptions = {}): MatchFigures {
  const def = options.def ?? (games[c.id] as AnyGameDefinition);
  const budget = options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {};
  const times: number[] = [];
  let wins = 0;
  let reward = 0;
  let margin = 0;
  for (let game = first; game < first + count; game++) {
    const measured = game % c.seats;
    const seed = `bots-${c.label}-${game}`;
    const rng = seedRng(`random-players/${seed}`);
    const heuristicRng = seedRng(`heuristic-players/${seed}`);
    let state = def.setup({ seats: c.seats, seed, options: def.options.parse(c.options) });
    for (let step = 0; !def.isOver(state); step++) {
      if (step > 20_000) throw new Error(`${c.label}: a game did not end`);
      const seat = (def.toAct(state) as Seat[])[0] as Seat;
      const legal = def.legalActions(state, seat) as unknown[];
      let action: unknown;
      const who = seat === measured ? level : opponent;
      if (legal.length === 1 || who === 'random') action = legal[nextUint32(rng) % legal.length];
      else if (who === 'heuristic') action = heuristicChoice(def, state, seat, heuristicRng);
      else {
        const started = performance.now();
        action = chooseAction(def, state, seat, { level: who, seed: `${seed}/${step}/${seat}`, ...budget });
        if (seat === measured) times.push(performance.now() - started);
      }
      state = def.apply(state, seat, action);
    }
    const result = def.result(state);
    if (!result) throw new Error(`${c.label}: no result`);
    if ((result.ranking[0] as Seat[]).includes(measured)) wins++;
    reward += rewardsOf(result)[measured] as number;
    margin += (result.scores[measured] as number) - Math.max(...result.scores.filter((_, s) => s !== measured));
    options.onGame?.(game, measured, result);
  }
  return { games: count, wins, chance: 1 / c.seats, meanReward: reward / count, meanMargin: margin / count, decisionMs: { p50: percentile(times, 0.5), p95: percentile(times, 0.95) }, times };
}

/** The table of `npm run bench`: normal against random players, hard against easy bots. */
export function measureBots(count: number, only?: string[]): string {
  const rows = [['case', 'normal vs random: wins (target ≥ min(2 × chance, 0.9))', 'hard vs easy: wins (> chance)', 'decision ms p50/p95 normal, hard (p95 ≤ 1500)']];
  for (const c of BOT_CASES.filter((c) => !only || only.includes(c.id))) {
    const normal = playMatch(c, 'normal', 'random', count);
    const hard = playMatch(c, 'hard', 'easy', Math.max(1, Math.floor(count / 2)));
    const rate = (m: MatchFigures) => `${m.wins}/${m.games} (chance ${m.chance.toFixed(2)}, reward ${m.meanReward.toFixed(2)})`;
    const ms = (m: MatchFigures) => `${m.decisionMs.p50.toFixed(0)}/${m.decisionMs.p95.toFixed(0)}`;
    rows.push([c.label, rate(normal), rate(hard), `${ms(normal)}, ${ms(hard)}`]);
  }
  return formatTable(rows);
}

/** Normal and hard bots against the games' heuristic players (their sparring partners). */
export function measureBotsAgainstHeuristic(count: number, only?: string[]): string {
  const rows = [['case', 'normal vs heuristic: wins', 'hard vs heuristic: wins', 'decision ms p50/p95 normal, hard']];
  for (const c of BOT_CASES.filter((c) => !only || only.includes(c.id))) {
    const normal = playMatch(c, 'normal', 'heuristic', count);
    const hard = playMatch(c, 'hard', 'heuristic', count);
    const rate = (m: MatchFigures) => `${m.wins}/${m.games} (chance ${m.chance.toFixed(2)}, reward ${m.meanReward.toFixed(2)})`;
    const ms = (m: MatchFigures) => `${m.decisionMs.p50.toFixed(0)}/${m.decisionMs.p95.toFixed(0)}`;
    rows.push([c.label, rate(normal), rate(hard), `${ms(normal)}, ${ms(hard)}`]);
  }
  return formatTable(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const againstHeuristic = args[0] === '--against-heuristic';
  const [count = '4', ...only] = againstHeuristic ? args.slice(1) : args;
  const measure = againstHeuristic ? measureBotsAgainstHeuristic : measureBots;
  console.log(measure(Number(count), only.length > 0 ? only : undefined));
}
