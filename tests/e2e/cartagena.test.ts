import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, isPng, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { saveTranscript } from './transcript.js';
import { boardPosts, cancelFrom, latestBoardPost, mentionedUsers, nextBoardPost, playTurn, expectBoardImages } from './play.js';

// Debug: the per-interaction lines read below (at info the bot logs a summary a minute instead).
const harness = useHarness('cartagena', ['ann', 'ben', 'cas'], { env: { LOG_LEVEL: 'debug' } });
let discord: FakeDiscord;

beforeAll(() => ({ discord } = harness));

/** Opens a lobby as the first user, lets the others join, starts; returns the game's thread id. */
async function openAndStart(variant: 'jamaica' | 'tortuga'): Promise<string> {
  const [host, ...others] = harness.users;
  const lobby = await host.slash('game', { subcommand: 'new', options: { game: 'cartagena', variant } });
  expect(lobby.ephemeral).toBe(false);
  let message = lobby.message as StoredMessage;
  expect(message.content).toContain('Cartagena');
  for (const user of others) message = (await user.click(message, { label: 'Join' })).message as StoredMessage;
  expect(message.content).toContain('Players (3/5)');
  const started = await host.click(message, { label: 'Start' });
  const thread = await discord.waitForThread(
    (t) => t.name?.startsWith('Cartagena #') === true && t.parentId === message.channelId && t.id === started.message?.id,
  );
  return thread.id;
}

/** Plays turns until the game is over; `onTurn` may interrupt (e.g. restart the bot). */
async function playToTheEnd(threadId: string, onTurn?: (turn: number) => Promise<void>): Promise<{ posts: StoredMessage[]; panels: StoredMessage[] }> {
  const panels: StoredMessage[] = [];
  let post = await nextBoardPost(discord, threadId, undefined);
  for (let turn = 1; ; turn++) {
    if (post.content.includes('The game is over')) break;
    if (turn > 400) throw new Error('the game did not end');
    const [player] = mentionedUsers(post, harness.users);
    expect(player, `post mentions a player: ${post.content}`).toBeDefined();
    await onTurn?.(turn);
    panels.push(...(await playTurn(player as SimUser, post)));
    post = await nextBoardPost(discord, threadId, post);
  }
  return { posts: discord.messages(threadId), panels };
}

