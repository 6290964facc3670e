/**
 * The bot's permissions taken away as a server's moderators take them: Attach Files in a game's
 * channel (the game goes on in its thread, its boards in words), a channel where it may not post,
 * a server it was never added to (only its commands), threads it may not post in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardImageOf, gameNumber, mentionedUsers, nextBoardPost, openAndStart, playTurn } from './play.js';
import { inDatabase } from './database-access.js';

const harness = useHarness('permissions', ['anne', 'bart']);
let discord: FakeDiscord;
let anne: SimUser;
let bart: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne, bart],
    } = harness),
);

/** A game's public post, with its board image or in words: it carries the "Open my panel" button. */
const isGamePost = (m: StoredMessage) => buttonsOf(m).some((b) => b.customId?.startsWith('panel:'));

/** Waits for a game post newer than `after` in a channel or thread. */
function nextGamePost(channelId: string, after: StoredMessage): Promise<StoredMessage> {
  return discord.waitFor(
    () =>
      discord
        .messages(channelId)
        .filter(isGamePost)
        .find((m) => BigInt(m.id) > BigInt(after.id)) ?? null,
    {
      what: `a game post in ${channelId} after ${after.id}`,
      timeoutMs: 20_000,
    },
  );
}

function gameRow(id: number): { thread_id: string | null; unreachable_since: number | null; attach_files_told_at: number | null } {
  return inDatabase(
    harness.databasePath,
    (db) => db.prepare('SELECT thread_id, unreachable_since, attach_files_told_at FROM games WHERE id = ?').get(id) as ReturnType<typeof gameRow>,
  );
}

const gamesOpened = () => inDatabase(harness.databasePath, (db) => (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n);

/** The player a Cartagena post asks to move plays his turn, which passes it on (a post follows). */
async function playOn(post: StoredMessage): Promise<void> {
  const [player] = mentionedUsers(post, [anne, bart]);
  if (!player) throw new Error(`nobody to move in: ${post.content}`);
  await playTurn(player, post);
}

describe('without Attach Files', () => {
  it("posts each turn in words in the game's own thread, tells the host once what to grant, and shows the board again once it may", async () => {
    const channel = discord.channel('general');
    const { threadId } = await openAndStart(discord, [anne, bart], { game: 'cartagena', variant: 'jamaica' });
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);

    // A moderator takes Attach Files from the bot's role in the channel (and so in its threads).
    discord.denyRole(channel.id, 'bot', 'AttachFiles');
    await playOn(first);
    const inWords = await nextGamePost(threadId, first);
    expect(inWords.attachments).toEqual([]);
    expect(mentionedUsers(inWords, [anne, bart])).toHaveLength(1);
    // The board as its description tells it to screen readers, quoted under the turn.
    expect(inWords.content).toMatch(/\n> Cartagena board\. /);
    const told = await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('I may not attach files')) ?? null, {
      what: 'the notice about Attach Files',
    });
    expect(told.content).toContain(`<#${channel.id}>`);
    expect(told.content).toContain(`<@${anne.id}>`);
    expect(told.content).toContain('**Attach Files**');

    await playOn(inWords);
    const again = await nextGamePost(threadId, inWords);
    expect(again.attachments).toEqual([]);
    expect(discord.messages(threadId).filter((m) => m.content.includes('I may not attach files'))).toHaveLength(1);
    // The game never left its thread, and was never paused.
    expect(gameRow(id)).toMatchObject({ thread_id: threadId, unreachable_since: null });
    expect(gameRow(id).attach_files_told_at).not.toBeNull();
    expect(discord.messages(channel.id).filter((m) => m.content.includes('goes on here'))).toEqual([]);

    // The permission comes back: the next post has its picture.
    discord.resetRole(channel.id, 'bot');
    await playOn(again);
    const pictured = await nextGamePost(threadId, again);
    expect(boardImageOf(pictured)).toBeDefined();
  });
});

describe('a place the bot cannot post in', () => {
  it('/game new refuses in one sentence before a lobby opens: in a channel closed to the bot, and in a server it is not a member of', async () => {
    const channel = discord.channel('games');
    const before = gamesOpened();
    discord.denyBot(channel.id, ['SendMessages', 'CreatePublicThreads']);
    const closed = await anne.slash('game', { subcommand: 'new', options: { game: 'honderden' }, channelId: channel.id });
    expect(closed.ephemeral).toBe(true);
    expect(closed.content).toMatch(
      /^I may not post in this channel, so a game here would never show a move: give me \*\*View Channel\*\* and \*\*Send Messages\*\*/,
    );
    discord.resetBotPermissions(channel.id);

    // Only the commands are in the server: the bot user is not a member (Discord answers 50001 to everything there).
    const addBack = discord.removeBotFromGuild(discord.guild.id);
    try {
      await discord.waitFor(() => harness.bot.logs().some((l) => String(l.msg).includes('the bot is not in this server')), {
        what: 'the bot to learn it left',
      });
      const absent = await anne.slash('game', { subcommand: 'new', options: { game: 'honderden' }, channelId: channel.id });
      expect(absent.ephemeral).toBe(true);
      expect(absent.content).toMatch(/^Only my commands were added to this server, not me/);
    } finally {
      addBack();
    }
    expect(gamesOpened()).toBe(before);
    await discord.waitFor(() => harness.bot.logs().some((l) => String(l.msg).includes('back in this server')), { what: 'the bot to be back' });
  });

  it('Start plays the game in its channel, opening no thread, where the bot may not post in threads', async () => {
    const channel = discord.channel('games');
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'honderden', variant: 'one-game' }, channelId: channel.id });
    const lobby = (await bart.click(opened.message as StoredMessage, { label: 'Join' })).message as StoredMessage;
    discord.denyBot(channel.id, 'SendMessagesInThreads');
    const started = await anne.click(lobby, { label: 'Start' });
    expect(started.message?.content).toContain(`The game has started in <#${channel.id}>`);
    const post = await nextBoardPost(discord, channel.id, undefined);
    expect(mentionedUsers(post, [anne, bart])).toHaveLength(1);
    expect(discord.threads().filter((t) => t.parentId === channel.id)).toEqual([]);
    expect(discord.messages(channel.id).filter((m) => m.content.includes('goes on here'))).toEqual([]);
    discord.resetBotPermissions(channel.id);
  });
});
