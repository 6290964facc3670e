/**
 * For the replay tests: a finished game played through the local Discord, and the replay's private
 * message read as a member sees it once a move's board is in (at once, or edited in after
 * "drawing…").
 */
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { gameNumber, mentionedUsers, nextBoardPost, playRandomTurn, randomFrom } from './play.js';

export const heading = (message: Pick<StoredMessage, 'content'>): string => message.content.split('\n')[0] ?? '';

/** The board image a message carries. */
export function imageOf(message: StoredMessage): Buffer {
  const png = message.attachments.find((a) => a.filename.endsWith('.png'))?.bytes;
  if (!png) throw new Error(`no board on ${heading(message)}`);
  return png;
}

/**
 * `player` opens a game with bots, plays `turns` of his turns with random choices and resigns
 * (unless the game ended first): with one bot that ends the game, with two the bots play it to its
 * end. Returns the game's number and its last post.
 */
export async function finishedGame(
  discord: FakeDiscord,
  player: SimUser,
  options: Record<string, string | number>,
  turns: number,
): Promise<{ id: number; final: StoredMessage }> {
  const opened = await player.slash('game', { subcommand: 'new', options: { ...options, bot_level: 'easy', time_limit: 'none' } });
  const started = await player.click(opened.message as StoredMessage, { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  let post = await nextBoardPost(discord, thread.id, undefined);
  const id = gameNumber(post);
  const pick = randomFrom(id);
  for (let played = 0; played < turns && !post.content.includes('The game is over');) {
    if (mentionedUsers(post, [player]).length > 0) {
      await playRandomTurn(player, post, pick);
      played++;
    }
    post = await nextBoardPost(discord, thread.id, post);
  }
  if (!post.content.includes('The game is over')) {
    // He resigns, unless the bots ended the game meanwhile (a roem of 100, a claim): then there is
    // nothing to resign from.
    const asked = (await player.slash('game', { subcommand: 'resign', channelId: thread.id })).message as StoredMessage;
    const confirm = buttonsOf(asked).find((b) => b.customId?.startsWith('resign:'));
    if (confirm) await player.click(asked, confirm.customId as string);
  }
  const final = await discord.waitFor(() => discord.messages(thread.id).find((m) => buttonsOf(m).some((b) => b.customId === `replay:${id}`)) ?? null, {
    what: `the last post of game ${id}`,
    timeoutMs: 90_000,
  });
  return { id, final };
}

/** The replay viewer once it shows the board of `move` (any move when not given) of game `id`: its image is named after the move. */
export function withBoard(discord: FakeDiscord, viewer: StoredMessage, id: number, move?: number, timeoutMs = 20_000): Promise<StoredMessage> {
  const name = new RegExp(`-${id}-move-${move ?? '\\d+'}\\.png$`);
  return discord.waitFor(
    () => {
      const now = discord.message(viewer.id);
      return now.attachments.some((a) => name.test(a.filename)) ? now : null;
    },
    { what: `the board of move ${move ?? '(any)'} of game ${id} on the replay`, timeoutMs },
  );
}
