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

/** The users the post names as having to act (its "…: your move." line). */
export function mentionedUsers(post: StoredMessage, users: SimUser[]): SimUser[] {
  const line = post.content.split('\n').find((l) => l.endsWith('your move.')) ?? '';
  return users.filter((u) => line.includes(`<@${u.id}>`));
}

/** "start" is before space 1 and "ship" after space 36. */
const placeNumber = (text: string) => (text === 'start' ? 0 : text === 'ship' ? 37 : Number.parseInt(text, 10));

/** From a move's label ("Skull: 9 → 23", "17 → 12, draw 1"): where the pirate stands and lands. */
function fromTo(label: string): { from: number; to: number } {
  const [before = '', after = ''] = label.split('→');
  const from = before.split(':').at(-1)?.trim() ?? '';
  const to = after.split(',')[0]?.trim() ?? '';
  return { from: placeNumber(from), to: placeNumber(to) };
}

/**
 * A simple player for tests, reading only what the panel shows: the forward move that gains the
 * most spaces; with no card, the move back that loses the fewest; else it ends the turn.
 */
export function chooseMove(panel: StoredMessage): { select: string; value: string } | { button: string } | null {
  const selects = selectsOf(panel);
  const pick = (prefix: string, score: (move: { from: number; to: number }) => number) => {
    let best: { select: string; value: string; score: number } | null = null;
    for (const select of selects.filter((s) => s.placeholder?.startsWith(prefix))) {
      for (const option of select.options) {
        const value = score(fromTo(option.label));
        if (!best || value > best.score) best = { select: select.customId, value: option.value, score: value };
      }
    }
    return best && { select: best.select, value: best.value };
  };
  const move = pick('Play a card', ({ from, to }) => to - from) ?? pick('Move a pirate back', ({ from, to }) => to - from);
  if (move) return move;
  const end = buttonsOf(panel).find((b) => b.label === 'End turn');
  return end?.customId ? { button: end.customId } : null;
}

/** Picks the next click in a panel: a select option or a button; null when there is nothing to do. */
export type MoveChooser = (panel: StoredMessage) => { select: string; value: string } | { button: string } | null;

/**
 * Plays one turn of whoever the latest post mentions, only through the panel the bot shows,
 * with `choose` deciding each click (Cartagena's simple player by default), at most `maxSteps`
 * clicks. Returns the panel messages seen (all must be ephemeral).
 */
export async function playTurn(player: SimUser, post: StoredMessage, choose: MoveChooser = chooseMove, maxSteps = 4): Promise<StoredMessage[]> {
  const opened = await player.click(post, { prefix: 'panel:' });
  expect(opened.ephemeral).toBe(true);
  let panel = opened.message as StoredMessage;
  const seen = [panel];
  for (let step = 0; step < maxSteps; step++) {
    if (!panel.content.includes("It's your turn")) break;
    const move = choose(panel);
    if (!move) break;
    const result = 'button' in move ? await player.click(panel, move.button) : await player.select(panel, move.select, [move.value]);
    expect(result.callbackType).toBe(7); // the panel is updated in place
    panel = result.message as StoredMessage;
    expect(panel.ephemeral).toBe(true);
    seen.push(panel);
  }
  return seen;
}
