/**
 * Discord failing the bot the ways the real one does: server errors on a board post, the answer
 * to a move lost, the game's thread deleted, the bot's permission to post taken away. Nothing the
 * database committed is lost or denied: every post arrives, late if need be.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { setDeadline, useHarness } from './harness.js';
import { choicesOf, gameNumber, isBoardPost, makeChoice, mentionedUsers, nextBoardPost, openAndStart } from './play.js';
import { saveTranscript } from './transcript.js';
import { inDatabase } from './database-access.js';

// The games' clock is checked every 200 ms here, so that a paused deadline is seen not to expire.
const harness = useHarness('faults', ['anne', 'bart'], { env: { SCHEDULER_INTERVAL_MS: '200' } });
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

const BOARD_POST = { route: '/channels/:channel/messages', method: 'POST' } as const;
/** A card button of a Honderden panel: "A♠", "J♥ Jas". */
const isCard = (label: string) => /^(?:10|[789JQKA])[♠♥♣♦]( Jas| Nel)?$/.test(label);

/** Reads a game's row as the bot stored it. */
function gameRow(id: number): { thread_id: string | null; unreachable_since: number | null; deadline_at: number | null; version: number } {
  return inDatabase(harness.databasePath, (db) => {
    return db.prepare('SELECT thread_id, unreachable_since, deadline_at, version FROM games WHERE id = ?').get(id) as ReturnType<typeof gameRow>;
  });
}

/**
 * The player a post names as the one to act plays a card from his panel, opened by `open`. With
 * `answerLost`, Discord loses the bot's answer to that click (the player sees no answer).
 */
async function playCard(post: StoredMessage, open: (user: SimUser) => Promise<StoredMessage>, answerLost = false): Promise<SimUser> {
  const [player] = mentionedUsers(post, [anne, bart]) as [SimUser];
  const panel = await open(player);
  const card = choicesOf(panel).find((c) => isCard(c.label));
  if (!card || !('button' in card)) throw new Error(`no card button to play in: ${panel.content}`);
  if (!answerLost) {
    await makeChoice(player, panel, card);
    return player;
  }
  discord.failNext({ route: '/interactions/:interaction/:token/callback', status: 404, code: 10062 });
  await expect(player.click(panel, card.button, { timeoutMs: 4000 })).rejects.toThrow(/10062 Unknown interaction/);
  return player;
}

const fromPost = (post: StoredMessage) => async (user: SimUser) => (await user.click(post, { prefix: 'panel:' })).message as StoredMessage;
const viaCommand = (id: number, channelId: string) => async (user: SimUser) =>
  (await user.slash('game', { subcommand: 'panel', options: { id }, channelId })).message as StoredMessage;

