/**
 * Resident memory of the bot, against the design target: "at most 300 MB resident with 10,000
 * stored games of which 1,000 are active".
 *
 * 0. For comparison, the bot is first started on an empty database and read once.
 * 1. A database is built before the measured bot starts, with 9,000 finished Cartagena games of
 *    three players, each played to its end and stored exactly as the bot stores a game: lobby,
 *    joins and start through GameService, then every action through the engine and the store's
 *    own commitAction (state snapshot + action log row, as GameService.commit does), every post
 *    marked as made (posts.markPosted), so the bot's start-up catch-up has nothing to post. The players
 *    are a plain sort: the forward move that gains most, a random legal action one time in five
 *    (purely random play wanders back and forth for ~400 actions a game; this gives ~150, nearer
 *    to what people play). The seats go to the same 3,000 members who then play the active games.
 *    Two worker threads build half each, in files of their own with disjoint game ids, copied
 *    into one file with SQL at the end.
 * 2. The real bot (built to dist/ and run by plain Node, as the Docker image runs it: NODE_ENV=production, LOG_LEVEL info)
 *    starts on that file against the local fake Discord of the e2e tests, and 1,000 Cartagena
 *    games are opened through Discord (/game new, Join, Join, Start), each waiting for its
 *    opening board post, 12 games at a time.
 * 3. Every active game is then touched: the player to act opens his panel, makes a move and ends
 *    his turn, and the board post of that turn is awaited, 12 games at a time. Each game has then
 *    been loaded, rendered and posted twice.
 * 4. The bot's resident memory (VmRSS of its process, board worker thread included) is read after
 *    start-up, after the openings, at the end and 10 s later with nothing happening; the kernel's
 *    high-water mark (VmHWM) gives the peak. The game counts printed are read from the database at the end, not assumed.
 *
 * With `--store=postgres` the bot keeps its games in PostgreSQL instead: a server the bench starts
 * itself (the tests' throwaway one, as bench/two-writers.ts does), the built file copied into it by
 * `npm run db:copy`'s own code (every game replayed there), and the bot started with DATABASE_URL;
 * the server's own memory is reported beside the bot's, not in it.
 *
 * `npm run bench` runs this last, on both stores; `npx tsx bench/memory.ts [--store=postgres]` runs
 * it alone (about 3 minutes on two cores). Nothing is asserted, but no new game is opened or touched once the bot holds more than
 * half of the memory the machine had available (the output says so). The temporary directory and
 * the bot processes are removed at the end.
 *
 * This file runs the steps in order; each is a module of bench/memory/: `stored-games.ts` (step 1,
 * also what the build's worker threads run), `active-games.ts` (steps 2 and 3 as the players click),
 * `bot-readings.ts` (the bot started and its memory read), `report.ts` (the report and its text) and
 * `targets.ts` (the target and the run's sizes).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freemem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { games } from '../src/games/index.js';
import { copyDatabase } from '../src/ops/db-copy/run.js';
import { startBenchPostgres, type StoreKind } from './two-writers/store.js';
import { startFakeDiscord } from '../tests/e2e/server/index.js';
import { builtBot, ChildBot, residentKiB } from './latency/child.js';
import { ACTIVE, CONCURRENCY, IDLE_MS, PLAYERS } from './memory/targets.js';
import { buildDatabase } from './memory/stored-games.js';
import { boardPosts, openGame, pool, touchGame } from './memory/active-games.js';
import { botEnv, descendants, fileSize, measureEmpty, reading, startBot } from './memory/bot-readings.js';
import { fmtMb, formatMemory, warningsOf, type MemoryReport } from './memory/report.js';

export { formatMemory, type MemoryReport } from './memory/report.js';

export async function measureMemory(store: StoreKind = 'sqlite'): Promise<MemoryReport> {
  const t0 = performance.now();
  const discord = await startFakeDiscord({ botToken: 'bench-memory.token', defaultTimeoutMs: 30_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'harbour-bench-memory-'));
  const dbPath = join(dataDir, 'games.sqlite');
  const server = store === 'postgres' ? await startBenchPostgres() : null;
  const bot = new ChildBot(builtBot(), { ...botEnv(discord, dbPath), ...(server ? { DATABASE_URL: server.url } : {}) });
  // A safety stop, so that a bot growing without bound cannot take the machine down: no new game
  // is opened or touched once it holds more than half the memory that was available at the start.
  const capKiB = Math.floor(freemem() / 1024 / 2);
  let stoppedEarly: string | null = null;
  const watch = setInterval(() => {
    const rss = bot.memoryKiB()?.rss ?? 0;
    if (rss > capKiB && !stoppedEarly) stoppedEarly = `the bot held ${fmtMb(rss)} MB, over half of the ${fmtMb(capKiB * 2)} MB available at the start`;
  }, 250);
  const stop = () => stoppedEarly !== null;
  try {
    const emptyStart = await measureEmpty(dataDir, server ? await server.another('empty') : undefined);

    // The members who play: every one of them sits in one active game and in ~9 finished ones.
    const users = Array.from({ length: ACTIVE * PLAYERS }, (_, i) => discord.user(`m${i}`, { globalName: `M${String(i).padStart(4, '0')}` }));
    const members = users.map((u) => ({ id: u.id, name: u.record.globalName ?? u.username }));

    const tBuild = performance.now();
    const built = await buildDatabase(dbPath, members, discord.guild.id, discord.defaultChannel.id);
    const builtBytes = fileSize(dbPath);
    if (server) await copyDatabase({ from: dbPath, to: server.url, registry: games, print: () => undefined });
    const t1 = performance.now();

    await startBot(bot, discord);
    const afterStart = reading(bot);
    const t2 = performance.now();

    const groups = Array.from({ length: ACTIVE }, (_, i) => users.slice(i * PLAYERS, (i + 1) * PLAYERS));
    const opened = await bot.whileRunning(pool(groups, CONCURRENCY, stop, (players, i) => openGame(discord, players, i % 2 === 0 ? 'jamaica' : 'tortuga')));
    const afterOpen = reading(bot);
    const t3 = performance.now();

    const touched = await bot.whileRunning(pool(opened.results, CONCURRENCY, stop, (game) => touchGame(discord, game)));
    const end = reading(bot);
    const t4 = performance.now();
    // Does it give the memory back once the clicks stop?
    await bot.whileRunning(new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
    const idle = reading(bot);

    const pid = bot.pid as number;
    const children = descendants(pid).map((p) => {
      let name = '?';
      try {
        name = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
      } catch {
        // gone
      }
      return { name, rss: residentKiB(p)?.rss ?? 0 };
    });
    const walBytes = server ? 0 : fileSize(`${dbPath}-wal`);
    const fileBytes = fileSize(dbPath);
    const clicks = discord.interactions().length;
    const posts = opened.results.reduce((n, game) => n + boardPosts(discord, game.threadId).length, 0);
    const problems = discord.interactionProblems().map((p) => `[${p.kind}] ${p.label}: ${p.detail}`);
    const serverKiB = server?.pid ? treeKiB(server.pid) : null;

    await bot.stop();
    const logs = bot.jsonLines();
    const counted = await (server ? storedInPostgres(server.url) : storedInFile(dbPath));
    const stored: MemoryReport['stored'] = { ...counted, fileBytes: counted.fileBytes ?? fileBytes, walBytes, builtBytes };

    return {
      store,
      serverKiB,
      emptyStart,
      afterStart,
      afterOpen,
      end,
      idle,
      childProcesses: { count: children.length, rssKiB: children.reduce((n, c) => n + c.rss, 0), names: [...new Set(children.map((c) => c.name))] },
      stored,
      built,
      ms: { empty: tBuild - t0, build: t1 - tBuild, start: t2 - t1, open: t3 - t2, touch: t4 - t3, total: performance.now() - t0 },
      opened: opened.results.length,
      touched: touched.results.length,
      clicks,
      boardPosts: posts,
      failures: [...opened.errors, ...touched.errors],
      stoppedEarly,
      problems,
      botErrors: logs.filter((l) => typeof l.level === 'number' && l.level >= 50).map((l) => String(l.msg)),
      botWarnings: warningsOf(logs),
    };
  } finally {
    clearInterval(watch);
    await bot.stop();
    await discord.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process and every process under it, KiB. */
