/**
 * `npm run bench`: engine speed, board rendering and committed actions per game, printed as a
 * table next to the targets of the design guide, then interaction latency (bench/latency.ts), the
 * bot's resident memory (bench/memory.ts), discord.js's caches over 100,000 distinct members
 * (bench/member-caches.ts) and its answers in a server with 100,000 finished games
 * (bench/big-server.ts), several processes writing one database, SQLite's and PostgreSQL's side by
 * side (bench/two-writers.ts), the games in play one host and two serve (bench/capacity.ts), and a
 * replay paged once a second (bench/replay-paging.ts), the heuristic players and sparring partners B
 * against random players (bench/heuristic.ts, bench/sparring.ts) and the bot levels against both
 * yardsticks, the heuristic players and sparring partners B (bench/strength.ts). Nothing here is
 * asserted; it is measured.
 */
import { performance } from 'node:perf_hooks';
import { gameCases, games, presenters, type GameId } from '../src/games/index.js';
import { openDatabase } from '../src/db/connection.js';
import { Storage } from '../src/db/storage.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import { translator } from '../src/i18n/index.js';
import { ensureFonts } from '../src/render/fonts.js';
import { nextUint32, seedRng, type AnyGameDefinition } from '../src/engine/index.js';
import { formatTable } from './table.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Random legal actions through `apply`, restarting finished games, for about a second. */
function engineRate(def: AnyGameDefinition, seats: number, options: unknown): number {
  const rng = seedRng('bench');
  let state: unknown = def.setup({ seats, seed: 'bench-0', options });
  let actions = 0;
  let games = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (let i = 0; i < 200; i++) {
      if (def.isOver(state)) state = def.setup({ seats, seed: `bench-${++games}`, options });
      const seat = def.toAct(state)[0] as number;
      const legal = def.legalActions(state, seat);
      state = def.apply(state, seat, legal[nextUint32(rng) % legal.length]);
      actions++;
    }
  }
  return actions / ((performance.now() - start) / 1000);
}

/** A mid-game spectator view, for rendering. */
function midGame(def: AnyGameDefinition, seats: number, options: unknown, steps: number): unknown {
  const rng = seedRng('mid');
  let state: unknown = def.setup({ seats, seed: 'mid', options });
  for (let i = 0; i < steps && !def.isOver(state); i++) {
    const seat = def.toAct(state)[0] as number;
    const legal = def.legalActions(state, seat);
    state = def.apply(state, seat, legal[nextUint32(rng) % legal.length]);
  }
  return state;
}

async function renderTimes(id: GameId, seats: number, options: unknown): Promise<{ median: number; bytes: number }> {
  const def = games[id] as AnyGameDefinition;
  const presenter = presenters[id];
  const state = midGame(def, seats, options, 60);
  const view: unknown = def.view(state, null);
  const colours = presenter.colours(seats);
  const ctx = { t: translator('en'), players: colours.map((colour, i) => ({ name: `Player ${i + 1}`, mention: '', colour })) };
  await presenter.render(view, ctx); // warm the static layer cache
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    bytes = (await presenter.render(view, ctx)).length;
    times.push(performance.now() - start);
  }
  return { median: median(times), bytes };
}

/** Validated, committed actions per second through the service and SQLite (a file, WAL). */
async function commitRate(id: GameId, seats: number, options: unknown): Promise<number> {
  const path = `bench/.out/commit-${process.pid}.sqlite`;
  const service = new GameService(new Storage(openDatabase(path)), games);
  const rng = seedRng('commit');
  const newGame = async (): Promise<LoadedGame> => {
    const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', hostId: 'u0', hostName: 'u0', gameId: id, options, locale: 'en', timeLimitMs: null });
    if (!lobby.ok) throw new Error(lobby.refusal);
    for (let s = 1; s < seats; s++) await service.join(lobby.value.id, `u${s}`, `u${s}`);
    const started = await service.start(lobby.value.id, 'u0');
    if (!started.ok) throw new Error(started.refusal);
    return started.value;
  };
  let game = await newGame();
  let actions = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    if (game.row.status !== 'running') game = await newGame();
    const seat = game.def.toAct(game.state)[0] as number;
    const legal = game.def.legalActions(game.state, seat);
    const outcome = await service.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, nextUint32(rng) % legal.length);
    if (!outcome.ok) throw new Error(outcome.refusal);
    game = outcome.value.game;
    actions++;
  }
  return actions / ((performance.now() - start) / 1000);
}

/** The registry's cases tagged for the benches (src/games/<id>/game.ts). */
const cases = gameCases('bench');

