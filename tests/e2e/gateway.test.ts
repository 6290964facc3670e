/**
 * While the bot cannot hear its players it acts for none of them: a gateway that stays down while
 * REST works pauses every clock, and the time is given back; a server that removes the bot has its
 * games paused, their bot players too, until it is added back. Close codes after which discord.js
 * never reconnects (4010-4014, as 4004 for a reset token) stop the bot with one line saying what
 * to do and a non-zero exit, for a process manager to restart it, instead of staying up deaf.
 */
import { describe, expect, it } from 'vitest';
import { setDeadline, useHarness } from './harness.js';
import { gameNumber, nextBoardPost, openAndStart, resignFrom } from './play.js';
import type { StoredMessage } from './server/index.js';
import { inDatabase } from './database-access.js';

const harness = useHarness('gateway', ['anne', 'bart'], { env: { SCHEDULER_INTERVAL_MS: '200' } });

/** A game's deadline and version, read from the bot's database. */
function clockOf(id: number): { deadline: number; version: number } {
  return inDatabase(
    harness.databasePath,
    (db) => {
      const row = db.prepare('SELECT deadline_at AS deadline, version FROM games WHERE id = ?').get(id) as { deadline: number; version: number };
      return row;
    },
    { readonly: false },
  );
}

/** How many moves a game's bot players made, and its status, read from the bot's database. */
function botsOf(id: number): { moves: number; status: string } {
  return inDatabase(harness.databasePath, (db) => {
    const { moves } = db.prepare("SELECT count(*) AS moves FROM actions WHERE game_id = ? AND origin = 'bot'").get(id) as { moves: number };
    const { status } = db.prepare('SELECT status FROM games WHERE id = ?').get(id) as { status: string };
    return { moves, status };
  });
}

/** How many lines with this message the bot has logged. */
const logged = (msg: string) => harness.bot.logs().filter((l) => l.msg === msg).length;

describe('a gateway that stays down while REST works', () => {
  it('pauses every clock: a deadline that passes meanwhile is not applied, and the time is given back', async () => {
    const { discord, bot } = harness;
    const { threadId } = await openAndStart(discord, harness.users, { game: 'shanghaien', time_limit: '1h' });
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);
    const { version } = clockOf(id);
    discord.takeGatewayDown();
    try {
      await discord.waitFor(() => bot.logs().some((l) => l.msg === 'gateway reconnecting'), { what: 'the bot to notice' });
      // The deadline passes during the outage, long enough for a few of the scheduler's ticks.
      setDeadline(harness.databasePath, id, Date.now() + 300);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const during = clockOf(id);
      expect(during.version).toBe(version);
      expect(bot.logs().filter((l) => l.msg === 'time ran out')).toEqual([]);
      expect(discord.messages(threadId).filter((m) => m.content.includes('time ran out'))).toEqual([]);
      expect(during.deadline).toBeLessThan(Date.now());
    } finally {
      discord.bringGatewayUp();
    }
    const given = await discord.waitFor(() => bot.logs().find((l) => l.msg === 'the bot could not hear Discord; every wait moved on by that time'), {
      what: 'the time given back',
      timeoutMs: 30_000,
    });
    expect(given.deafMs as number).toBeGreaterThan(2000);
    // Moved on past now: what was left of the move when the bot went deaf is still there.
    expect(clockOf(id).deadline).toBeGreaterThan(Date.now());
    expect(clockOf(id).version).toBe(version);
    expect(bot.logs().filter((l) => l.msg === 'time ran out')).toEqual([]);
  });
});

const cases: [number, RegExp][] = [
  [4010, /refused the shard .*close code 4010.*SHARD_COUNT/],
  [4011, /requires this bot to connect in shards .*close code 4011.*SHARD_COUNT=auto/],
  [4012, /gateway version .*close code 4012.*upgrade the bot/],
  [4013, /intents .*close code 4013.*upgrade the bot/],
  [4014, /privileged gateway intent \(close code 4014\)/],
];

