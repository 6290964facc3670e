/**
 * How well the bot players play, measured, not asserted: whole games in which one seat is played
 * by a bot of one level and every other seat by random players (or by a bot of another level, or by
 * the game's heuristic player), the measured bot taking each seat in turn. Per game and variant: the measured bot's win rate
 * against chance, its mean reward (the share of the others it finished ahead of) and its time per
 * decision.
 *
 *   npx tsx bench/bots.ts [games per case=4] [game id ...]
 *   npx tsx bench/bots.ts --against-heuristic [games per case=4] [game id ...]
 *   npx tsx bench/bots.ts --against sparring-b|heuristic [--levels hard,normal] [--seats 2] [--first K] [games per case=4] [game id ...]
 *
 * `--against` names the yardstick: the game's heuristic player or its sparring partner B (written
 * from the rules alone, apart from the bot: docs/bots.md); `--seats 2` keeps the two-player cases;
 * `--first K` plays games K..K+N-1 (the same seeds as in a longer run), so a long measurement can be
 * split into runs.
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
import { SparringTable } from '../src/games/sparring.js';
import { percentile, wilson } from './figures.js';
import { formatTable } from './table.js';

export type BotCase = RegisteredCase;

/** The registry's cases tagged for bot matches (src/games/<id>/game.ts). */
export const BOT_CASES: BotCase[] = gameCases('bots');

/** The two rule-of-thumb yardsticks: the game's heuristic player and its sparring partner B. */
export type Yardstick = 'heuristic' | 'sparring-b';

/** Who plays the other seats: random players, one of the yardsticks, or a bot of a level. */
export type Opponent = 'random' | Yardstick | Level;

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
    let state: unknown = def.setup({ seats: c.seats, seed, options: def.options.parse(c.options) as unknown });
    // Sparring partners B see every step from their seats, as players at the table do.
    const others = Array.from({ length: c.seats }, (_, seat) => seat).filter((seat) => seat !== measured);
    const sparring = opponent === 'sparring-b' ? new SparringTable(def, others) : null;
    sparring?.observe(state);
    for (let step = 0; !def.isOver(state); step++) {
      if (step > 20_000) throw new Error(`${c.label}: a game did not end`);
      const seat = def.toAct(state)[0] as Seat;
      const legal = def.legalActions(state, seat) as unknown[];
      let action: unknown;
      const who = seat === measured ? level : opponent;
      if (legal.length === 1 || who === 'random') action = legal[nextUint32(rng) % legal.length];
      else if (who === 'heuristic') action = heuristicChoice(def, state, seat, heuristicRng);
      else if (who === 'sparring-b') action = (sparring as SparringTable<unknown, unknown>).choose(state, seat, heuristicRng);
      else {
        const started = performance.now();
        action = chooseAction(def, state, seat, { level: who, seed: `${seed}/${step}/${seat}`, ...budget });
        if (seat === measured) times.push(performance.now() - started);
      }
      state = def.apply(state, seat, action);
      sparring?.observe(state);
    }
    const result = def.result(state);
    if (!result) throw new Error(`${c.label}: no result`);
    if ((result.ranking[0] as Seat[]).includes(measured)) wins++;
    reward += rewardsOf(result)[measured] as number;
    margin += (result.scores[measured] as number) - Math.max(...result.scores.filter((_, s) => s !== measured));
    options.onGame?.(game, measured, result);
  }
  return {
    games: count,
    wins,
    chance: 1 / c.seats,
    meanReward: reward / count,
    meanMargin: margin / count,
    decisionMs: { p50: percentile(times, 0.5), p95: percentile(times, 0.95) },
    times,
  };
}

/** The table of `npm run bench`: normal against random players, hard against easy bots. */
export function measureBots(count: number, only?: string[]): string {
  const rows = [
    ['case', 'normal vs random: wins (target ≥ min(2 × chance, 0.9))', 'hard vs easy: wins (> chance)', 'decision ms p50/p95 normal, hard (p95 ≤ 1500)'],
  ];
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

/** Which cases and levels a table against a yardstick covers. */
export interface AgainstOptions {
  /** Game ids; all when absent. */
  only?: string[];
  levels?: Level[];
  /** Only the cases with this many seats. */
  seats?: number;
  /** A line per game (stderr), so a long run shows its progress. */
  verbose?: boolean;
  /** The first game's number (its seed and seats), so that a measurement can be split into runs. */
  first?: number;
}

/**
 * Bots of each level against one yardstick (the heuristic players or sparring partners B): wins
 * with their 95 % interval, mean reward and the time per decision, per case and level.
 */
export function measureBotsAgainst(yardstick: Yardstick, count: number, options: AgainstOptions = {}): string {
  const levels = options.levels ?? (['normal', 'hard'] as Level[]);
  const rows = [['case', 'level', `wins vs ${yardstick} (95 % interval)`, 'reward', 'decision ms p50/p95']];
  const cases = BOT_CASES.filter((c) => (!options.only || options.only.includes(c.id)) && (options.seats === undefined || c.seats === options.seats));
  for (const c of cases) {
    for (const level of levels) {
      const onGame: MatchOptions['onGame'] = options.verbose
        ? (game, measured, result) =>
            console.error(`${c.label} ${level} vs ${yardstick} game ${game}: seat ${measured}, places ${JSON.stringify(result.ranking)}`)
        : undefined;
      const m = playMatch(c, level, yardstick, count, options.first ?? 0, { onGame });
      const [low, high] = wilson(m.wins, m.games);
      const row = [
        c.label,
        level,
        `${m.wins}/${m.games} = ${pct(m.wins / m.games)} (${pct(low)}-${pct(high)}; chance ${pct(m.chance)})`,
        m.meanReward.toFixed(2),
        `${m.decisionMs.p50.toFixed(0)}/${m.decisionMs.p95.toFixed(0)}`,
      ];
      rows.push(row);
      if (options.verbose) console.error(row.join(' | '));
    }
  }
  return formatTable(rows);
}

const pct = (x: number) => `${Math.round(100 * x)} %`;

/** The value after a flag (`--seats 2`), and the arguments without both. */
function takeFlag(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === '--against-heuristic') {
    const [count = '4', ...only] = args.slice(1);
    console.log(measureBotsAgainstHeuristic(Number(count), only.length > 0 ? only : undefined));
    process.exit(0);
  }
  const against = takeFlag(args, '--against');
  const levels = takeFlag(args, '--levels')?.split(',') as Level[] | undefined;
  const seats = takeFlag(args, '--seats');
  const first = takeFlag(args, '--first');
  const verbose = args.includes('--verbose') ? (args.splice(args.indexOf('--verbose'), 1), true) : false;
  const [count = '4', ...rest] = args;
  const only = rest.length > 0 ? rest : undefined;
  if (against === undefined) console.log(measureBots(Number(count), only));
  else if (against === 'heuristic' || against === 'sparring-b') {
    console.log(
      measureBotsAgainst(against, Number(count), {
        only,
        levels,
        seats: seats === undefined ? undefined : Number(seats),
        verbose,
        first: first === undefined ? undefined : Number(first),
      }),
    );
  } else throw new Error(`--against: heuristic or sparring-b, not ${against}`);
}
