/**
 * Paging a replay, against issue 36's target: "paging ▶ once a second through a 100-move game,
 * every step answered within 3 s with its board, on this machine".
 *
 * The real bot (built to dist/ and run by plain Node as deployed, fresh database, the on-demand limit
 * on boards as deployed: five in a row, then one every 10 s) runs against the local Discord of the
 * e2e tests. Before it starts, finished games of Shanghaien for two with 100 moves or more (from
 * fixed seeds) are written into its database through the service, as if played in the local
 * Discord's server. Then:
 * 1. alone: one member opens a game's replay at its start (`/game replay move:0`) and clicks ▶ once
 *    a second, 100 times;
 * 2. together: four members do the same at once, each in another game.
 * A member clicks ▶ a second after his previous click, or once the board of the move before is in
 * when that took longer. Measured per step: from sending the click to the viewer carrying the
 * board of that move (its image is named after the move; as the local Discord stored it, same
 * machine, same clock), and whether the viewer showed "drawing…" first.
 *
 * `npm run bench` runs it; `npx tsx bench/replay-paging.ts` runs it alone (about 4 minutes, and the
 * build). Nothing is asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/db/connection.js';
import { Storage } from '../src/db/storage.js';
import { games, presenters } from '../src/games/index.js';
import { GameService } from '../src/service/game-service.js';
import { publicMoves } from '../src/discord/public-moves.js';
import { startFakeDiscord, type FakeDiscord, type SimUser, type StoredMessage } from '../tests/e2e/server/index.js';
import { withBoard } from '../tests/e2e/replays.js';
import { playedGame } from '../tests/support/played-game.js';
import { builtBot, ChildBot } from './latency/child.js';
import { percentile, warningCounts } from './latency/common.js';
import { formatTable } from './table.js';

const STEPS = 100;
const CLICK_EVERY_MS = 1000;
const TARGET_MS = 3000;
const TOGETHER = 4;
/** How long a step may take before it counts as without a board. */
const GIVE_UP_MS = 30_000;

interface Step {
  /** Click sent → the move's board on the viewer, ms; null when it did not come. */
  boardMs: number | null;
  /** Whether the viewer said "drawing…" for the move before its board came. */
  drawingFirst: boolean;
}

interface Run {
  label: string;
  steps: Step[];
  /** Messages to the members saying "Slow down". */
  slowDowns: number;
  wallMs: number;
}

export interface ReplayPagingReport {
  runs: Run[];
  moves: number[];
  rssKiB: { start: number; end: number; peak: number } | null;
  problems: string[];
  botLog: string[];
  load: number[];
}