ensureFonts();
const { mkdirSync, rmSync } = await import('node:fs');
mkdirSync('bench/.out', { recursive: true });
const rows: string[][] = [['case', 'engine actions/s (≥100000)', 'render median ms (≤40)', 'PNG KiB', 'committed actions/s (≥2000)']];
for (const c of cases) {
  const def = games[c.id] as AnyGameDefinition;
  const engine = engineRate(def, c.seats, c.options);
  const render = await renderTimes(c.id, c.seats, c.options);
  const commits = await commitRate(c.id, c.seats, c.options);
  rows.push([
    c.label,
    Math.round(engine).toLocaleString('en'),
    render.median.toFixed(1),
    (render.bytes / 1024).toFixed(0),
    Math.round(commits).toLocaleString('en'),
  ]);
}
rmSync('bench/.out', { recursive: true, force: true });
console.log(formatTable(rows));
// Pages of /game log on a long game, read page by page and (for comparison) whole: ~10 s.
const { measureLogPages, formatLogPages } = await import('./log-pages.js');
console.log(`\n${formatLogPages(await measureLogPages())}`);
// Interaction latency against a bare discord.js bot: two bot processes on local fake Discords, three times: ~3.5 min.
const { measureLatency, formatLatency } = await import('./latency.js');
console.log(`\n${formatLatency(await measureLatency())}`);
// Resident memory with 10,000 stored games, 1,000 of them active through Discord, on SQLite: ~3 min.
const { measureMemory, formatMemory } = await import('./memory.js');
console.log(`\n${formatMemory(await measureMemory())}`);
// The same on PostgreSQL (a throwaway server, the file copied into it): ~4 min.
console.log(`\n${formatMemory(await measureMemory('postgres'))}`);
// discord.js's caches over 100,000 distinct members, with the bot's cache options and those before: ~1 min.
const { measureMemberCaches, formatMemberCaches } = await import('./member-caches.js');
console.log(`\n${formatMemberCaches(await measureMemberCaches())}`);
// /stats, /leaderboard, /games and /profile in a server with 100,000 finished games, and the bot's memory there: ~1.5 min.
const { measureBigServer, formatBigServer } = await import('./big-server.js');
console.log(`\n${formatBigServer(await measureBigServer())}`);
// Ten thousand deadlines due at once: the scheduler's worst block of the event loop, its pace, its memory: ~4 min.
const { measureDueDeadlines, formatDueDeadlines } = await import('./due-deadlines.js');
console.log(`\n${formatDueDeadlines(await measureDueDeadlines())}`);
// Committed actions and whole games per second with 1, 2 and 4 processes writing one database,
// SQLite's file, then PostgreSQL on a server started for it, and the two side by side: ~2 min.
const { measureBothStores } = await import('./two-writers.js');
console.log(`\n${await measureBothStores(4)}`);
// Board posts' delay after the commit, under 17 ended turns a second, without and with a flood of /game board: ~1.5 min.
const { measurePostDelay, formatPostDelay } = await import('./post-delay.js');
console.log(`\n${formatPostDelay(await measurePostDelay())}`);
// Games in play one host serves at one move a minute each (click p99 < 100 ms, post p95 < 2 s), on SQLite and on
// PostgreSQL, and two hosts on PostgreSQL; the REST requests per move and the games Discord's global limit allows:
// 1 minute counted per step here, about half an hour in all (`npx tsx bench/capacity.ts` counts 3 minutes a step
// and goes further, up to an hour and a half; `--quick`: four minutes).
const { measureCapacity, formatCapacity, setupsOf } = await import('./capacity.js');
const capacity = { steps: [100, 200, 400, 800, 1600], timing: { warmupMs: 20_000, windowMs: 60_000 } };
console.log(`\n${formatCapacity(await measureCapacity({ setups: setupsOf('both', 'both'), ...capacity }), capacity.timing)}`);
// A replay paged once a second through 100-move games, one member alone and then four at once: ~4 min.
const { measureReplayPaging, formatReplayPaging } = await import('./replay-paging.js');
console.log(`\n${formatReplayPaging(await measureReplayPaging())}`);
// Bot players' click-to-post delay in Discord: one person against a normal bot in each game, ~1 min.
const { measureBotDelay, formatBotDelay } = await import('./bot-delay.js');
console.log(`\n${formatBotDelay(await measureBotDelay())}`);
// Heuristic players against random players: 40 games per game and variant, ~5 s.
const { measureHeuristics } = await import('./heuristic.js');
console.log(`\n${measureHeuristics(40)}`);
// The second yardstick, sparring partner B, against random players and against the heuristic: 20 games per case, ~1 min.
const { measureSparring } = await import('./sparring.js');
console.log(`\n${measureSparring(20)}`);
// Bot levels against the heuristic players: a few whole games per game and variant
// (BENCH_BOT_GAMES per case, in parallel processes; about half an hour). The full table, 40
// two-player and 30 multi-player games per case, is `npx tsx bench/strength.ts` (hours).
const { measureStrength } = await import('./strength.js');
const botGames = Number(process.env.BENCH_BOT_GAMES ?? 2);
console.log(`\n${await measureStrength(botGames, botGames)}`);
