/**
 * Pages of `/game log` on a long game, against the target "< 100 ms per page".
 *
 * A Honderden match of three players to 25 game points (2,684 actions with the fixed seed) is
 * played with seeded random legal moves through GameService on a file database (WAL, as the bot
 * runs). Then 150 pages are built through `logMessage`, the function behind the command and its
 * buttons: the newest page, Older until the first page (or 100 pages), then Newer, each page from
 * the cursor in the previous page's button, as a click would. For comparison, as many pages are
 * built the way the log was read before: every action of the game described, then cut into pages.
 * Times are wall-clock, so a busy machine shows in the tail: the load average is printed too.
 *
 * `npm run bench` runs this near the end; `npx tsx bench/log-pages.ts` runs it alone (~10 s).
 * Nothing is asserted. The database is removed at the end.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/db/connection.js';
import { Storage } from '../src/db/storage.js';
import { nextUint32, seedRng } from '../src/engine/index.js';
import { games, presenters } from '../src/games/index.js';
import { translator, type Translate } from '../src/i18n/index.js';
import { GameService, type LoadedGame } from '../src/service/game-service.js';
import { isResign, setupEvents } from '../src/service/action-log.js';
import { decodeId } from '../src/discord/custom-id.js';
import { logMessage, PAGE_CHARS, type LogCursor } from '../src/discord/game-log.js';
import { presentContext } from '../src/discord/views/present.js';
import { storeForTests } from '../src/service/test-access.js';

const PAGES = 150;
const TARGET_MS = 100;

export interface LogPagesReport {
  actions: number;
  /** Pages of the whole log, counted going back from the newest. */
  pages: number;
  /** Per page built, in ms: the new reads, and the whole log as it was read before. */
  paged: number[];
  whole: number[];
  /** The machine's load average over the last minute, at the end. */
  load: number;
}

type Ctx = { service: GameService; presenters: typeof presenters };

/** The log as it was read before: every action described, then cut into pages (for comparison only). */
async function wholeLogPage(ctx: Ctx, gameId: number, page: number, t: Translate): Promise<string> {
  const game = (await ctx.service.load(gameId)) as LoadedGame;
  const presenter = ctx.presenters.honderden;
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const lines = presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx);
  for (const entry of await storeForTests(ctx.service).log.all(gameId)) {
    const player = pctx.players[entry.seat]?.name ?? `#${entry.seat + 1}`;
    if (entry.origin === 'timeout') lines.push(t(isResign(entry.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player }));
    lines.push(...presenter.describe(entry.publicEvents as unknown[], pctx));
  }
  const pages: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = raw.length > PAGE_CHARS ? `${raw.slice(0, PAGE_CHARS - 1)}…` : raw;
    if (current.length > 0 && current.length + 1 + line.length > PAGE_CHARS) {
      pages.push(current);
      current = '';
    }
    current = current.length > 0 ? `${current}\n${line}` : line;
  }
  pages.push(current);
  return pages[Math.min(page, pages.length - 1)] ?? '';
}

/** A long match played to its end with random legal moves, through the service as the bot plays. */
async function longGame(service: GameService): Promise<number> {
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: 'u0',
    hostName: 'Anne',
    gameId: 'honderden',
    options: { target: 25 },
    locale: 'en',
    timeLimitMs: null,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  await service.join(lobby.value.id, 'u1', 'Marc');
  await service.join(lobby.value.id, 'u2', 'Saskia');
  const started = await service.start(lobby.value.id, 'u0');
  if (!started.ok) throw new Error(started.refusal);
  let game = started.value;
  const rng = seedRng('log-pages');
  while (game.row.status === 'running') {
    const seat = game.def.toAct(game.state)[0] as number;
    const legal = game.def.legalActions(game.state, seat);
    const outcome = await service.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, nextUint32(rng) % legal.length);
    if (!outcome.ok) throw new Error(outcome.refusal);
    game = outcome.value.game;
  }
  return game.row.id;
}

/** The cursor behind one of a page's buttons (0: Older, 1: Newer); null when it is disabled. */
function cursorOf(built: NonNullable<Awaited<ReturnType<typeof logMessage>>>, button: 0 | 1): LogCursor | null {
  const found = built.message.components[0]?.components[button];
  const id = found && !found.disabled ? decodeId(found.custom_id) : null;
  return id?.kind === 'log' ? { move: id.move, toward: id.toward } : null;
}

export async function measureLogPages(): Promise<LogPagesReport> {
  const dir = `bench/.out/log-pages-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  try {
    const service = new GameService(new Storage(openDatabase(`${dir}/bench.sqlite`)), games, () => 'log-pages-1');
    const ctx: Ctx = { service, presenters };
    const t = translator('en');
    const gameId = await longGame(service);
    // Untimed: counts the pages, and reads the game's moves and prepares the store's statements as the bot's first log page does.
    let pages = 0;
    for (let back: LogCursor | null = 'newest'; back !== null; pages++) {
      const built = await logMessage(ctx, gameId, back, t);
      back = built ? cursorOf(built, 0) : null;
    }

    const paged: number[] = [];
    let cursor: LogCursor = 'newest';
    let button: 0 | 1 = 0;
    while (paged.length < PAGES) {
      const start = performance.now();
      const built = await logMessage(ctx, gameId, cursor, t);
      paged.push(performance.now() - start);
      if (!built) throw new Error('the game has no log');
      const older = button === 0 && paged.length < 100 ? cursorOf(built, 0) : null;
      if (button === 0 && older === null) button = 1;
      cursor = older ?? cursorOf(built, 1) ?? 'newest';
    }

    const whole: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const start = performance.now();
      await wholeLogPage(ctx, gameId, i, t);
      whole.push(performance.now() - start);
    }
    const actions = (await storeForTests(service).get(gameId))?.version ?? 0;
    return { actions, pages, paged, whole, load: loadavg()[0] ?? 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function stats(xs: number[]): { median: number; p99: number; max: number } {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1) as number };
}

export function formatLogPages(r: LogPagesReport): string {
  const line = (label: string, xs: number[]) => {
    const s = stats(xs);
    return `  ${label.padEnd(21)}: median ${s.median.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms, ${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms in all`;
  };
  return [
    `Log pages (Honderden, 3 players to 25 game points: ${r.actions.toLocaleString('en')} actions, ${r.pages} pages), ${r.paged.length} pages each (target < ${TARGET_MS} ms per page; load average ${r.load.toFixed(1)} on ${availableParallelism()} cores):`,
    line('page by page', r.paged),
    line('whole log, as before', r.whole),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(formatLogPages(await measureLogPages()));
