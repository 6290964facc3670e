/**
 * Several hosts share the shards of one bot on one PostgreSQL database (SHARD_COUNT over all of
 * them, SHARD_IDS each), through the local Discord with a server on each of three shards. Each
 * shard's process acts only under its shard's lease:
 * - three hosts with disjoint ranges serve the servers of every shard;
 * - a host killed with SIGKILL mid-game is replaced by a new process with its SHARD_IDS, which
 *   takes the shard once the lease has run out, and the game finishes;
 * - a host frozen with SIGSTOP whose shard a standby host then takes is woken with SIGCONT, and
 *   nothing is answered or posted twice (every answer and every post counted by the local Discord,
 *   which sends the shard's events to both hosts' sessions), nor moved twice (the game's log);
 * - SIGTERM hands the shard over at once, not when the lease would have run out;
 * - and, all along, the hosts' identifies keep Discord's 5 s per bucket between them (their slots
 *   in the database): the local Discord refuses none.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BotProcess } from './bot-process.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { isBoardPost, playRandomly, randomFrom, Table } from './play.js';
import { shardedDiscord } from './shard-play.js';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { createTestDatabase, dropTestDatabase } from '../support/postgres/database.js';

const token = 'e2e-token.several-hosts.secret-part';
/** Short, so that the test waits little for a lease to run out; the bot's default is 30 s. */
const LEASE_SECONDS = 6;
const GUILDS = [0, 1, 2].map((shard) => ({ name: `Shard ${shard}`, shard: [shard, 3] as [number, number], channels: [`games-${shard}`] }));

let discord: FakeDiscord;
let url: string;
let anne: SimUser;
let marc: SimUser;
const hosts: BotProcess[] = [];

/** A host running `ids` of the three shards, serving /healthz and /metrics on a free port. */
function host(ids: string): BotProcess {
  const bot = new BotProcess({
    ...discord.botEnv(),
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '3',
    SHARD_COUNT: '3',
    SHARD_IDS: ids,
    SHARD_LEASE_SECONDS: String(LEASE_SECONDS),
    HEALTH_PORT: '0',
    // Reminders and deadlines looked at every second, so that one falls due while a host is frozen.
    SCHEDULER_INTERVAL_MS: '1000',
  });
  hosts.push(bot);
  bot.start();
  return bot;
}

/** The first log line of `bot` that starts with `text`, once it is there. */
function logLine(bot: BotProcess, text: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
  return discord.waitFor(() => bot.logs().find((line) => String(line.msg).startsWith(text)) ?? null, { what: `"${text}" in a host's log`, timeoutMs });
}

/** A host's /healthz or /metrics: its status and its text. */
async function ops(bot: BotProcess, path: '/healthz' | '/metrics'): Promise<{ status: number; text: string }> {
  const served = (await logLine(bot, 'serving health and metrics')) as { url: string };
  const answer = await fetch(`${served.url}${path}`);
  return { status: answer.status, text: await answer.text() };
}

/** Opens a game of Honderden in a shard's channel, `anne` hosting and `marc` joining: its thread. */
async function openIn(shard: number, timeLimit?: string): Promise<string> {
  const channelId = discord.channel(`games-${shard}`).id;
  const options = { game: 'honderden', variant: 'one-game', ...(timeLimit ? { time_limit: timeLimit } : {}) };
  const opened = await anne.slash('game', { subcommand: 'new', channelId, options });
  let lobby = opened.message as StoredMessage;
  lobby = (await marc.click(lobby, { label: 'Join' })).message as StoredMessage;
  const started = await anne.click(lobby, { label: 'Start' });
  return (await discord.waitForThread((thread) => thread.id === started.message?.id)).id;
}

/** Plays `table`'s game with random legal moves: `turns` of them, or to its end. */
async function play(table: Table, pick: (n: number) => number, turns = Infinity): Promise<boolean> {
  for (let turn = 0; turn < turns; turn++) {
    const asked = await table.next();
    if (asked.length === 0) return true;
    for (const { user, panel } of asked) table.keep(user, await playRandomly(user, panel, pick));
  }
  return false;
}

