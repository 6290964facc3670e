import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardPosts, mentionedUsers, nextBoardPost } from './play.js';
import { saveTranscript } from './transcript.js';
import { inDatabase } from './database-access.js';

// The clock of the games is checked every 200 ms here, instead of every 30 s.
const harness = useHarness('time-limits', ['anne', 'marc'], { env: { SCHEDULER_INTERVAL_MS: '200' } });
let discord: FakeDiscord;
let anne: SimUser;
let marc: SimUser;
let admin: SimUser;

beforeAll(() => {
  ({
    discord,
    users: [anne, marc],
  } = harness);
  admin = discord.user('harbourmaster', { manageGuild: true });
});

/**
 * Moves a game's clock: the test writes the time the bot reads from its database, as if the
 * hours had passed. (The bot keeps every reminder and deadline there, nowhere else.)
 */
function timeHasCome(gameId: number, column: 'reminder_at' | 'deadline_at'): void {
  return inDatabase(
    harness.databasePath,
    (db) => {
      db.prepare(`UPDATE games SET ${column} = ? WHERE id = ?`).run(Date.now() - 1000, gameId);
    },
    { readonly: false },
  );
}

const gameNumber = (post: StoredMessage) => Number(/#(\d+)/.exec(post.content)?.[1]);

async function startShanghaien(timeLimit: string): Promise<{ threadId: string; lobby: StoredMessage }> {
  const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien', time_limit: timeLimit } });
  let lobby = opened.message as StoredMessage;
  lobby = (await marc.click(lobby, { label: 'Join' })).message as StoredMessage;
  const started = await anne.click(lobby, { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  return { threadId: thread.id, lobby };
}

describe('games that last for days', () => {
  it('settings: members without Manage Server cannot change the server, anyone chooses DM reminders', async () => {
    const refused = await anne.slash('settings', { subcommand: 'deadline-policy', options: { policy: 'remove' } });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/Only members with the Manage Server permission/);
    const shown = await admin.slash('settings', { subcommand: 'time-limit', options: { limit: '6h' } });
    expect(shown.ephemeral).toBe(true);
    expect(shown.content).toMatch(/^✅ Time per move for new games: .+ → 6 hours$/);
    for (const user of [anne, marc]) {
      const dm = await user.slash('settings', { subcommand: 'reminders', options: { dm: true } });
      expect(dm.content).toBe('✅ Your reminders: only in the game thread → in the game thread and by direct message too');
    }
  });

  it('a reminder comes in the thread and by DM at half time; at the deadline the bot moves for the absent player', async () => {
    const { threadId, lobby } = await startShanghaien('1h');
    expect(lobby.content).toMatch(/Time per move: 1 hour/);
    const first = await nextBoardPost(discord, threadId, undefined);
    expect(first.content).toMatch(/⏰ Move by <t:\d+:f> \(<t:\d+:R>\)/);
    const id = gameNumber(first);
    const [absent] = mentionedUsers(first, [anne, marc]) as [SimUser];
    const other = absent === anne ? marc : anne;

    timeHasCome(id, 'reminder_at');
    const reminder = await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('half of your time')) ?? null, {
      what: 'a reminder in the thread',
      timeoutMs: 10_000,
    });
    expect(reminder.content).toContain(`<@${absent.id}>`);
    expect(reminder.content).not.toContain(`<@${other.id}>`);
    const dms = await discord.waitFor(() => (discord.dms(absent).length > 0 ? discord.dms(absent) : null), { what: 'the DM reminder', timeoutMs: 10_000 });
    expect(dms[0]?.content).toMatch(/Your move in \*\*Shanghaien\*\* #\d+ is due <t:\d+:R>/);
    expect(discord.dms(other)).toEqual([]);

    timeHasCome(id, 'deadline_at');
    const afterDeadline = await nextBoardPost(discord, threadId, first);
    expect(afterDeadline.content).toMatch(/time ran out: the bot made a safe move for them/);
    // The move was a bot player's choice, thought out in its worker.
    expect(harness.bot.logs().some((l) => l.msg === 'time ran out' && l.game === id && l.bot === true)).toBe(true);
    expect(mentionedUsers(afterDeadline, [anne, marc])).toEqual([other]);
    // The next player has his own full hour.
    expect(afterDeadline.content).toMatch(/⏰ Move by/);

    // The public log tells the same, page by page, privately.
    const log = await other.slash('game', { subcommand: 'log', channelId: threadId });
    expect(log.ephemeral).toBe(true);
    expect(log.content).toMatch(/the public log, the setup and moves? 1(–\d+)? of \d+/);
    expect(log.content).toMatch(/time ran out/);

    // The host gives more time; the thread hears of it.
    const extended = await anne.slash('game', { subcommand: 'extend', options: { hours: 2 }, channelId: threadId });
    expect(extended.content).toMatch(/The deadline is now <t:\d+:f>/);
    await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('gave more time')) ?? null, {
      what: 'the extension notice',
      timeoutMs: 5000,
    });
    saveTranscript('time-limits', [lobby, ...discord.messages(threadId), ...discord.dms(absent)]);
    discord.assertInteractionsHealthy();
    expect(harness.bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('with the removal policy an absent player leaves; the game ends and counts in /stats and /leaderboard', async () => {
    await admin.slash('settings', { subcommand: 'deadline-policy', options: { policy: 'remove' } });
    const { threadId } = await startShanghaien('1h');
    const first = await nextBoardPost(discord, threadId, undefined);
    const [absent] = mentionedUsers(first, [anne, marc]) as [SimUser];
    const stayer = absent === anne ? marc : anne;
    // This time the absent player has closed his direct messages: the reminder still comes in the thread, and nothing fails.
    absent.dmsClosed = true;
    const dmsBefore = discord.dms(absent).length;
    timeHasCome(gameNumber(first), 'reminder_at');
    await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('half of your time')) ?? null, {
      what: 'a reminder',
      timeoutMs: 10_000,
    });
    timeHasCome(gameNumber(first), 'deadline_at');
    const last = await nextBoardPost(discord, threadId, first);
    // Said once: the reason, then the game's own line for what leaving means.
    expect(last.content).toMatch(/⏰ [^\n]+'s time ran out\.\n[^\n]+ is out of the game: [^\n]+ is the only captain left and wins\./);
    expect(last.content).not.toMatch(/removed from the game/);
    // The final ranking says who was removed, and why.
    expect(last.content).toMatch(/^2\. . [^\n]+ \(\d+ points?, removed when time ran out\)/m);
    expect(last.content).toMatch(/The game is over/);
    expect(boardPosts(discord.messages(threadId)).length).toBe(2);
    expect(discord.dms(absent).length).toBe(dmsBefore);
    expect(harness.bot.logs().filter((l) => (l.level as number) >= 40)).toEqual([]);

    const stats = await stayer.slash('stats');
    expect(stats.ephemeral).toBe(true);
    expect(stats.content).toMatch(/\*\*Shanghaien\*\*: 1 played, 1 won/);
    // Removed, the absent player is rated below the one who stayed.
    const board = await absent.slash('leaderboard', { options: { game: 'shanghaien' } });
    const placeOf = (user: SimUser) =>
      Number(new RegExp(`^(\\d+)\\. <@${user.id}>: rating \\*\\*-?\\d+\\*\\* \\(\\d+ played\\)$`, 'm').exec(board.content)?.[1]);
    expect(placeOf(stayer)).toBeLessThan(placeOf(absent));
    discord.assertInteractionsHealthy();
  });

  it('games may be limited to some channels', async () => {
    const games = discord.channel('games');
    const allowed = await admin.slash('settings', { subcommand: 'channel-allow', options: { channel: games.id } });
    expect(allowed.content).toBe(`✅ Channels for games: only <#${games.id}>`);
    const refused = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' }, channelId: discord.channel('general').id });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/Games cannot be opened in this channel\. Allowed: <#\d+>/);
    const there = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' }, channelId: games.id });
    expect(there.ephemeral).toBe(false);
    expect(there.content).toMatch(/Time per move: 6 hours/);
    await admin.slash('settings', { subcommand: 'channels-all' });
  });

  it("a lobby of one person against bots shows the time per move Start will use: none at the server's default, his own choice otherwise", async () => {
    const solo = await marc.slash('game', { subcommand: 'new', options: { game: 'cartagena', variant: 'jamaica', bots: 1 } });
    expect(solo.content).toMatch(/Time per move: no time limit\./);
    // A second person joins: the server's time counts again.
    const joined = await anne.click(solo.message as StoredMessage, { label: 'Join' });
    expect(joined.message?.content).toMatch(/Time per move: (?!no time limit)[^.\n]+\./);
    const chosen = await marc.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, time_limit: '1h' } });
    expect(chosen.content).toMatch(/Time per move: 1 hour\./);
  });
});