describe('a server that removes the bot', () => {
  it('pauses its games without a request to it; added back, they get the time back and go on', async () => {
    const { discord, bot } = harness;
    const { threadId } = await openAndStart(discord, harness.users, { game: 'shanghaien', time_limit: '1h' });
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);
    const { version } = clockOf(id);

    const addBack = discord.removeBotFromGuild(discord.guild.id);
    await discord.waitFor(() => bot.logs().some((l) => l.msg === 'the bot is not in this server (any more); its games pause until it is added back'), {
      what: 'the games to pause',
    });
    const removedAt = Date.now();
    // Its deadline passes while the bot is out: nothing happens, and nothing is tried.
    setDeadline(harness.databasePath, id, Date.now() + 300);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(clockOf(id).version).toBe(version);
    expect(bot.logs().filter((l) => l.msg === 'time ran out')).toEqual([]);
    expect(discord.restLog.filter((r) => r.at >= removedAt && r.status >= 400)).toEqual([]);

    addBack();
    await discord.waitFor(() => bot.logs().some((l) => l.msg === 'the bot is back in this server; its games go on'), { what: 'the games to go on' });
    // The paused time given back: the deadline lies ahead again, and the game waits as before.
    await discord.waitFor(() => clockOf(id).deadline > Date.now() || null, { what: 'the deadline moved on' });
    expect(clockOf(id).version).toBe(version);
    const opened = await harness.users[0]?.slash('games');
    expect(opened?.content).toMatch(/Shanghaien/);
  });

  it('its bot players make no move while the bot is out of it, nor while the bot is deaf, and move again after', async () => {
    const { discord, bot } = harness;
    const anne = harness.users[0];
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'cartagena', variant: 'tortuga', bots: 2, bot_level: 'normal' } });
    const started = await anne.click(opened.message as StoredMessage, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    const id = gameNumber(await nextBoardPost(discord, thread.id, undefined));
    // Anne leaves: the two bots play on alone, a move every fraction of a second, for a long while.
    await resignFrom(anne, thread.id);
    await discord.waitFor(() => (botsOf(id).moves > 0 ? true : null), { what: 'the bots playing alone', timeoutMs: 20_000 });

    const pausing = 'the bot is not in this server (any more); its games pause until it is added back';
    const paused = logged(pausing);
    const addBack = discord.removeBotFromGuild(discord.guild.id);
    await discord.waitFor(() => (logged(pausing) > paused ? true : null), { what: 'the games to pause' });
    // From here on no bot moves, not even one that was being thought out when the bot was removed.
    const atRemoval = botsOf(id);
    expect(atRemoval.status).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(botsOf(id)).toEqual(atRemoval);

    const back = logged('the bot is back in this server; its games go on');
    addBack();
    await discord.waitFor(() => (logged('the bot is back in this server; its games go on') > back ? true : null), { what: 'the games to go on' });
    await discord.waitFor(() => (botsOf(id).moves > atRemoval.moves ? true : null), { what: 'the bots to move again', timeoutMs: 20_000 });

    // Deaf, the bots wait the same way, and move once the bot hears Discord again.
    const reconnecting = logged('gateway reconnecting');
    discord.takeGatewayDown();
    let deaf: { moves: number; status: string };
    try {
      await discord.waitFor(() => (logged('gateway reconnecting') > reconnecting ? true : null), { what: 'the bot to notice' });
      deaf = botsOf(id);
      expect(deaf.status).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(botsOf(id)).toEqual(deaf);
    } finally {
      discord.bringGatewayUp();
    }
    await discord.waitFor(() => (botsOf(id).moves > deaf.moves ? true : null), { what: 'the bots to move after the outage', timeoutMs: 30_000 });
    expect(bot.logs().filter((l) => l.msg === 'a bot player could not move')).toEqual([]);
  });
});

describe('a gateway closed for good', () => {
  /** The harness starts the bot connected; each case ends it. */
  let connected = true;
  for (const [code, sentence] of cases) {
    it(`close code ${code} stops the bot with one line saying what to do`, async () => {
      const { discord, bot } = harness;
      if (!connected) {
        const identified = discord.botStatus.identifyCount;
        bot.start();
        await discord.waitForBotReady({ afterIdentifyCount: identified });
      }
      const before = bot.logs().length;
      discord.disconnectBot({ code });
      expect(await bot.exited(20_000)).toBe(1);
      connected = false;
      const fatal = bot
        .logs()
        .slice(before)
        .filter((line) => (line.level as number) >= 60);
      expect(fatal).toEqual([expect.objectContaining({ code, msg: expect.stringMatching(sentence) })]);
    });
  }
});
