/**
 * The bot on PostgreSQL (DATABASE_URL), through the local Discord: a fresh database on the run's
 * test server (tests/support/postgres), a whole game played, the bot killed with SIGKILL in the
 * middle of it and started again, the game finished; every post made once, and the start line
 * naming the database as user@host:port/database, never with its password.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { BotProcess } from './bot-process.js';
import { isBoardPost, openAndStart, playRandomly, randomFrom, Table } from './play.js';
import { createTestDatabase, dropTestDatabase } from '../support/postgres/database.js';
import { describePostgres } from '../../src/database-url.js';

let url: string;
let standby: BotProcess | undefined;

// A fresh database for this file; a short lease: the bot killed below is replaced by its next start once the lease has run out.
const harness = useHarness('postgres-game', ['anne', 'bart'], async () => {
  url = await createTestDatabase();
  return { env: { DATABASE_URL: url, DATABASE_POOL_SIZE: '4', SHARD_LEASE_SECONDS: '5' }, afterStop: () => dropTestDatabase(url) };
});

// Registered after the harness, so run before it stops (vitest runs after-hooks last-registered first).
afterAll(async () => {
  await standby?.stop();
});

/** What the database says of the game played in a thread: its version (one per action) and the post it last made. */
async function gameRow(threadId: string): Promise<{ status: string; version: number; lastPostedSeq: number } | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; version: number; lastPostedSeq: number }>(
      'SELECT status, version, last_posted_seq AS "lastPostedSeq" FROM games WHERE thread_id = $1',
      [threadId],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

describe('the bot on PostgreSQL', () => {
  it('names the database on its start line as user@host:port/database, without the password', () => {
    const start = harness.bot.logs().find((line) => line.msg === 'starting') as { store?: string; settings: Record<string, unknown> };
    expect(start.store).toBe(`PostgreSQL ${describePostgres(url)}`);
    expect(start.settings.DATABASE_URL).toBe(describePostgres(url));
    const password = decodeURIComponent(new URL(url).password);
    if (password) expect(harness.bot.output.join('\n')).not.toContain(password);
  });

  it('plays a whole game, killed with SIGKILL in the middle and started again: the game finishes, every post made once', async () => {
    const {
      discord,
      users: [anne, bart],
    } = harness;
    const { threadId } = await openAndStart(discord, [anne, bart], { game: 'honderden', variant: 'one-game', time_limit: '1h' });
    const table = new Table(discord, threadId, [anne, bart]);
    const pick = randomFrom(34);
    let turns = 0;
    let killed = false;
    for (;;) {
      const asked = await table.next();
      if (asked.length === 0) break;
      for (const { user, panel } of asked) table.keep(user, await playRandomly(user, panel, pick));
      if (++turns > 2000) throw new Error('the game did not end');
      if (!killed && turns === 6) {
        killed = true;
        // Killed outright: no shutdown, no connection closed by the bot; the server drops its lock.
        process.kill(harness.bot.pid as number, 'SIGKILL');
        expect(await harness.bot.exited(10_000)).toBe('killed by SIGKILL');
        const identified = discord.botStatus.identifyCount;
        harness.bot.start();
        await discord.waitForBotReady({ afterIdentifyCount: identified });
      }
    }
    expect(killed).toBe(true);
    const last = table.post as StoredMessage;
    expect(last.content).toContain('The game is over');
    // Every post owed was made: the last one is recorded (just after Discord answered it) as the last action's.
    let row = await gameRow(threadId);
    for (const until = Date.now() + 10_000; row && row.lastPostedSeq !== row.version && Date.now() < until; row = await gameRow(threadId))
      await new Promise((r) => setTimeout(r, 100));
    expect(row?.status).toBe('finished');
    expect(row?.lastPostedSeq).toBe(row?.version);
    // Once each: the posts the bot made in the thread (those trimmed since included) all differ.
    const posts = discord.allMessages(threadId).filter((m) => m.authorId === discord.botUser.id && !m.ephemeral);
    const nonces = posts.map((m) => m.nonce).filter((n) => n !== null);
    expect(new Set(nonces).size).toBe(nonces.length);
    const boards = posts.filter(isBoardPost).map((m) => m.content);
    expect(boards.filter((content, i) => i > 0 && content === boards[i - 1])).toEqual([]);
    // Started twice, on the same database: the second start took the shard once the killed one's lease ran out.
    expect(harness.bot.logs().filter((line) => line.msg === 'starting')).toHaveLength(2);
    const takeover = harness.bot.logs().find((line) => String(line.msg).startsWith('took shard 0 over from'));
    expect(takeover).toMatchObject({ shard: 0, epoch: 2, fromEpoch: 1 });
  });

  it('a second bot on the same database waits as a standby, and takes over at once when the first is stopped', async () => {
    const {
      discord,
      users: [anne, bart],
    } = harness;
    standby = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url, DATABASE_POOL_SIZE: '2' });
    standby.start();
    const waiting = await discord.waitFor(() => standby?.logs().find((line) => String(line.msg).startsWith('waiting for shard 0:')) ?? null, {
      what: 'the standby waiting',
      timeoutMs: 30_000,
    });
    expect(waiting).toMatchObject({ shard: 0, epoch: 2 });
    // A standby does not connect: Discord sees one bot.
    const identified = discord.botStatus.identifyCount;
    await new Promise((done) => setTimeout(done, 1_000));
    expect(discord.botStatus.identifyCount).toBe(identified);
    const stoppedAt = Date.now();
    expect(await harness.bot.stop()).toBe(0);
    expect(harness.bot.logs().some((line) => line.msg === 'gave up shard 0 on stopping' && line.epoch === 2)).toBe(true);
    await discord.waitForBotReady({ afterIdentifyCount: identified, timeoutMs: 20_000 });
    // Handed over, not waited out: well within the 30 s of the lease.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    expect(standby.logs().find((line) => String(line.msg).startsWith('took shard 0 over from'))).toMatchObject({ epoch: 3, fromEpoch: 2 });
    // The standby now answers the players.
    const { threadId } = await openAndStart(discord, [anne, bart], { game: 'honderden', variant: 'one-game' });
    expect((await gameRow(threadId))?.status).toBe('running');
    expect(standby.logs().filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});
