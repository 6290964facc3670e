/**
 * The live table through Discord: the panel a player opened follows the game (edited in place, or
 * shown anew below the posts that landed under it, when his turn comes back after a bot's move or
 * another player's, with no click of his), a
 * player who just acted at his panel is not pinged again for a turn that follows at once, and no
 * post asks a bot to move or gives it a deadline.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { boardPosts, isBoardPost, livePanelOf, mentionedUsers, nextBoardPost, playRandomly, randomFrom } from './play.js';

const harness = useHarness('live-table', ['anne', 'beate']);
let discord: FakeDiscord;
let anne: SimUser;
let beate: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne, beate],
    } = harness),
);

const YOUR_TURN = "It's your turn";

/** The panel message as it stands now in the fake Discord (edits included). */
const now = (panel: StoredMessage) => discord.message(panel.id);

/** The edits of a panel the bot made on its own: all of them but the answers to clicks on it. */
const ownEdits = (panel: StoredMessage) =>
  now(panel).edits.length - discord.interactions().filter((i) => i.sourceMessageId === panel.id && i.callback?.type === 7).length;

/** Waits until the bot changed the panel by itself: edited it to the game, or retired it when it showed it anew below (just after). */
const changedByTheBot = (panel: StoredMessage) => discord.waitFor(() => ownEdits(panel) >= 1 || null, { what: 'the panel edited by the bot', timeoutMs: 5000 });

/** His live panel in the thread of `panel` (it may have been shown anew below). */
const livePanel = (user: SimUser, panel: StoredMessage) => livePanelOf(user, panel.channelId);

/**
 * Waits until his live panel says his turn has come, with no click of his: the panel he had, edited
 * in place, or shown anew below the posts that landed under it (the one he had then retired).
 */
const hisTurnAgain = (user: SimUser, panel: StoredMessage) =>
  discord.waitFor(
    () => {
      const live = livePanel(user, panel);
      return live?.content.includes(YOUR_TURN) ? live : null;
    },
    { what: 'his live panel showing his next turn', timeoutMs: 20_000 },
  );

/** Where a message lies in what the user sees of its channel (oldest first). */
const placeOf = (user: SimUser, message: StoredMessage) => user.messages(message.channelId).findIndex((m) => m.id === message.id);