async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The game of a thread as the database has it, with the versions of its log (one per action). */
async function gameOf(threadId: string): Promise<{ status: string; version: number; logged: number[] }> {
  const [game] = await query<{ id: number; status: string; version: number }>('SELECT id, status, version FROM games WHERE thread_id = $1', [threadId]);
  if (!game) throw new Error('no game in that thread');
  const logged = await query<{ seq: number }>('SELECT seq FROM actions WHERE game_id = $1 ORDER BY seq', [game.id]);
  return { status: game.status, version: game.version, logged: logged.map((row) => row.seq) };
}

/** Every post made once: no interaction answered twice, no nonce posted twice, no two board posts alike in a row. */
function assertNothingTwice(threadId: string): void {
  discord.assertNothingTwice();
  const boards = discord
    .allMessages(threadId)
    .filter((m) => m.authorId === discord.botUser.id && isBoardPost(m))
    .map((m) => m.content);
  expect(boards.filter((content, i) => i > 0 && content === boards[i - 1])).toEqual([]);
}

/** What the local Discord warned of (it runs in this process): identifies it refused among them. */
const warnings: string[] = [];
const refusedIdentifies = () => warnings.filter((w) => w.includes('answering INVALID_SESSION'));

beforeAll(async () => {
  // Discord's identify window holds (one bucket: max_concurrency 1), whatever host identifies.
  discord = await shardedDiscord({ botToken: token, guilds: GUILDS, sharding: { recommendedShards: 3 } });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
  url = await createTestDatabase();
  anne = discord.user('anne');
  marc = discord.user('marc');
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(hosts.map((bot) => bot.stop()));
  for (const bot of hosts) expect(bot.leftovers()).toEqual([]);
  const secrets = secretsOf(discord, token);
  await discord?.stop();
  const password = decodeURIComponent(new URL(url).password);
  for (const bot of hosts) {
    if (password) expect(bot.output.join('\n')).not.toContain(password);
    assertLogHygiene(bot.output, secrets);
  }
  if (url) await dropTestDatabase(url);
});

