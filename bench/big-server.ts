/**
 * A server with 100,000 finished games, against the issue's target: "/stats answers within a
 * second and the memory does not grow".
 *
 * 1. The database is built straight into a file (tests/support/big-server.ts, the same builder as
 *    the e2e test): one guild, 100,000 finished games of every registered game from real final states,
 *    seats for 2-5 players among 3,000 members (the first regular in about one game in seven, some
 *    16,000), a bot at one table in ten, the players' records, one game in 200 with its whole log.
 * 2. The real bot (built to dist/, run by plain Node with NODE_ENV=production, as the image runs it)
 *    starts on that file against the local fake Discord; its resident memory is read once it has
 *    written its first backup (at once on a file without one) and settled.
 * 3. One after another, so that each answer is timed alone: /stats by the regular for himself,
 *    /stats about another member, /leaderboard of each game in turn, /profile (with its chart), and /games (a member's open
 *    games, read among his 16,000 finished ones before schema 11), CALLS times each. The time is
 *    the local Discord's, from the interaction's dispatch to the bot's answer. Memory is read again.
 * 4. For comparison, with the bot stopped, the same file is asked in this process the way /games
 *    and /leaderboard read it before schema 11 and the way they read it now (the store's reads).
 *
 * `npm run bench` runs this; `npx tsx bench/big-server.ts` runs it alone (about a minute). Nothing
 * is asserted. The temporary directory and the bot process are removed at the end.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startFakeDiscord, type SimUser } from '../tests/e2e/server/index.js';
import { buildBigServer, type BigServer } from '../tests/support/big-server.js';
import { openDatabase } from '../src/db/connection.js';
import { Storage } from '../src/db/storage.js';
import { registry } from '../src/games/index.js';
import { builtBot, ChildBot } from './latency/child.js';
import { percentile } from './latency/common.js';
import { formatTable } from './table.js';

/** Answers timed per command. */
const CALLS = 20;
const GAMES = Object.keys(registry);
const TARGET_MS = 1000;

interface Timed {
  label: string;
  /** Dispatch to answer, per call, in ms. */
  ms: number[];
  /** Calls that got no text back. */
  empty: number;
}

interface Reading {
  rssKiB: number;
  peakKiB: number;
}

export interface BigServerReport {
  built: Omit<BigServer, 'members' | 'withLog'> & { fileBytes: number };
  startMs: number;
  /** The backup the bot writes at its first start (a database without one), as it logged it. */
  backupMs: number;
  afterStart: Reading;
  afterCalls: Reading;
  answers: Timed[];
  /** In this process, the reads as they were before schema 11 and as they are now (ms per read). */
  direct: { label: string; beforeMs: number[]; nowMs: number[] }[];
  problems: string[];
  botErrors: string[];
  load: number;
}

async function timed(label: string, ask: () => Promise<{ ackMs: number; completedMs: number | null; content: string }>): Promise<Timed> {
  const result: Timed = { label, ms: [], empty: 0 };
  for (let i = 0; i < CALLS; i++) {
    const answer = await ask();
    // Until the answer is whole: a deferred one (/profile's chart) counts when it is filled in.
    result.ms.push(answer.completedMs ?? answer.ackMs);
    if (answer.content.length === 0) result.empty++;
  }
  return result;
}