const treeKiB = (pid: number) => [pid, ...descendants(pid)].reduce((kib, p) => kib + (residentKiB(p)?.rss ?? 0), 0);

/** The counts the report reads from the database at the end, the same query on either store. */
const COUNTS = {
  byStatus: 'SELECT status, count(*) AS n FROM games GROUP BY status',
  actions: 'SELECT count(*) AS n FROM actions',
  average: "SELECT avg(version) AS v FROM games WHERE status = 'finished'",
};
type Counted = Omit<MemoryReport['stored'], 'walBytes' | 'builtBytes' | 'fileBytes'> & { fileBytes: number | null };

function storedInFile(path: string): Counted {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const byStatus = Object.fromEntries((db.prepare(COUNTS.byStatus).all() as { status: string; n: number }[]).map((r) => [r.status, r.n]));
    const actions = (db.prepare(COUNTS.actions).get() as { n: number }).n;
    const avg = (db.prepare(COUNTS.average).get() as { v: number | null }).v ?? 0;
    return { byStatus, actions, avgActionsFinished: avg, fileBytes: null };
  } finally {
    db.close();
  }
}

async function storedInPostgres(url: string): Promise<Counted> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const byStatus = Object.fromEntries((await client.query<{ status: string; n: string }>(COUNTS.byStatus)).rows.map((r) => [r.status, Number(r.n)]));
    const actions = Number((await client.query<{ n: string }>(COUNTS.actions)).rows[0]?.n);
    const avg = Number((await client.query<{ v: string | null }>(COUNTS.average)).rows[0]?.v ?? 0);
    const size = Number((await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes')).rows[0]?.bytes);
    return { byStatus, actions, avgActionsFinished: avg, fileBytes: size };
  } finally {
    await client.end();
  }
}

// Run alone: `npx tsx bench/memory.ts [--store=postgres]`.
if (isMainThread && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { store: { type: 'string', default: 'sqlite' } } });
  if (values.store !== 'sqlite' && values.store !== 'postgres') throw new Error('--store is sqlite or postgres');
  console.log(formatMemory(await measureMemory(values.store)));
}
