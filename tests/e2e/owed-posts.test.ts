/**
 * What the bot owes Discord, when Discord already has it or can never take it. The bot killed
 * between Discord making a post and the bot hearing of it: the restarted bot tries it again with
 * the same nonce, and Discord answers with the post it made: one post per turn and per notice,
 * recorded as the game's post (so it is trimmed later), nobody pinged twice. And a game that is
 * over, whose channel was deleted: what it still owes there is given up, not tried forever.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, HoldHandle, SimUser, StoredMessage } from './server/index.js';
import { buttonsOf } from './server/index.js';
import { useHarness } from './harness.js';
import { choicesOf, gameNumber, expectQuietThread, isBoardPost, makeChoice, mentionedUsers, nextBoardPost, openAndStart } from './play.js';
import { inDatabase } from './database-access.js';

const harness = useHarness('owed-posts', ['anne', 'bart']);
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

const MESSAGES = { route: '/channels/:channel/messages', method: 'POST' } as const;

/** What the bot's database says a game's posts owe and did. */
function postsOf(id: number): { lastPostedSeq: number; version: number; boardPost: string | null; notices: number } {
  return inDatabase(harness.databasePath, (db) => {
    const row = db.prepare('SELECT last_posted_seq AS lastPostedSeq, version, board_post AS boardPost FROM games WHERE id = ?').get(id) as Omit<
      ReturnType<typeof postsOf>,
      'notices'
    >;
    const { notices } = db.prepare('SELECT count(*) AS notices FROM notices WHERE game_id = ?').get(id) as { notices: number };
    return { ...row, notices };
  });
}

/** Kills the bot outright once Discord made the held post, lets the answer go to nobody, and starts the bot again. */
async function killOnceMade(hold: HoldHandle): Promise<void> {
  await discord.waitFor(() => hold.held === 1, { what: 'Discord to make the post whose answer is held' });
  process.kill(harness.bot.pid as number, 'SIGKILL');
  expect(await harness.bot.exited(10_000)).toBe('killed by SIGKILL');
  hold.release();
  const identified = discord.botStatus.identifyCount;
  harness.bot.start();
  await discord.waitForBotReady({ afterIdentifyCount: identified });
}

describe('a post Discord made as the bot was killed', () => {
  it('is not made again by the restarted bot: one opening post, one post per turn, one notice', async () => {
    // The opening post is made, and the bot is killed before Discord's answer reaches it.
    const opening = discord.holdAnswers({ ...MESSAGES, when: (req) => req.files.length > 0 });
    const { threadId } = await openAndStart(discord, [anne, bart], { game: 'honderden', variant: 'one-game', time_limit: '1h' });
    await killOnceMade(opening);
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);
    // The restarted bot records the post Discord made as the game's opening post.
    await discord.waitFor(() => (postsOf(id).lastPostedSeq >= 0 ? true : null), { what: 'the opening post to be recorded' });
    expect(JSON.parse(postsOf(id).boardPost ?? 'null')).toMatchObject({ channelId: threadId, messageId: first.id });
    expect(discord.messages(threadId).filter(isBoardPost)).toEqual([first]);

    // The next turn's post, made as the bot is killed again.
    const turn = discord.holdAnswers({ ...MESSAGES, when: (req) => req.files.length > 0 });
    const [player] = mentionedUsers(first, [anne, bart]) as [SimUser];
    const panel = (await player.click(first, { prefix: 'panel:' })).message as StoredMessage;
    const card = choicesOf(panel).find((c) => 'button' in c && /[♠♥♣♦]/.test(c.label));
    if (!card) throw new Error(`no card to play in: ${panel.content}`);
    await makeChoice(player, panel, card);
    await killOnceMade(turn);
    const second = await nextBoardPost(discord, threadId, first);
    await discord.waitFor(() => (postsOf(id).lastPostedSeq === postsOf(id).version ? true : null), { what: 'the turn post to be recorded' });
    expect(JSON.parse(postsOf(id).boardPost ?? 'null')).toMatchObject({ messageId: second.id });
    // Recorded, the opening post is trimmed, and only the newest shows a board.
    await expectQuietThread(discord, threadId);
    const posts = discord.allMessages(threadId).filter((m) => m.authorId === discord.botUser.id && !m.ephemeral);
    expect(posts.map((m) => m.id)).toEqual([first.id, second.id]);
    // The other player was pinged once for his turn.
    expect(posts.filter((m) => m.pinged.length > 0).map((m) => m.pinged)).toEqual([[player.id], [player === anne ? bart.id : anne.id]]);

    // A notice ("gave more time"), made as the bot is killed: one notice.
    const notice = discord.holdAnswers({ ...MESSAGES, when: (req) => JSON.stringify(req.body).includes('gave more time') });
    const extending = anne.slash('game', { subcommand: 'extend', options: { hours: 1 }, channelId: threadId }).catch(() => undefined);
    await killOnceMade(notice);
    await extending;
    await discord.waitFor(() => (postsOf(id).notices === 0 ? true : null), { what: 'the notice to be recorded' });
    expect(discord.allMessages(threadId).filter((m) => m.content.includes('gave more time'))).toHaveLength(1);
  });
});

describe('a game that is over, whose channel was deleted', () => {
  it('gives up the posts it still owes there, says so once, and tries them no more', async () => {
    const games = discord.channel('games');
    const general = discord.channel('general');
    const host = discord.user('anne', { manageGuild: true });
    const opened = await host.slash('game', { subcommand: 'new', options: { game: 'honderden', variant: 'one-game' }, channelId: games.id });
    const lobby = (await bart.click(opened.message as StoredMessage, { label: 'Join' })).message as StoredMessage;
    const started = await host.click(lobby, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id && th.parentId === games.id);
    const first = await nextBoardPost(discord, thread.id, undefined);
    const id = gameNumber(first);

    // A moderator deletes the channel, its thread with it; the host cancels the game from another channel.
    discord.deleteChannel(games.id);
    const cancelled = await host.slash('game', { subcommand: 'cancel', options: { id }, channelId: general.id });
    const yes = buttonsOf(cancelled.message as StoredMessage).find((b) => b.customId?.startsWith('cancelyes:'));
    await host.click(cancelled.message as StoredMessage, yes?.customId as string);
    const givenUp = () => harness.bot.logs().filter((l) => l.game === id && /given up/.test(String(l.msg)));
    await discord.waitFor(() => (givenUp().length > 0 ? true : null), { what: 'the posts owed to be given up' });
    expect(postsOf(id).notices).toBe(0);
    // Tried no more: nothing in the next retries' time, and the warning was said once.
    const toGone = () => discord.restLog.filter((e) => e.method === 'POST' && (e.path.includes(games.id) || e.path.includes(thread.id))).length;
    const tries = toGone();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(toGone()).toBe(tries);
    expect(givenUp()).toHaveLength(1);
  });
});
