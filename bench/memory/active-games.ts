/**
 * Steps 2 and 3 of bench/memory.ts, as the players do them through the local fake Discord: a game
 * opened (/game new, Join, Join, Start, its opening board post awaited) and touched (the player to
 * act opens his panel, moves, ends his turn, and that turn's board post is awaited), a few games
 * at a time.
 */
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from '../../tests/e2e/server/index.js';
import { en } from '../../src/i18n/en.js';

/** A public game post: the board image and the "Open my panel" button. */
const isBoardPost = (m: StoredMessage) => m.attachments.some((a) => a.filename.endsWith('.png')) && buttonsOf(m).some((b) => b.customId?.startsWith('panel:'));

export function boardPosts(discord: FakeDiscord, threadId: string): StoredMessage[] {
  try {
    return discord.messages(threadId).filter(isBoardPost);
  } catch {
    return []; // the thread is not there yet
  }
}

const YOUR_TURN = en['cartagena.panel.your-turn'].split('{')[0] as string;

export interface ActiveGame {
  players: SimUser[];
  threadId: string;
  post: StoredMessage;
}

/** /game new, Join, Join, Start; resolves with the game's opening board post. */
export async function openGame(discord: FakeDiscord, players: SimUser[], variant: 'jamaica' | 'tortuga'): Promise<ActiveGame> {
  const [host, ...others] = players as [SimUser, ...SimUser[]];
  const lobby = await host.slash('game', { subcommand: 'new', options: { game: 'cartagena', variant } });
  let message = lobby.message;
  if (!message) throw new Error(`/game new gave no lobby: ${lobby.content}`);
  for (const user of others) message = (await user.click(message, { label: en['lobby.join'] })).message ?? message;
  const started = await host.click(message, { label: en['lobby.start'] });
  const threadId = message.id; // the thread is started from the lobby message
  try {
    const post = await discord.waitFor(() => boardPosts(discord, threadId).at(-1), { what: `the opening board post in ${threadId}`, timeoutMs: 60_000 });
    return { players, threadId, post };
  } catch (error) {
    // Say what there is instead, so that a missing post can be looked into.
    let thread = 'no thread';
    try {
      thread =
        discord
          .messages(threadId)
          .map((m) => `[${m.attachments.length} files] ${m.content.slice(0, 80)}`)
          .join(' / ') || 'an empty thread';
    } catch {
      // the thread was never made
    }
    const first = String(error).split('\n')[0];
    throw new Error(
      `no opening post in 60 s: the Start click answered ${started.callbackType} "${started.content.replaceAll('\n', ' ').slice(0, 80)}"; in the thread: ${thread.replaceAll('\n', ' ')} (${first})`,
      { cause: error },
    );
  }
}

/**
 * The player to act opens his panel, makes a move (a card forward, else a move back) and ends his
 * turn; resolves when the board post of that turn is in the thread.
 */
export async function touchGame(discord: FakeDiscord, game: ActiveGame): Promise<void> {
  const footer = game.post.content.split('\n').findLast((line) => line.includes('<@')) ?? '';
  const actor = game.players.find((u) => footer.includes(`<@${u.id}>`));
  if (!actor) throw new Error(`no player named in the post of ${game.threadId}: ${footer}`);
  const panel = (await actor.click(game.post, { prefix: 'panel:' })).message;
  if (!panel?.content.includes(YOUR_TURN)) throw new Error(`the panel of ${game.threadId} offers no turn: ${panel?.content.slice(0, 200)}`);
  const selects = selectsOf(panel);
  const select = selects.find((s) => s.placeholder?.startsWith(en['cartagena.panel.forward'].slice(0, 12))) ?? selects[0];
  const before = boardPosts(discord, game.threadId).length;
  let current = panel;
  if (select?.options[0]) current = (await actor.select(panel, select.customId, [select.options[0].value])).message ?? panel;
  const end = buttonsOf(current).find((b) => b.label === en['cartagena.panel.end']);
  if (end?.customId && current.content.includes(YOUR_TURN)) await actor.click(current, end.customId);
  await discord.waitFor(() => boardPosts(discord, game.threadId).length > before, {
    what: `the board post after a turn in ${game.threadId}`,
    timeoutMs: 60_000,
  });
}

/**
 * Runs `fn` over the items, `limit` at a time; failures are counted, not thrown. No new item is
 * started once `stop()` says so.
 */
export async function pool<T, R>(
  items: T[],
  limit: number,
  stop: () => boolean,
  fn: (item: T, index: number) => Promise<R>,
): Promise<{ results: R[]; errors: string[] }> {
  const results: R[] = [];
  const errors: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop()) {
      const index = next++;
      try {
        results.push(await fn(items[index] as T, index));
      } catch (error) {
        errors.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return { results, errors };
}