describe('Cartagena through Discord', () => {
  it('three players play a whole Jamaica game; hands stay private; the bot restarts mid-game and old buttons still work', async () => {
    const threadId = await openAndStart('jamaica');
    let restartedAt = 0;
    let postBeforeRestart: StoredMessage | undefined;
    const { posts, panels } = await playToTheEnd(threadId, async (turn) => {
      if (turn === 3) saveTranscript('cartagena-jamaica-panels', discord.allMessages(threadId));
      if (turn !== 6) return;
      // Stop the bot mid-game and start it again on the same database.
      postBeforeRestart = latestBoardPost(discord, threadId);
      const identified = discord.botStatus.identifyCount;
      expect(await harness.bot.stop(), harness.bot.output.slice(-20).join('\n')).toBe(0);
      harness.bot.start();
      await discord.waitForBotReady({ afterIdentifyCount: identified });
      restartedAt = turn;
    });
    saveTranscript('cartagena-jamaica', posts);
    expect(restartedAt).toBe(6);
    expect(postBeforeRestart).toBeDefined();

    // Panels were all private; board posts carried PNG images.
    expect(panels.length).toBeGreaterThan(10);
    for (const panel of panels) expect(panel.ephemeral).toBe(true);
    const boards = boardPosts(posts);
    expect(boards.length).toBeGreaterThan(5);
    expectBoardImages(boards);

    // No hand card in any public message: no hand listing and no drawn card named.
    for (const message of [...posts, ...discord.messages()]) {
      expect(message.content).not.toMatch(/Your hand/);
      expect(message.content).not.toMatch(/drew \d+ cards? \(/);
    }
    const last = boardPosts(posts).at(-1) as StoredMessage;
    expect(last.content).toMatch(/wins!/);
    expect(last.content).toMatch(/1\. /);

    // The token never appears in the logs; every interaction has one log line with its latency.
    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
    const interactionLines = harness.bot.logs().filter((l) => l.msg === 'interaction');
    expect(interactionLines.length).toBeGreaterThan(panels.length);
    expect(interactionLines.every((l) => typeof l.latencyMs === 'number' && typeof l.user === 'string')).toBe(true);
    discord.assertInteractionsHealthy();
  });

  it('three players play a whole Tortuga game, with the drawn cards public', async () => {
    const threadId = await openAndStart('tortuga');
    const { posts } = await playToTheEnd(threadId);
    saveTranscript('cartagena-tortuga', posts);
    // In Tortuga every hand is open, so the posts name the cards drawn from the row.
    expect(posts.some((m) => /drew \d+ cards? \(/.test(m.content))).toBe(true);
    const last = boardPosts(posts).at(-1) as StoredMessage;
    expect(last.content).toMatch(/wins!|Nobody can move/);
    discord.assertInteractionsHealthy();
  });

  it('a player who resigns leaves; with one player left, he wins', async () => {
    const [host, second] = harness.users;
    const lobby = await host.slash('game', { subcommand: 'new', options: { game: 'cartagena' } });
    const joined = await second.click(lobby.message as StoredMessage, { label: 'Join' });
    const started = await host.click(joined.message as StoredMessage, { label: 'Start' });
    const thread = await discord.waitForThread((t) => t.id === started.message?.id);
    const first = await nextBoardPost(discord, thread.id, undefined);
    const asked = await second.slash('game', { subcommand: 'resign', channelId: thread.id });
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toMatch(/Do you really want to leave \*\*Cartagena\*\* #\d+\?/);
    const resigned = await second.click(asked.message as StoredMessage, { label: 'Yes, resign' });
    expect(resigned.content).toBe('You left the game.');
    const last = await nextBoardPost(discord, thread.id, first);
    // The winner has no pirate aboard: the post says why he won, and how the places were made.
    expect(last.content).toMatch(/is out of the game: their pirates left the tunnel/);
    expect(last.content).toMatch(/is the last player left and wins!/);
    expect(last.content).not.toMatch(/aboard and wins/);
    expect(last.content).toMatch(/^1\. .+ \(0 aboard\): 6 still at the start$/m);
    expect(last.content).toMatch(/^2\. .+ \(0 aboard, resigned\)$/m);
    // The lobby message shows the result, marking the player who left.
    const result = await discord.waitFor(
      () => (discord.message(lobby.message?.id as string).content.includes('The game is over') ? discord.message(lobby.message?.id as string) : null),
      { what: 'the result on the lobby message', timeoutMs: 5000 },
    );
    expect(result.content).toMatch(/The game is over \(.+\): 1\. . Ann \(0 aboard\), 2\. . Ben \(0 aboard, resigned\)/);
    const over = await host.click(last, { prefix: 'panel:' });
    expect(over.content).toMatch(/The game is over\. .+ won as the last player left\./);
    const again = await second.slash('game', { subcommand: 'resign', channelId: thread.id });
    expect(again.content).toMatch(/no game of yours here|not running/);
  });

  it('refuses clearly and privately: out of turn, outsiders, outdated panels', async () => {
    const threadId = await openAndStart('jamaica');
    const post = await nextBoardPost(discord, threadId, undefined);
    const [player] = mentionedUsers(post, harness.users) as [SimUser];
    const other = harness.users.find((u) => u !== player) as SimUser;
    const outsider = discord.user('dee');

    const spectator = await outsider.click(post, { prefix: 'panel:' });
    expect(spectator.ephemeral).toBe(true);
    expect(spectator.content).toMatch(/not playing in this game/);

    const otherPanel = await other.click(post, { prefix: 'panel:' });
    expect(otherPanel.ephemeral).toBe(true);
    expect(otherPanel.content).toMatch(/Waiting for/);

    // The player opens his panel twice; acting in the second makes the first outdated. The first is
    // clicked as his Discord still showed it: opening the second retires it (src/discord/live-panels.ts).
    const first = { ...((await player.click(post, { prefix: 'panel:' })).message as StoredMessage) };
    const second = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const retired = await discord.waitFor(() => (/no longer live/.test(discord.message(first.id).content) ? discord.message(first.id) : null), {
      what: 'the first panel retired',
    });
    expect(buttonsOf(retired).map((b) => b.customId)).toEqual([expect.stringMatching(/^reopen:/)]);
    const { chooseMove } = await import('./play.js');
    const move = chooseMove(second);
    if (!move || 'button' in move) throw new Error('expected a move');
    await player.select(second, move.select, [move.value]);
    // His Discord still showed the first panel as it was: the click on it carries its menu's id.
    expect(selectsOf(first).map((menu) => menu.customId)).toContain(move.select);
    const stale = await player.forgeComponent(first.id, { customId: move.select, values: [move.value] });
    expect(stale.callbackType).toBe(7);
    expect(stale.content).toMatch(/moved on/);
    expect(stale.ephemeral).toBe(true);

    // The overview and the board on request, both private.
    const overview = await other.slash('games');
    expect(overview.ephemeral).toBe(true);
    expect(overview.content).toMatch(/\[Cartagena #\d+\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\): waiting for/);
    const mine = await player.slash('games');
    expect(mine.content).toMatch(/\[Cartagena #\d+\]\(\S+\): \*\*your move\*\*/);
    const board = await outsider.slash('game', { subcommand: 'board', channelId: threadId });
    expect(board.ephemeral).toBe(true);
    expect(isPng(board.messages.flatMap((m) => m.attachments)[0]?.bytes as Buffer)).toBe(true);

    // A running game is cancelled only when every player agrees; an outsider has no say.
    const outsiderCancel = await outsider.slash('game', { subcommand: 'cancel', channelId: threadId });
    expect(outsiderCancel.ephemeral).toBe(true);
    expect(outsiderCancel.content).toMatch(/not playing in this game/);
    // Asked first; "No, keep it" changes nothing.
    const asked = await harness.users[1].slash('game', { subcommand: 'cancel', channelId: threadId });
    expect(asked.content).toMatch(/Ask to cancel \*\*Cartagena\*\* #\d+\? It is cancelled once every other player agrees/);
    const kept = await harness.users[1].click(asked.message as StoredMessage, { label: 'No, keep it' });
    expect(kept.content).toBe('Nothing was cancelled.');
    const cancel = await cancelFrom(harness.users[1], threadId);
    expect(cancel.content).toMatch(/You asked to cancel the game\. It is cancelled once every other player agrees/);
    const notice = await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('asks to cancel')) ?? null, {
      what: 'the request to cancel',
      timeoutMs: 5000,
    });
    expect(notice.content).toMatch(/asks to cancel this game\. Still needed: <@\d+>, <@\d+>/);
    // The rules open on their first page; the bot's rulings are a section of their own.
    const rules = await outsider.slash('rules', { options: { game: 'cartagena' } });
    expect(rules.ephemeral).toBe(true);
    expect(JSON.stringify(rules.message?.embeds ?? [])).toContain('lead your six pirates');
    const [sections] = selectsOf(rules.message as StoredMessage);
    expect(sections?.options.map((o) => o.label)).toEqual([
      'Cartagena',
      'The tunnel and the cards',
      'A turn',
      'Jamaica and Tortuga',
      'The end',
      'How the bot decides unclear cases',
    ]);
    const rulings = await outsider.select(rules.message as StoredMessage, sections?.customId as string, [sections?.options.at(-1)?.value as string]);
    expect(JSON.stringify(rulings.message?.embeds ?? [])).toContain('Whenever you must draw and the row is empty, a new row is laid out first');
    await cancelFrom(harness.users[0], threadId);
    const lastCancel = await cancelFrom(harness.users[2], threadId);
    expect(lastCancel.content).toMatch(/The game was cancelled/);
    await discord.waitFor(() => discord.messages(threadId).find((m) => m.content.includes('cancelled by')) ?? null, {
      what: 'the cancellation notice',
      timeoutMs: 5000,
    });
    // Its last board post is cut down like the earlier ones: no image, no call to move, no button.
    const trimmed = () => boardPosts(discord.messages(threadId)).every((m) => m.attachments.length === 0 && m.components.length === 0);
    await discord.waitFor(() => (trimmed() ? true : null), { what: 'the last board post trimmed', timeoutMs: 5000 });
    for (const post of boardPosts(discord.messages(threadId))) expect(post.content).not.toMatch(/your move\./);
    discord.assertInteractionsHealthy();
  });
});