async function start(host: SimUser, options: Record<string, string | number>, guest?: SimUser): Promise<{ threadId: string; post: StoredMessage }> {
  const opened = await host.slash('game', { subcommand: 'new', options });
  let lobby = opened.message as StoredMessage;
  if (guest) lobby = ((await guest.click(lobby, { label: 'Join' })).message as StoredMessage | undefined) ?? lobby;
  const started = await host.click(discord.message(lobby.id), { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  return { threadId: thread.id, post: await nextBoardPost(discord, thread.id, undefined) };
}

describe('the live table', () => {
  it('against a bot: the panel is edited to each new turn without a click, and the post that asks for it does not ping', async () => {
    const { threadId, post: first } = await start(anne, { game: 'shanghaien', bots: 1, bot_level: 'easy' });
    let post = first;
    while (mentionedUsers(post, [anne]).length === 0) post = await nextBoardPost(discord, threadId, post);
    const firstAsking = post;
    const opened = await anne.click(post, { prefix: 'panel:' });
    let panel = opened.message as StoredMessage;
    const pick = randomFrom(5);
    for (let turn = 0; turn < 3; turn++) {
      const clicked = Date.now();
      panel = await playRandomly(anne, panel, pick);
      if (panel.content.includes('The game is over')) break;
      // The bot moves; Anne's panel comes back to her turn by itself, below the post of that turn.
      panel = await hisTurnAgain(anne, panel);
      // The post of that turn names her but does not ping her: she is at her panel.
      const asking = await discord.waitFor(
        () =>
          discord
            .messages(threadId)
            .filter((m) => m.createdAt > clicked && isBoardPost(m) && mentionedUsers(m, [anne]).length > 0)
            .at(-1) ?? null,
        { what: 'the post of her turn' },
      );
      expect(asking.pinged).not.toContain(anne.id);
      expect(placeOf(anne, panel)).toBeGreaterThan(placeOf(anne, asking));
    }
    // The panel she opened was changed by the bot alone: edited to her turn, or retired when shown anew below.
    await changedByTheBot(opened.message as StoredMessage);
    // No post asks the bot to move or gives it a deadline.
    for (const message of discord.messages(threadId)) {
      expect(message.content).not.toMatch(/Bram\*\*: your move/);
      if (mentionedUsers(message, [anne]).length === 0) expect(message.content).not.toMatch(/Move by/);
    }
    // The post of her first turn (before she ever opened a panel) did ping her.
    expect(firstAsking.pinged).toContain(anne.id);
    discord.assertInteractionsHealthy();
  });

  it('between two people: the waiting player’s panel is edited when the other moves, and the turns go on from it', async () => {
    const { post: first } = await start(anne, { game: 'shanghaien' }, beate);
    const players = [anne, beate];
    const toMove = (p: StoredMessage) => mentionedUsers(p, players)[0] as SimUser;
    const mover = toMove(first);
    const waiter = players.find((p) => p !== mover) as SimUser;
    // The waiting player opens his panel first: it says whom the game waits for.
    const waiting = (await waiter.click(first, { prefix: 'panel:' })).message as StoredMessage;
    expect(waiting.content).not.toContain(YOUR_TURN);
    let moverPanel = (await mover.click(first, { prefix: 'panel:' })).message as StoredMessage;
    const pick = randomFrom(11);
    moverPanel = await playRandomly(mover, moverPanel, pick);
    // No click of his: his panel now offers his moves, and they are accepted.
    const edited = await hisTurnAgain(waiter, waiting);
    await changedByTheBot(waiting);
    const after = await playRandomly(waiter, edited, pick);
    expect(after.content).not.toContain(YOUR_TURN);
    // The other player's panel came back to him the same way.
    await hisTurnAgain(mover, moverPanel);
    await changedByTheBot(moverPanel);
    discord.assertInteractionsHealthy();
  });

  it('a player who asks for no pings is named for his turn but never pinged; the other is pinged as before', async () => {
    const chosen = await beate.slash('settings', { subcommand: 'pings', options: { when: 'never' } });
    expect(chosen.ephemeral).toBe(true);
    expect(chosen.content).toBe('✅ A post about your turn pings you: every time → never (it names you; reminders still ping you)');
    const { threadId, post: first } = await start(anne, { game: 'shanghaien' }, beate);
    let post = first;
    const seen = new Set<string>();
    const pick = randomFrom(3);
    for (let turn = 0; turn < 6 && seen.size < 2; turn++) {
      const [player] = mentionedUsers(post, [anne, beate]);
      if (!player) break;
      // Beate is never pinged; Anne is, the first time (later she is at her live panel).
      if (player === beate) expect(post.pinged).not.toContain(beate.id);
      else if (!seen.has('anne')) expect(post.pinged).toContain(anne.id);
      seen.add(player.username);
      const panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
      await playRandomly(player, panel, pick);
      post = await nextBoardPost(discord, threadId, post);
    }
    expect(seen).toEqual(new Set(['anne', 'beate']));
    await beate.slash('settings', { subcommand: 'pings', options: { when: 'every-turn' } });
  });

  it('Honderden at a live panel: one post per trick, telling all of its cards; the panel shows each card as it is played', async () => {
    const { threadId, post: first } = await start(anne, { game: 'honderden', bots: 1, bot_level: 'easy' });
    let post = first;
    while (mentionedUsers(post, [anne]).length === 0) post = await nextBoardPost(discord, threadId, post);
    let panel = (await anne.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const clicked = Date.now();
    const pick = randomFrom(17);
    for (let turn = 0; turn < 8 && !(livePanel(anne, panel) ?? panel).content.includes('The game is over'); turn++) {
      panel = await hisTurnAgain(anne, panel);
      panel = await playRandomly(anne, panel, pick);
    }
    const posts = discord.messages(threadId).filter((m) => m.createdAt > clicked && boardPosts([m]).length > 0);
    expect(posts.length).toBeGreaterThan(1);
    // Every post at her live panel ends a trick (or answers roem, or ends the game): no post for a lone card.
    for (const message of posts) expect(message.content).toMatch(/wins (trick \d+|the last trick)|roem|✋|The game is over/);
    discord.assertInteractionsHealthy();
  });
});
