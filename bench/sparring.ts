/**
 * The two yardsticks side by side, measured, not asserted: each game's sparring partner B (written
 * from the rules alone, apart from the bot: docs/bots.md) in one seat, taking each seat in turn,
 * against random players and against the game's heuristic player in every other seat. A few
 * seconds per case; how the bot levels fare against B is `npx tsx bench/bots.ts --against sparring-b`.
 *
 *   npx tsx bench/sparring.ts [games per case=40] [game id ...]
 */
import { randomInt, seedRng, type AnyGameDefinition, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';
import { SparringTable } from '../src/games/sparring.js';
import { BOT_CASES, type BotCase } from './bots.js';
import { wilson } from './figures.js';
import { formatTable } from './table.js';

type Others = 'random' | 'heuristic';

/** Games sparring partner B won (alone or sharing first place) against `others`. */
export function sparringWins(c: BotCase, others: Others, count: number): number {
  const def = games[c.id] as AnyGameDefinition;
  let wins = 0;
  for (let game = 0; game < count; game++) {
    const measured = game % c.seats;
    const seed = `sparring-${c.label}-${game}`;
    const rng = seedRng(`others/${seed}`);
    const tie = seedRng(`sparring/${seed}`);
    let state: unknown = def.setup({ seats: c.seats, seed, options: def.options.parse(c.options) as unknown });
    const table = new SparringTable(def, [measured]);
    table.observe(state);
    for (let step = 0; !def.isOver(state); step++) {
      if (step > 20_000) throw new Error(`${c.label}: a game did not end`);
      const seat = def.toAct(state)[0] as Seat;
      const legal = def.legalActions(state, seat) as unknown[];
      let action: unknown;
      if (seat === measured) action = table.choose(state, seat, tie);
      else if (others === 'random' || legal.length === 1) action = legal[randomInt(rng, legal.length)];
      else action = heuristicChoice(def, state, seat, rng);
      state = def.apply(state, seat, action);
      table.observe(state);
    }
    if ((def.result(state)?.ranking[0] ?? []).includes(measured)) wins++;
  }
  return wins;
}

export function measureSparring(count: number, only?: string[]): string {
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  const cell = (wins: number, c: BotCase) => {
    const [low, high] = wilson(wins, count);
    return `${wins}/${count} = ${pct(wins / count)} (${pct(low)}-${pct(high)}; chance ${pct(1 / c.seats)})`;
  };
  const rows = [['case', 'sparring B vs random: wins', 'sparring B vs heuristic: wins']];
  for (const c of BOT_CASES.filter((c) => !only || only.includes(c.id))) {
    rows.push([c.label, cell(sparringWins(c, 'random', count), c), cell(sparringWins(c, 'heuristic', count), c)]);
  }
  return formatTable(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count = '40', ...only] = process.argv.slice(2);
  console.log(measureSparring(Number(count), only.length > 0 ? only : undefined));
}