describe('several hosts sharing the shards on PostgreSQL', () => {
  let a: BotProcess;
  let b: BotProcess;
  let c: BotProcess;

  it('three hosts with disjoint ranges each take their own shards and serve those servers', async () => {
    [a, b, c] = [host('0'), host('1'), host('2')];
    await discord.waitForShards(3, { timeoutMs: 60_000 });
    for (const [shard, bot] of [a, b, c].entries()) expect(await logLine(bot, `took shard ${shard}`)).toMatchObject({ shard, epoch: 1, from: null });
    // Each host names its own shards and their leases.
    const health = await ops(b, '/healthz');
    expect(health.status).toBe(200);
    expect(health.text).toMatch(/^ok\nshard 1: held \(epoch 1, renewed \d+ s ago\)\n$/);
    const metrics = (await ops(b, '/metrics')).text;
    expect(metrics).toMatch(/^harbour_shard_lease_held\{shard="1"\} 1$/m);
    expect(metrics).toMatch(/^harbour_shard_lease_handovers\{shard="1"\} 0$/m);
    expect(metrics).toMatch(/^harbour_fenced_writes_total\{shard="1"\} 0$/m);
    const leases = await query<{ shard: number; host: string }>('SELECT shard, host FROM shard_leases ORDER BY shard');
    expect(leases.map((lease) => lease.shard)).toEqual([0, 1, 2]);
    expect(new Set(leases.map((lease) => lease.host)).size).toBe(3);
    for (const shard of [0, 1, 2]) {
      const table = new Table(discord, await openIn(shard), [anne, marc]);
      expect(await play(table, randomFrom(shard), 2)).toBe(false);
    }
    discord.assertNothingTwice();
  });

  it('a host killed with SIGKILL mid-game is replaced by a new one with its SHARD_IDS once its lease runs out, and the game finishes', async () => {
    const threadId = await openIn(2);
    const table = new Table(discord, threadId, [anne, marc]);
    const pick = randomFrom(20);
    await play(table, pick, 4);
    process.kill(-(c.pid as number), 'SIGKILL');
    expect(await c.exited(10_000)).toBe('killed by SIGKILL');
    const killedAt = Date.now();
    const replacement = host('2');
    const took = await logLine(replacement, 'took shard 2 over from', 30_000);
    expect(took).toMatchObject({ shard: 2, epoch: 2, fromEpoch: 1 });
    // Not before the lease ran out: the killed host could have been only frozen.
    expect(Date.now() - killedAt).toBeGreaterThan((LEASE_SECONDS - 2) * 1000);
    // The shard's players get that time back, counted from the shard's own last heartbeat though the other hosts beat on meanwhile.
    const credited = await logLine(replacement, 'deadlines extended by the time the bot was away');
    expect(credited.awayMs as number).toBeGreaterThan((LEASE_SECONDS - 2) * 1000);
    await logLine(replacement, 'connected to Discord');
    expect(await play(table, pick)).toBe(true);
    const game = await gameOf(threadId);
    expect(game.status).toBe('finished');
    expect(game.logged).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    assertNothingTwice(threadId);
  });

  it('a frozen host whose shard a standby took over is woken, and nothing is answered, posted or moved twice', async () => {
    const standby = host('1');
    expect(await logLine(standby, 'waiting for shard 1:')).toMatchObject({ shard: 1, epoch: 1 });
    // A standby is healthy: it is not connected on purpose.
    const waiting = await ops(standby, '/healthz');
    expect(waiting).toEqual({ status: 200, text: expect.stringMatching(/^ok\nshard 1: standby \(.+ holds it\)\n$/) });
    const threadId = await openIn(1, '1h');
    const table = new Table(discord, threadId, [anne, marc]);
    const pick = randomFrom(10);
    await play(table, pick, 3);
    await b.freeze();
    // The wait's reminder falls due while the owner is frozen: the one that acts for the shard then sends it, once.
    await query(`UPDATE games SET reminder_at = (extract(epoch from clock_timestamp()) * 1000)::bigint WHERE thread_id = $1`, [threadId]);
    // The standby takes the shard once the frozen host's lease has run out in the database.
    expect(await logLine(standby, 'took shard 1 over from', 30_000)).toMatchObject({ shard: 1, epoch: 2, fromEpoch: 1 });
    await logLine(standby, 'connected to Discord');
    const reminded = await discord.waitFor(() => discord.postAttempts(threadId).find((post) => String(post.nonce ?? '').startsWith('r.')) ?? null, {
      what: 'the reminder',
      timeoutMs: 20_000,
    });
    expect(reminded.outcome).toBe('created');
    // Played on meanwhile: every event of shard 1 goes to both hosts' sessions, the frozen one's kept in its socket.
    await play(table, pick, 3);
    const thawedAt = Date.now();
    b.thaw();
    // Woken, the old owner finds its lease gone, stops acting, and comes back as the standby.
    expect(await logLine(b, 'gave up shard 1:')).toMatchObject({ shard: 1, epoch: 1 });
    await discord.waitFor(() => (b.logs().filter((line) => String(line.msg).startsWith('waiting for shard 1:')).length > 0 ? true : null), {
      what: 'the woken host waiting',
      timeoutMs: 30_000,
    });
    expect(await play(table, pick)).toBe(true);
    const game = await gameOf(threadId);
    expect(game.status).toBe('finished');
    expect(game.logged).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    assertNothingTwice(threadId);
    // The woken process stopped quietly: a warning that it gave the shard up, no error.
    expect(b.logs().filter((line) => (line.time as number) >= thawedAt && (line.level as number) >= 50)).toEqual([]);
  });

  it('SIGTERM hands the shard over at once', async () => {
    // The standby of the last test holds shard 1; the woken host waits for it.
    const holder = hosts.at(-1) as BotProcess;
    expect(await holder.stop()).toBe(0);
    const gaveUp = holder.logs().find((line) => line.msg === 'gave up shard 1 on stopping') as { time: number };
    const took = (await discord.waitFor(() => b.logs().find((line) => String(line.msg).startsWith('took shard 1 over from')) ?? null, {
      what: 'the handover',
      timeoutMs: 10_000,
    })) as { time: number; epoch: number };
    expect(took.epoch).toBe(3);
    // Within the standby's second of polling, not the lease's six.
    expect(took.time - gaveUp.time).toBeLessThan(2_500);
    await discord.waitFor(() => (b.logs().some((line) => line.msg === 'connected to Discord' && (line.time as number) >= took.time) ? true : null), {
      what: 'the new owner connected',
      timeoutMs: 30_000,
    });
    const table = new Table(discord, await openIn(1), [anne, marc]);
    expect(await play(table, randomFrom(30), 2)).toBe(false);
    discord.assertNothingTwice();
    // Three hosts started together, a replacement, two takeovers: every identify in its own 5 s.
    expect(discord.botStatus.identifyCount).toBeGreaterThanOrEqual(6);
    expect(refusedIdentifies()).toEqual([]);
  });
});
