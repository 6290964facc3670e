/**
 * Fair queues through Discord: a game of bots alone, playing on by itself, never holds up another
 * game's bot (after a restart too), and a member flooding /game board is told to slow down while
 * the games' posts still come.
 */
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { gameNumber, mentionedUsers, nextBoardPost, playRandomTurn, randomFrom, resignFrom } from './play.js';
import { games } from '../../src/games/index.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { inDatabase } from './database-access.js';

const harness = useHarness('fair-queues', ['anne', 'beate', 'flo']);
let discord: FakeDiscord;
let anne: SimUser;
let beate: SimUser;
let flo: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne, beate, flo],
    } = harness),
);

/** Reads the bot's database while it runs. */
function read<T>(query: (db: Database.Database) => T): T {
  return inDatabase(harness.databasePath, (db) => {
    return query(db);
  });
}

/** How many moves the game's bots made so far. */
const botMoves = (id: number) =>
  read((db) => (db.prepare("SELECT count(*) AS n FROM actions WHERE game_id = ? AND origin = 'bot'").get(id) as { n: number }).n);

const statusOf = (id: number) => read((db) => (db.prepare('SELECT status FROM games WHERE id = ?').get(id) as { status: string }).status);

/** Whether the stored game waits for one of its bot players. */
function waitsForBot(id: number): boolean {
  return read((db) => {
    const { state, game_id: gameId } = db.prepare('SELECT state, game_id FROM games WHERE id = ?').get(id) as { state: string; game_id: keyof typeof games };
    const bots = (db.prepare('SELECT seat FROM seats WHERE game_id = ? AND bot_level IS NOT NULL').all(id) as { seat: number }[]).map((r) => r.seat);
    return (games[gameId] as AnyGameDefinition).toAct(JSON.parse(state)).some((seat) => bots.includes(seat));
  });
}

/** Opens a game with bots as `host` and starts it; returns its thread and first post. */
async function startWithBots(host: SimUser, options: Record<string, string | number>): Promise<{ threadId: string; post: StoredMessage; id: number }> {
  const opened = await host.slash('game', { subcommand: 'new', options });
  const started = await host.click(opened.message as StoredMessage, { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  const post = await nextBoardPost(discord, thread.id, undefined);
  return { threadId: thread.id, post, id: gameNumber(post) };
}

let botsOnly: { threadId: string; id: number };

describe('fair queues', () => {
  it('a game of bots alone holds up another game’s bot by one decision at most, after a restart too', async () => {
    // Anne leaves a game with two hard bots (about a second per decision): they play on alone, for minutes.
    const first = await startWithBots(anne, { game: 'cartagena', variant: 'tortuga', bots: 2, bot_level: 'hard' });
    botsOnly = first;
    await resignFrom(anne, first.threadId);
    await discord.waitFor(() => (botMoves(first.id) > 0 ? true : null), { what: 'the bots playing alone', timeoutMs: 20_000 });

    // Beate plays against a bot of her own; the bot stops while her bot still has to move, and starts again.
    const started = await startWithBots(beate, { game: 'shanghaien', bots: 1, bot_level: 'hard' });
    const { id, threadId } = started;
    let post = started.post;
    const pick = randomFrom(5);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 8) throw new Error("the bot was never stopped while Beate's bot had to move");
      while (mentionedUsers(post, [beate]).length === 0) post = await nextBoardPost(discord, threadId, post);
      await playRandomTurn(beate, post, pick);
      const identified = discord.botStatus.identifyCount;
      expect(await harness.bot.stop(), harness.bot.output.slice(-20).join('\n')).toBe(0);
      const waiting = waitsForBot(id);
      const [beateBotAtStop, botsOnlyAtStop] = [botMoves(id), botMoves(first.id)];
      expect(waitsForBot(first.id)).toBe(true);
      harness.bot.start();
      await discord.waitForBotReady({ afterIdentifyCount: identified });
      if (!waiting) {
        post = await discord.waitFor(
          () =>
            discord
              .messages(threadId)
              .filter((m) => m.createdAt > post.createdAt && mentionedUsers(m, [beate]).length > 0)
              .at(-1) ?? null,
          { what: "Beate's next turn" },
        );
        continue;
      }
      // Both games waited for a bot when the bot stopped: the catch-up gives each game a decision in turn.
      await discord.waitFor(() => (botMoves(id) > beateBotAtStop ? true : null), { what: "Beate's bot to move after the restart", timeoutMs: 30_000 });
      const botsOnlyMeanwhile = botMoves(first.id) - botsOnlyAtStop;
      expect(statusOf(first.id)).toBe('running');
      // One decision that came first, and perhaps the next one being made while this was read.
      expect(botsOnlyMeanwhile).toBeLessThanOrEqual(2);
      break;
    }

    // While the bots alone play on, Beate moves again: her bot answers before theirs move twice more.
    while (mentionedUsers(post, [beate]).length === 0 || post.content.includes('The game is over')) {
      if (post.content.includes('The game is over')) return;
      post = await nextBoardPost(discord, threadId, post);
    }
    const beateBot = botMoves(id);
    await playRandomTurn(beate, post, pick);
    const botsOnlyAtMove = botMoves(first.id);
    await discord.waitFor(() => (botMoves(id) > beateBot ? true : null), { what: "Beate's bot to move", timeoutMs: 30_000 });
    expect(botMoves(first.id) - botsOnlyAtMove).toBeLessThanOrEqual(2);
    expect(statusOf(first.id)).toBe('running');
    discord.assertInteractionsHealthy();
  });

  it('a member flooding /game board is told to slow down past a few boards; the game’s posts still come', async () => {
    const before = discord.messages(botsOnly.threadId).at(-1);
    const answers = await Promise.all(Array.from({ length: 12 }, () => flo.slash('game', { subcommand: 'board', options: { id: botsOnly.id } })));
    const slowDown = answers.filter((a) => /Slow down/.test(a.content ?? ''));
    const drawn = answers.filter((a) => a.messages.some((m) => m.attachments.length > 0));
    expect(drawn.length + slowDown.length).toBe(12);
    // Five boards at once, then one every 10 s: the flood took far less than that.
    expect(drawn.length).toBeGreaterThanOrEqual(5);
    expect(slowDown.length).toBeGreaterThanOrEqual(6);
    for (const answer of slowDown) expect(answer.ephemeral).toBe(true);
    // The bots playing alone still post their turns.
    await nextBoardPost(discord, botsOnly.threadId, before);
    discord.assertInteractionsHealthy();
  });
});