/** Resolves with the time the bot's first backup took, once its log says it is written. */
async function backedUp(bot: ChildBot): Promise<number> {
  for (const deadline = performance.now() + 180_000; performance.now() < deadline;) {
    const line = bot.jsonLines().find((l) => l.msg === 'database backed up' || l.msg === 'database backup failed; trying again at the next interval');
    if (line) return typeof line.ms === 'number' ? line.ms : Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no backup logged in 180 s:\n${bot.tail()}`);
}

function reading(bot: ChildBot): Reading {
  const m = bot.memoryKiB();
  if (!m) throw new Error(`cannot read the bot's memory (pid ${bot.pid})`);
  return { rssKiB: m.rss, peakKiB: m.peak };
}

/** ms per call of `read`, CALLS times, one after the other (the store's reads are awaited; the old statements are timed alike). */
async function timeReads(read: () => unknown): Promise<number[]> {
  await read(); // the first read brings the pages in
  const times: number[] = [];
  for (let n = 0; n < CALLS; n++) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  return times;
}

/** The store's reads now, and the statements /games and /leaderboard ran before schema 11 (copied from that version). */
async function directReads(path: string, guildId: string, regular: string): Promise<BigServerReport['direct']> {
  const db = openDatabase(path);
  try {
    const store = new Storage(db);
    const sqlite = db.$client;
    const gamesBefore = sqlite.prepare(
      `SELECT g.* FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'running') ORDER BY g.updated_at DESC`,
    );
    const boardBefore = sqlite.prepare(
      `SELECT * FROM player_records WHERE guild_id = ? AND game_id = ? ORDER BY wins DESC, cast(place_sum as real) / played, played DESC, user_id LIMIT 10`,
    );
    return [
      {
        label: '/games of the regular (about 16,000 finished games)',
        beforeMs: await timeReads(() => gamesBefore.all(regular, guildId)),
        nowMs: await timeReads(() => store.openGames.activeGamesOf(guildId, regular)),
      },
      {
        label: '/leaderboard of Cartagena (some 3,000 players)',
        beforeMs: await timeReads(() => boardBefore.all(guildId, 'cartagena')),
        nowMs: await timeReads(() => store.ratings.best(guildId, 'cartagena', 10, false)),
      },
    ];
  } finally {
    db.$client.close();
  }
}

export async function measureBigServer(): Promise<BigServerReport> {
  const discord = await startFakeDiscord({ botToken: 'bench-big-server.token', defaultTimeoutMs: 30_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'harbour-bench-big-'));
  const path = join(dataDir, 'games.sqlite');
  const bot = new ChildBot(builtBot(), {
    ...discord.botEnv(),
    DISCORD_DEV_GUILD_ID: discord.guild.id,
    DATABASE_PATH: path,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production', // as the Docker image runs it
  });
  try {
    const [regular, other, asker] = ['anne', 'bob', 'dirk'].map((name) => discord.user(name)) as [SimUser, SimUser, SimUser];
    const {
      members: _members,
      withLog: _withLog,
      ...built
    } = await buildBigServer(path, {
      guildId: discord.guild.id,
      channelId: discord.defaultChannel.id,
      regulars: [regular, other].map((u) => ({ id: u.id, name: u.username })),
    });
    const fileBytes = statSync(path).size;

    const started = performance.now();
    bot.start();
    await bot.whileRunning(discord.waitForBotReady().then(() => discord.waitForCommands(['stats', 'leaderboard', 'profile', 'games'])));
    const startMs = performance.now() - started;
    // A first start with no backup beside the file writes one at once: measured after it, alone.
    const backupMs = await bot.whileRunning(backedUp(bot));
    // The start-up catch-up follows the command registration (nothing is owed here); let it settle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const afterStart = reading(bot);

    let round = 0;
    const answers = [
      await timed('/stats of the regular, by himself', () => regular.slash('stats')),
      await timed('/stats about another member', () => asker.slash('stats', { options: { user: other.id } })),
      await timed('/leaderboard, each game in turn', () => asker.slash('leaderboard', { options: { game: GAMES[round++ % GAMES.length] as string } })),
      await timed('/games of the regular (no open game)', () => regular.slash('games')),
      await timed('/profile of the regular, with its chart', () => regular.slash('profile')),
    ];
    const afterCalls = reading(bot);
    const problems = discord.interactionProblems().map((p) => `[${p.kind}] ${p.label}: ${p.detail}`);
    await bot.stop();
    const botErrors = bot
      .jsonLines()
      .filter((l) => typeof l.level === 'number' && l.level >= 50)
      .map((l) => String(l.msg));
    const direct = await directReads(path, discord.guild.id, regular.id);
    return { built: { ...built, fileBytes }, startMs, backupMs, afterStart, afterCalls, answers, direct, problems, botErrors, load: loadavg()[0] ?? 0 };
  } finally {
    await bot.stop();
    await discord.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (kib: number) => ((kib * 1024) / 1e6).toFixed(0);
/** The local Discord times answers to the millisecond; reads in this process are finer. */
const ms = (x: number) => x.toFixed(0);
const fine = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export function formatBigServer(r: BigServerReport): string {
  const rows = [[`a server with ${r.built.games.toLocaleString('en')} finished games (target: answer < ${TARGET_MS} ms)`, 'calls', 'p50 ms', 'max ms']];
  for (const a of r.answers) {
    const s = sorted(a.ms);
    rows.push([a.label, String(s.length - a.empty), ms(percentile(s, 50)), ms(s.at(-1) ?? Number.NaN)]);
  }
  const memory = [
    ['bot resident memory', 'MB'],
    ['after start-up', mb(r.afterStart.rssKiB)],
    [`after the ${r.answers.reduce((n, a) => n + a.ms.length, 0)} calls`, mb(r.afterCalls.rssKiB)],
    ['peak over the run (VmHWM)', mb(r.afterCalls.peakKiB)],
  ];
  const direct = [['read in this process, bot stopped (ms per read)', 'before schema 11, p50', 'now, p50']];
  for (const d of r.direct) direct.push([d.label, fine(percentile(sorted(d.beforeMs), 50)), fine(percentile(sorted(d.nowMs), 50))]);
  const worst = Math.max(...r.answers.flatMap((a) => a.ms));
  const notes = [
    `Every answer ${worst < TARGET_MS ? 'within' : 'NOT within'} the target: the slowest took ${ms(worst)} ms (dispatch to the whole answer, the local Discord's clock).`,
    `Built in ${(r.built.buildMs / 1000).toFixed(1)} s: ${r.built.seats.toLocaleString('en')} seats, ${r.built.actions.toLocaleString('en')} logged actions, ` +
      `file ${(r.built.fileBytes / 1e6).toFixed(0)} MB. The bot started on it in ${(r.startMs / 1000).toFixed(1)} s (the integrity check reads every page) ` +
      `and wrote its first backup in ${(r.backupMs / 1000).toFixed(1)} s, before the calls above.`,
    `Load average ${r.load.toFixed(1)} at the end.`,
  ];
  const issues = [
    ...r.problems.map((p) => `discord: ${p}`),
    ...r.botErrors.map((e) => `bot logged: ${e}`),
    ...r.answers.filter((a) => a.empty > 0).map((a) => `${a.label}: ${a.empty} empty answers`),
  ];
  if (issues.length > 0) notes.push(`Problems (${issues.length}): ${issues.slice(0, 5).join(' | ')}`);
  return `${formatTable(rows)}\n\n${formatTable(memory)}\n\n${formatTable(direct)}\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

// Run alone: `npx tsx bench/big-server.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatBigServer(await measureBigServer()));
}
