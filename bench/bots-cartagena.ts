/**
 * `npx tsx bench/bots-cartagena.ts [games] [level]`: how strong and how fast Cartagena's bot
 * players are. Prints random legal actions per second through `apply` for each variant, then
 * plays two-player Jamaica games of the bot against a random player (the bot taking each seat in
 * turn), with and without the game's `estimate`, and prints the bot's win rate (chance is 50%);
 * then the bot with the estimate against the bot without. Measured, not asserted. A game at level
 * normal takes about a minute of one core.
 */
import { performance } from 'node:perf_hooks';
import { chooseAction, LEVELS, type Level } from '../src/ai/index.js';
import { nextUint32, seedRng, type Seat } from '../src/engine/index.js';
import { cartagena, type CartagenaState } from '../src/games/cartagena/rules.js';

const games = Number(process.argv[2] ?? 20);
const level = (process.argv[3] ?? 'normal') as Level;
if (!Number.isInteger(games) || games < 1 || !LEVELS.includes(level)) throw new Error('usage: bots-cartagena.ts [games] [easy|normal|hard]');

/** Random legal actions through `apply` for about a second, restarting finished games. */
function engineRate(seats: number, version: 'jamaica' | 'tortuga'): number {
  const rng = seedRng('bench');
  const options = cartagena.options.parse({ version });
  let state = cartagena.setup({ seats, seed: 'bench-0', options });
  let actions = 0;
  let played = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (let i = 0; i < 200; i++) {
      if (cartagena.isOver(state)) state = cartagena.setup({ seats, seed: `bench-${++played}`, options });
      const seat = cartagena.toAct(state)[0] as Seat;
      const legal = cartagena.legalActions(state, seat);
      state = cartagena.apply(state, seat, legal[nextUint32(rng) % legal.length]!);
      actions++;
    }
  }
  return actions / ((performance.now() - start) / 1000);
}

type Player = { def: typeof cartagena } | 'random';

interface Outcome {
  winner: Seat | null;
  turns: number;
  decisions: number;
  thinkingMs: number;
}

/** One two-player Jamaica game between two players; bots decide with their own definition. */
function playGame(players: [Player, Player], n: number): Outcome {
  const rng = seedRng(`random-player/${n}`);
  let state: CartagenaState = cartagena.setup({ seats: 2, seed: `bots-${n}`, options: cartagena.options.parse({ version: 'jamaica' }) });
  let decisions = 0;
  let thinkingMs = 0;
  for (let step = 0; !cartagena.isOver(state); step++) {
    const seat = cartagena.toAct(state)[0] as Seat;
    const player = players[seat] as Player;
    let action;
    if (player === 'random') {
      const legal = cartagena.legalActions(state, seat);
      action = legal[nextUint32(rng) % legal.length]!;
    } else {
      const started = performance.now();
      action = chooseAction(player.def, state, seat, { level, seed: `bots-${n}/${step}` });
      thinkingMs += performance.now() - started;
      decisions++;
    }
    state = cartagena.apply(state, seat, action);
  }
  const first = cartagena.result(state)?.ranking[0] ?? [];
  return { winner: first.length === 1 ? (first[0] as Seat) : null, turns: state.turn, decisions, thinkingMs };
}

/** Plays `games` games, `a` taking seat 0 in even games and seat 1 in odd ones; prints how often `a` won. */
function match(label: string, a: Player, b: Player): void {
  let wins = 0;
  let turns = 0;
  let decisions = 0;
  let thinkingMs = 0;
  for (let n = 0; n < games; n++) {
    const aSeat = n % 2;
    const outcome = playGame(aSeat === 0 ? [a, b] : [b, a], n);
    wins += outcome.winner === aSeat ? 1 : 0;
    turns += outcome.turns;
    decisions += outcome.decisions;
    thinkingMs += outcome.thinkingMs;
  }
  const perDecision = (thinkingMs / Math.max(1, decisions)).toFixed(0);
  console.log(`${label}: won ${wins} of ${games} (${((100 * wins) / games).toFixed(0)}%, chance 50%); ${(turns / games).toFixed(0)} turns a game, ${perDecision} ms a decision`);
}

for (const version of ['jamaica', 'tortuga'] as const) {
  for (const seats of [2, 5]) console.log(`engine ${version}, ${seats} players: ${Math.round(engineRate(seats, version)).toLocaleString('en')} random actions/s`);
}
const { estimate: _estimate, ...withoutEstimate } = cartagena;
const withIt: Player = { def: cartagena };
const withoutIt: Player = { def: withoutEstimate };
match(`bot (${level}) with estimate vs random, Jamaica, 2 players`, withIt, 'random');
match(`bot (${level}) without estimate vs random`, withoutIt, 'random');
match(`bot (${level}) with estimate vs without`, withIt, withoutIt);
