import { expect } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';

/** A public game post: it carries the board image and the "Open my panel" button. */
export const isBoardPost = (m: StoredMessage) => m.attachments.some((a) => a.filename.endsWith('.png')) && buttonsOf(m).some((b) => b.customId?.startsWith('panel:'));

/** The newest public board post in a channel or thread. */
export function latestBoardPost(discord: FakeDiscord, channelId: string): StoredMessage | undefined {
  return discord.messages(channelId).filter(isBoardPost).at(-1);
}

/** Waits for a board post newer than `after` (by id order of creation). */
export async function nextBoardPost(discord: FakeDiscord, channelId: string, after: StoredMessage | undefined): Promise<StoredMessage> {
  return discord.waitFor(
    () => {
      const posts = discord.messages(channelId).filter(isBoardPost);
      const newest = posts.at(-1);
      return newest && newest.id !== after?.id && (!after || newest.createdAt >= after.createdAt) ? newest : null;
    },
    { what: `a new board post in ${channelId}`, timeoutMs: 20_000 },
  );
}

/** The users the post mentions as having to act. */
export function mentionedUsers(post: StoredMessage, users: SimUser[]): SimUser[] {
  return users.filter((u) => post.content.includes(`<@${u.id}>`));
}

/**
 * A simple player for tests: the destination written at the end of a move's label ("… → 23",
 * "→ ship") tells how far a card takes a pirate; it takes the farthest forward move, else the
 * first move back, else ends the turn. Returns the option it chose, or the button.
 */
export function chooseMove(panel: StoredMessage): { select: string; value: string } | { button: string } | null {
  const selects = selectsOf(panel);
  const forward = selects.filter((s) => s.placeholder?.startsWith('Play a card'));
  const back = selects.filter((s) => s.placeholder?.startsWith('Move a pirate back'));
  const reach = (label: string) => {
    const to = label.split('→').at(-1)?.trim() ?? '';
    return to === 'ship' ? 99 : Number.parseInt(to, 10);
  };
  let best: { select: string; value: string; score: number } | null = null;
  for (const select of forward) {
    for (const option of select.options) {
      const score = reach(option.label);
      if (!best || score > best.score) best = { select: select.customId, value: option.value, score };
    }
  }
  if (best) return { select: best.select, value: best.value };
  const firstBack = back[0]?.options[0];
  if (back[0] && firstBack) return { select: back[0].customId, value: firstBack.value };
  const end = buttonsOf(panel).find((b) => b.label === 'End turn');
  return end?.customId ? { button: end.customId } : null;
}

/**
 * Plays one turn of whoever the latest post mentions, only through the panel the bot shows.
 * Returns the panel messages seen (all must be ephemeral).
 */
export async function playTurn(player: SimUser, post: StoredMessage): Promise<StoredMessage[]> {
  const opened = await player.click(post, { prefix: 'panel:' });
  expect(opened.ephemeral).toBe(true);
  let panel = opened.message as StoredMessage;
  const seen = [panel];
  for (let step = 0; step < 4; step++) {
    if (!panel.content.includes("It's your turn")) break;
    const move = chooseMove(panel);
    if (!move) break;
    const result = 'button' in move ? await player.click(panel, move.button) : await player.select(panel, move.select, [move.value]);
    expect(result.callbackType).toBe(7); // the panel is updated in place
    panel = result.message as StoredMessage;
    expect(panel.ephemeral).toBe(true);
    seen.push(panel);
  }
  return seen;
}
