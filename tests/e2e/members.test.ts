/**
 * A player who leaves the server (the bot has only the Guilds intent, so nothing tells it): a game
 * without a time limit whose player to move left goes on once another player opens his panel (the
 * bot asks Discord for the member and gets Unknown Member), the bot playing for him; back in the
 * server, his panel gives him his seat again. And a cancel vote no longer waits for a player who
 * left: the bot finds out when someone asks to cancel. A bot given the Server Members intent hears
 * it at once (here under the removal policy, in Dutch).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Intent, type SimUser } from './server/index.js';
import { useHarness } from './harness.js';
import { cancelFrom, gameNumber, mentionedUsers, nextBoardPost, openAndStart } from './play.js';
import { inDatabase } from './database-access.js';

const harness = useHarness('members', ['anne', 'bob', { username: 'carl', locale: 'nl' }]);
let anne: SimUser;
let bob: SimUser;
let carl: SimUser;

beforeAll(() => ([anne, bob, carl] = harness.users));

/** Each seat's player and when the bot learned he left; the origins of the game's logged moves. */
function stored(id: number): { leftAt: Record<string, number | null>; origins: string[]; status: string } {
  return inDatabase(harness.databasePath, (db) => {
    const seats = db.prepare('SELECT user_id, left_at FROM seats WHERE game_id = ?').all(id) as { user_id: string; left_at: number | null }[];
    const origins = (db.prepare('SELECT origin FROM actions WHERE game_id = ? ORDER BY seq').all(id) as { origin: string }[]).map((r) => r.origin);
    const { status } = db.prepare('SELECT status FROM games WHERE id = ?').get(id) as { status: string };
    return { leftAt: Object.fromEntries(seats.map((s) => [s.user_id, s.left_at])), origins, status };
  });
}

/** The first message in a thread after `after` that contains `text`. */
const messageWith = (threadId: string, text: string, after = 0) =>
  harness.discord.waitFor(() => harness.discord.messages(threadId).find((m) => m.createdAt > after && m.content.includes(text)) ?? null, {
    what: `a message with "${text}"`,
    timeoutMs: 20_000,
  });

describe('a player who leaves the server', () => {
  it('in a game without a time limit, the player to move left: the bot finds out when another opens his panel and plays for him; back, he plays again', async () => {
    const { threadId } = await openAndStart(harness.discord, [anne, bob], { game: 'shanghaien', time_limit: 'none' });
    const post = await nextBoardPost(harness.discord, threadId, undefined);
    const id = gameNumber(post);
    const [mover] = mentionedUsers(post, [anne, bob]) as [SimUser];
    const other = mover === anne ? bob : anne;
    const rejoin = harness.discord.removeMember(mover, harness.discord.guild.id);

    // The other player looks at his panel: the game waits for someone else, so the bot asks Discord about him.
    await other.click(post, { prefix: 'panel:' });
    const notice = await messageWith(threadId, 'has left the server');
    expect(notice.content).toBe(
      `🚪 <@${mover.id}> has left the server. The bot plays for them from now on; if they come back, "Open my panel" gives them their seat again.`,
    );
    expect(notice.pinged).toEqual([]);
    // The bot moves for him at once: the turn passes to the one still here.
    const next = await nextBoardPost(harness.discord, threadId, post);
    expect(next.content).toContain(`🤖 The bot moved for ${mover.username.charAt(0).toUpperCase()}${mover.username.slice(1)}`);
    expect(mentionedUsers(next, [anne, bob])).toEqual([other]);
    const after = stored(id);
    expect(after.leftAt[mover.id]).toEqual(expect.any(Number));
    expect(after.leftAt[other.id]).toBeNull();
    expect(after.origins).toContain('stand-in');
    expect(after.origins).not.toContain('player');

    // He joins again and opens his panel: his seat is his once more; what the bot played stands.
    rejoin();
    await mover.click(next, { prefix: 'panel:' });
    await messageWith(threadId, `<@${mover.id}> is back and plays their own seat again.`, notice.createdAt);
    expect(stored(id).leftAt[mover.id]).toBeNull();
    expect(stored(id).origins).toEqual(after.origins);
    harness.discord.assertInteractionsHealthy();
  });

  it("a cancel vote does not wait for a player who left: the bot finds out when the first asks, and the last other player's agreement cancels", async () => {
    const { threadId } = await openAndStart(harness.discord, [anne, bob, carl], { game: 'cartagena', variant: 'jamaica' });
    const post = await nextBoardPost(harness.discord, threadId, undefined);
    const id = gameNumber(post);
    // Carl leaves: nobody tells the bot. Anne asks to cancel; the bot asks Discord about those whose agreement is needed.
    harness.discord.removeMember(carl, harness.discord.guild.id);
    await cancelFrom(anne, threadId);
    const asked = await messageWith(threadId, `<@${anne.id}> asks to cancel this game.`);
    expect(asked.content).toContain(`Still needed: <@${bob.id}>.`);
    const notice = await messageWith(threadId, 'has left the server');
    expect(notice.content).toBe(
      `🚪 <@${carl.id}> has left the server. The bot plays for them from now on; if they come back, "Open my panel" gives them their seat again.`,
    );
    expect(stored(id).leftAt[carl.id]).toEqual(expect.any(Number));
    // Bob's agreement is the last one needed.
    expect((await cancelFrom(bob, threadId)).content).toBe('The game was cancelled.');
    await messageWith(threadId, `This game was cancelled by <@${bob.id}>.`);
    expect(stored(id).status).toBe('cancelled');
    harness.discord.assertInteractionsHealthy();
  });
});

describe('a player who leaves, heard at once where the bot has the Server Members intent', () => {
  const events = useHarness('members-events', ['dirk', 'eva'], {
    env: { DISCORD_MEMBER_EVENTS: 'on' },
    privilegedIntents: Intent.GuildMembers,
    guildLocale: 'nl',
    userLocale: 'nl',
  });

  it('under the removal policy he is out of the game at once, without a check or a click: a two-player game ends', async () => {
    const { discord: local } = events;
    const [dirk, eva] = events.users as [SimUser, SimUser];
    const admin = local.user('beheerder', { manageGuild: true, locale: 'nl' });
    await admin.slash('settings', { subcommand: 'deadline-policy', options: { policy: 'remove' } });
    const { threadId } = await openAndStart(local, [dirk, eva], { game: 'shanghaien', time_limit: 'none' }, { join: 'Meedoen', start: 'Starten' });
    const post = await nextBoardPost(local, threadId, undefined);
    local.removeMember(eva, local.guild.id);
    const notice = await local.waitFor(() => local.messages(threadId).find((m) => m.content.startsWith('🚪')) ?? null, {
      what: 'the notice that Eva left',
      timeoutMs: 20_000,
    });
    expect(notice.content).toBe(`🚪 <@${eva.id}> heeft de server verlaten en speelt niet meer mee in dit spel.`);
    const last = await nextBoardPost(local, threadId, post);
    expect(last.content).toContain('🚪 Eva heeft de server verlaten en speelt niet meer mee.');
    expect(last.content).toContain('**De partij is afgelopen.**');
    expect(last.content).toMatch(/^2\. .*Eva \(\d+ punten, heeft de server verlaten\)$/m);
    // The event told it: the bot never had to ask Discord about her.
    expect(local.restLog.filter((r) => r.route === '/guilds/:guild/members/:user')).toEqual([]);
    local.assertInteractionsHealthy();
  });
});