/** Writes finished two-player Shanghaien games of at least STEPS moves into a new database at `path`; their ids. */
async function writeGames(path: string, discord: FakeDiscord, count: number): Promise<{ ids: number[]; moves: number[] }> {
  const db = openDatabase(path);
  try {
    const service = new GameService(new Storage(db), games);
    const ids: number[] = [];
    const moves: number[] = [];
    for (let seed = 1; ids.length < count && seed < 100; seed++) {
      const place = { guildId: discord.guild.id, channelId: discord.defaultChannel.id };
      const { game } = await playedGame('shanghaien', { service, place, players: 2, seed: `replay-paging-${seed}` });
      const total = (await publicMoves({ service, presenters }, game)).seqs.length;
      if (game.row.status !== 'finished' || total < STEPS) continue;
      ids.push(game.row.id);
      moves.push(total);
    }
    // Their posts are long made: the bot owes none at start.
    db.$client.prepare('UPDATE games SET last_posted_seq = version').run();
    return { ids, moves };
  } finally {
    db.$client.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One member pages game `id` from its start, STEPS clicks on ▶ about a second apart. */
async function page(discord: FakeDiscord, user: SimUser, id: number): Promise<Step[]> {
  const opened = await user.slash('game', { subcommand: 'replay', options: { id, move: 0 } });
  let viewer = await withBoard(discord, opened.message as StoredMessage, id, 0, GIVE_UP_MS);
  const steps: Step[] = [];
  for (let move = 1; move <= STEPS; move++) {
    const clicked = performance.now();
    const revisionsBefore = discord.message(viewer.id).edits.length;
    const step = await user.click(viewer, { label: 'Next ▶' });
    let boardMs: number | null = null;
    try {
      viewer = await withBoard(discord, (step.message as StoredMessage | undefined) ?? viewer, id, move, GIVE_UP_MS);
      boardMs = performance.now() - clicked;
    } catch {
      viewer = discord.message(viewer.id);
    }
    const now = discord.message(viewer.id);
    const drawingFirst = [...now.edits.slice(revisionsBefore), now].some(
      (state) => state.content.includes(`after move ${move} of`) && state.content.includes('Drawing'),
    );
    steps.push({ boardMs, drawingFirst });
    await sleep(clicked + CLICK_EVERY_MS - performance.now());
  }
  return steps;
}

/** Members paging a game each, all at once. */
async function pageTogether(discord: FakeDiscord, label: string, members: SimUser[], ids: number[]): Promise<Run> {
  const started = performance.now();
  const all = await Promise.all(members.map((member, i) => page(discord, member, ids[i] as number)));
  const told = members.flatMap((member) => discord.visibleTo(member).flatMap((m) => [...m.edits, m].map((s) => s.content)));
  return { label, steps: all.flat(), slowDowns: told.filter((text) => /Slow down/.test(text)).length, wallMs: performance.now() - started };
}

export async function measureReplayPaging(): Promise<ReplayPagingReport> {
  const discord = await startFakeDiscord({ botToken: 'bench-replay-paging.token', defaultTimeoutMs: 30_000, keepUploadedBytes: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'harbour-bench-replay-paging-'));
  const databasePath = join(dataDir, 'games.sqlite');
  const bot = new ChildBot(builtBot(), { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id, DATABASE_PATH: databasePath, HEALTH_PORT: '0' });
  try {
    const { ids, moves } = await writeGames(databasePath, discord, 1 + TOGETHER);
    if (ids.length < 1 + TOGETHER) throw new Error(`only ${ids.length} Shanghaien games of ${STEPS} moves or more from 100 seeds`);
    bot.start();
    await bot.whileRunning(discord.waitForBotReady().then(() => discord.waitForCommands(['game'])));
    await sleep(2000); // start-up's own work (the first backup) out of the way
    const start = bot.memoryKiB();
    const load = [loadavg()[0] as number];
    const alone = await pageTogether(discord, 'one member alone', [discord.user('alone')], ids.slice(0, 1));
    load.push(loadavg()[0] as number);
    const members = Array.from({ length: TOGETHER }, (_, i) => discord.user(`pager${i + 1}`));
    const together = await pageTogether(discord, `${TOGETHER} members at once, a game each`, members, ids.slice(1));
    load.push(loadavg()[0] as number);
    const end = bot.memoryKiB();
    const problems = discord.interactionProblems().map((p) => `[${p.kind}] ${p.label}: ${p.detail}`);
    await bot.stop();
    const counts = warningCounts(bot.jsonLines());
    return {
      runs: [alone, together],
      moves,
      rssKiB: start && end ? { start: start.rss, end: end.rss, peak: end.peak } : null,
      problems,
      botLog: [...counts].map(([key, n]) => `${key} (${n}×)`),
      load,
    };
  } finally {
    await bot.stop();
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const whole = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(0));

export function formatReplayPaging(report: ReplayPagingReport): string {
  const rows = [
    ['replay paged, ▶ once a second', 'steps', 'with board', `within ${TARGET_MS / 1000} s`, 'p50 ms', 'p95 ms', 'max ms', '"drawing…" first', '"Slow down"'],
  ];
  for (const run of report.runs) {
    const times = run.steps.flatMap((s) => (s.boardMs === null ? [] : [s.boardMs])).sort((a, b) => a - b);
    const within = run.steps.filter((s) => s.boardMs !== null && s.boardMs <= TARGET_MS).length;
    rows.push([
      run.label,
      String(run.steps.length),
      String(times.length),
      String(within),
      whole(percentile(times, 50)),
      whole(percentile(times, 95)),
      whole(times.at(-1)),
      String(run.steps.filter((s) => s.drawingFirst).length),
      String(run.slowDowns),
    ]);
  }
  const missed = report.runs.flatMap((r) => r.steps).filter((s) => s.boardMs === null || s.boardMs > TARGET_MS).length;
  const rss = report.rssKiB;
  const notes = [
    `Target: every step answered within ${TARGET_MS / 1000} s with its board: ${missed === 0 ? 'met' : `${missed} steps over  ← over target`}.`,
    `Shanghaien for two, finished games of ${report.moves.join(', ')} moves written into the bot's database; ${STEPS} steps from the start each; ` +
      `the next click a second after the one before, or once the board is in when that took longer; the bot's limit of boards on demand as deployed (5 in a row, then one every 10 s).`,
    `From sending the click to the viewer carrying the move's board (as the local Discord stored it). "drawing…" first: the step's first answer came without its board.`,
    rss
      ? `Bot resident memory: ${(rss.start / 1024).toFixed(0)} MB before, ${(rss.end / 1024).toFixed(0)} MB after, peak ${(rss.peak / 1024).toFixed(0)} MB.`
      : 'Bot memory: not readable here.',
    `Load average (1 min) before, between and after: ${report.load.map((l) => l.toFixed(1)).join(', ')} on 2 cores.`,
    `Interaction problems seen by the local Discord: ${report.problems.length === 0 ? 'none' : `${report.problems.length} (${report.problems.slice(0, 3).join(' | ')})`}.`,
    `The bot logged ${report.botLog.length === 0 ? 'no warnings or errors' : report.botLog.join('; ')}.`,
  ];
  return `${formatTable(rows)}\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

// Run alone: `npx tsx bench/replay-paging.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatReplayPaging(await measureReplayPaging()));
}