describe('posts are never lost', () => {
  it('a board post that Discord refuses eight times with 500 still arrives, mentioning the next player; a lost answer denies nothing', async () => {
    const { lobby, threadId } = await openAndStart(discord, [anne, bart], { game: 'honderden', variant: 'one-game' });
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);

    // Eight 500s in a row on the next post with an image: more than discord.js retries by itself.
    const fault = discord.failNext({ ...BOARD_POST, status: 500, count: 8, when: (req) => req.files.length > 0 });
    const played = await playCard(first, fromPost(first));
    let second = await nextBoardPost(discord, threadId, first);
    expect(fault.hits).toBe(8);
    // The leader played the trick's first card: the other player is told it is his turn.
    expect(mentionedUsers(second, [anne, bart])).toEqual([anne, bart].filter((u) => u !== played));

    // A rate limit on the next post: discord.js waits as Discord says, and the post arrives.
    const limited = discord.failNext({ ...BOARD_POST, status: 429, retryAfterMs: 1500, when: (req) => req.files.length > 0 });
    await playCard(second, fromPost(second));
    second = await nextBoardPost(discord, threadId, second);
    expect(limited.hits).toBe(1);

    // The answer to the next card is lost (its interaction expired); the move stands and is posted.
    const versionBefore = gameRow(id).version;
    const lost = await playCard(second, fromPost(second), true);
    const lostInteraction = discord.interactions().at(-1)?.id;
    await discord.waitFor(() => (gameRow(id).version === versionBefore + 1 ? true : null), { what: 'the card whose answer was lost to stand' });
    // The other player answers the card (Honderden posts once per trick): the trick's post tells both.
    const other = lost === anne ? bart : anne;
    const answering = (await other.click(latestBoard(threadId) as StoredMessage, { prefix: 'panel:' })).message as StoredMessage;
    const card = choicesOf(answering).find((c) => isCard(c.label));
    if (!card) throw new Error(`no card to answer with in: ${answering.content}`);
    await makeChoice(other, answering, card);
    const third = await discord.waitFor(
      () =>
        discord
          .messages(threadId)
          .filter(isBoardPost)
          .find((m) => m.content.includes('wins trick 2: ')) ?? null,
      { what: 'the post of trick 2' },
    );
    expect(third.content).toMatch(new RegExp(`wins trick 2: (${lost.username}|${other.username}) \\S+, (${lost.username}|${other.username})`, 'i'));
    expect(mentionedUsers(third, [anne, bart])).toHaveLength(1);
    // Nobody was told that nothing changed; the player's next panel says his move was made, once.
    for (const m of discord.visibleTo(lost)) expect(m.content).not.toMatch(/nothing was changed|went wrong/);
    const panel = (await lost.click(third, { prefix: 'panel:' })).message as StoredMessage;
    expect(panel.content).toMatch(/Your last move was made, though my answer to it did not reach you/);
    const again = (await lost.click(third, { prefix: 'panel:' })).message as StoredMessage;
    expect(again.content).not.toMatch(/Your last move was made/);
    // The one interaction Discord lost is the only one without an answer.
    if (lostInteraction) lost_.add(lostInteraction);
    expectNoOtherProblems();
    saveTranscript('faults-posts', [lobby, ...discord.messages(threadId)]);
  });

  it('after the thread is deleted the game goes on in the channel, which hears why once; with nowhere to post, its time pauses and the players learn why', async () => {
    const channel = discord.channel('general');
    const { threadId } = await openAndStart(discord, [anne, bart], { game: 'honderden', variant: 'one-game', time_limit: '1h' });
    const first = await nextBoardPost(discord, threadId, undefined);
    const id = gameNumber(first);

    // A moderator deletes the thread; the next player opens his panel with /game panel in the channel.
    discord.deleteChannel(threadId);
    const before = latestBoard(channel.id);
    await playCard(first, viaCommand(id, channel.id));
    const moved = await nextBoardPost(discord, channel.id, before);
    // Among the channel's other posts, it says which game it is, though it was made for the thread.
    expect(moved.content.split('\n')[0]).toBe(`**Honderden** #${id}`);
    const notes = discord.messages(channel.id).filter((m) => m.content.includes('goes on here'));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.content).toContain(`#${id} goes on here`);
    expect(mentionedUsers(moved, [anne, bart])).toHaveLength(1);
    expect(gameRow(id).thread_id).toBeNull();

    // Then the bot may no longer post in the channel: the next move is kept, the game's time pauses.
    discord.denyBot(channel.id, ['SendMessages', 'SendMessagesInThreads']);
    const mover = await playCard(moved, viaCommand(id, channel.id));
    await discord.waitFor(() => gameRow(id).unreachable_since !== null, { what: 'the game to be marked unreachable', timeoutMs: 20_000 });
    for (const user of [anne, bart]) {
      const panel = await user.slash('game', { subcommand: 'panel', options: { id }, channelId: channel.id });
      expect(panel.ephemeral).toBe(true);
      expect(panel.content).toMatch(/I cannot post in this game's thread or channel/);
      expect(panel.content).toMatch(/time limits are paused until I can post again/);
    }
    await anne.slash('game', { subcommand: 'log', options: { id }, channelId: channel.id });
    await discord.waitFor(
      () =>
        discord
          .visibleTo(anne)
          .at(-1)
          ?.content.match(/I cannot post in this game's thread or channel/),
      { what: 'the warning after the log' },
    );
    // Its deadline passes meanwhile, over many ticks of the clock: nobody is moved for, since nobody could be told.
    const deadline = gameRow(id).deadline_at as number;
    const version = gameRow(id).version;
    setDeadline(harness.databasePath, id, Date.now() - 1000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(gameRow(id).version).toBe(version);
    setDeadline(harness.databasePath, id, deadline);

    // The permission comes back: the post arrives and the game's time goes on, the pause given back.
    discord.resetBotPermissions(channel.id);
    const back = await nextBoardPost(discord, channel.id, moved);
    expect(mentionedUsers(back, [anne, bart])).toHaveLength(1);
    expect(discord.messages(channel.id).filter((m) => m.content.includes('goes on here'))).toHaveLength(1);
    await discord.waitFor(() => gameRow(id).unreachable_since === null, { what: 'the game to be reachable again', timeoutMs: 10_000 });
    expect(gameRow(id).deadline_at as number).toBeGreaterThan(deadline);
    expect(mover).toBeDefined();
    expectNoOtherProblems();
  });
});

describe('a token Discord no longer accepts', () => {
  it('stops the bot with one line that says what to do, instead of running deaf', async () => {
    discord.revokeBotToken();
    const code = await harness.bot.exited(20_000);
    expect(code).toBe(1);
    const fatal = harness.bot.logs().filter((l) => (l.level as number) >= 60);
    expect(fatal.map((l) => l.msg)).toEqual([expect.stringMatching(/no longer accepts the bot token.*DISCORD_TOKEN/)]);
    // Started again with the same token, it says so at once and stops.
    harness.bot.start();
    expect(await harness.bot.exited(20_000)).toBe(1);
    expect(
      harness.bot
        .logs()
        .filter((l) => (l.level as number) >= 60)
        .at(-1)?.msg,
    ).toMatch(/could not log in to Discord; check DISCORD_TOKEN/);
  });
});

/** Interactions whose answer a test made Discord lose on purpose. */
const lost_ = new Set<string>();

function expectNoOtherProblems(): void {
  expect(discord.interactionProblems().filter((p) => !lost_.has(p.interactionId))).toEqual([]);
}

function latestBoard(channelId: string): StoredMessage | undefined {
  return discord.messages(channelId).filter(isBoardPost).at(-1);
}
