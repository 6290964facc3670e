import { expect } from 'vitest';
import { buttonsOf, isPng, pngSize, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { streamStart } from './seed.js';

/** A public game post: it carries the board image and the "Open my panel" button. */
export const isBoardPost = (m: StoredMessage) =>
  m.attachments.some((a) => a.filename.endsWith('.png')) && buttonsOf(m).some((b) => b.customId?.startsWith('panel:'));

/** The board image a post carries, or carried before a newer post trimmed it to its summary. */
export function boardImageOf(m: Pick<StoredMessage, 'attachments' | 'edits'>): Buffer | undefined {
  return [m, ...m.edits].flatMap((r) => r.attachments).find((a) => a.filename.endsWith('.png'))?.bytes;
}

/** Every board post among `messages`, trimmed or not: the game's whole public record. */
export const boardPosts = (messages: StoredMessage[]): StoredMessage[] => messages.filter((m) => boardImageOf(m) !== undefined);

/** The description (alt text) of the board image a post carries or carried; null for an image without one. */
export function boardDescriptionOf(m: Pick<StoredMessage, 'attachments' | 'edits'>): string | null | undefined {
  return [m, ...m.edits].flatMap((r) => r.attachments).find((a) => a.filename.endsWith('.png'))?.description;
}

/** Every board image of these posts is described for screen readers, within Discord's 1,024 characters. */
export function expectDescribedBoards(posts: StoredMessage[]): string[] {
  const descriptions = boardPosts(posts).map((post) => boardDescriptionOf(post) ?? '');
  expect(descriptions.length).toBeGreaterThan(0);
  for (const description of descriptions) {
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(1024);
  }
  return descriptions;
}

/**
 * A quiet thread: once the posts are out, only the newest board post keeps its image and its
 * button; every earlier one is cut down to what happened (no image, no button, nobody called).
 */
export async function expectQuietThread(discord: FakeDiscord, channelId: string): Promise<void> {
  await discord.waitFor(() => (discord.messages(channelId).filter((m) => m.attachments.length > 0).length <= 1 ? true : null), {
    what: 'earlier board posts trimmed',
    timeoutMs: 10_000,
  });
  const posts = boardPosts(discord.messages(channelId));
  for (const post of posts.slice(0, -1)) {
    expect(post.attachments).toEqual([]);
    expect(post.components).toEqual([]);
    expect(post.content).not.toMatch(/your move\.|je bent aan zet|jullie zijn aan zet/i);
  }
  expect(posts.at(-1)?.attachments).toHaveLength(1);
}

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

/** A panel the bot retired: it shows anew below (src/discord/live-panels.ts), offering only "Open my panel" (`reopen:`). */
export const isRetiredPanel = (m: StoredMessage) => m.ephemeral && buttonsOf(m).length === 1 && buttonsOf(m)[0]?.customId?.startsWith('reopen:') === true;

/**
 * A player's live panel in a channel: the newest of his ephemeral panels there (they carry Refresh,
 * `panel:`) that the bot has not retired. The bot shows it anew at the bottom when his turn comes
 * with posts below it, so the panel he clicked last is not always the live one.
 */
export function livePanelOf(user: SimUser, channelId: string): StoredMessage | undefined {
  return user
    .messages(channelId)
    .filter((m) => m.ephemeral && !isRetiredPanel(m) && buttonsOf(m).some((b) => b.customId?.startsWith('panel:')))
    .at(-1);
}

/** How a table reads its messages: the words of the server's language. */
export interface TableWords {
  /** What a panel that asks its owner to act says. */
  yourTurn: RegExp;
  /** Words of the game's last post. */
  over: string;
  /** The players a post asks to act. */
  mentioned: (post: StoredMessage, users: SimUser[]) => SimUser[];
}

const ENGLISH: TableWords = { yourTurn: /It's your turn/, over: 'The game is over', mentioned: mentionedUsers };

/**
 * Players who follow a game as people do: through the board posts that ask them to act, and
 * through the panel each keeps open, which the bot edits when his turn comes. A game may pass the
 * turn without a post (Honderden posts once per trick): then only the panel tells him.
 */
export class Table {
  /** Each player's panel as last shown to him (a live panel is edited in place, or shown anew below, by the bot). */
  private readonly panels = new Map<string, StoredMessage>();
  /** The newest board post read so far. */
  post: StoredMessage | undefined;

  constructor(
    private readonly discord: FakeDiscord,
    private readonly channelId: string,
    private readonly players: SimUser[],
    private readonly words: TableWords = ENGLISH,
  ) {}

  /** Remembers the panel a player was last shown (after each of his clicks). */
  keep(user: SimUser, panel: StoredMessage): void {
    this.panels.set(user.id, panel);
  }

  /** Plays the game to its end, each player by random choices on the panel he keeps open. */
  async playOut(pick: (n: number) => number, maxTurns = 600): Promise<void> {
    for (let turn = 0; ; turn++) {
      if (turn > maxTurns) throw new Error('the game did not end');
      const due = await this.next();
      if (due.length === 0) return;
      for (const { user, panel } of due) this.keep(user, await playRandomly(user, panel, pick));
    }
  }

  /**
   * Waits until someone must act and gives each of them his panel showing it; an empty list once
   * the game is over (`post` is its last post). A new post's players open their panels from it;
   * a panel of his turn is the one he has open.
   */
  async next(): Promise<{ user: SimUser; panel: StoredMessage }[]> {
    for (;;) {
      const seen = await this.discord.waitFor<{ post: StoredMessage } | { open: { user: SimUser; panel: StoredMessage }[] }>(
        () => {
          const newest = this.discord.messages(this.channelId).filter(isBoardPost).at(-1);
          if (newest && newest.id !== this.post?.id && (!this.post || newest.createdAt >= this.post.createdAt)) return { post: newest };
          const open = this.players.flatMap((user) => {
            const panel = this.panels.has(user.id) ? livePanelOf(user, this.channelId) : undefined;
            return panel !== undefined && this.words.yourTurn.test(panel.content) ? [{ user, panel }] : [];
          });
          return open.length > 0 ? { open } : null;
        },
        { what: `a post or a panel asking someone to act in ${this.channelId}`, timeoutMs: 20_000 },
      );
      if ('open' in seen) return seen.open;
      this.post = seen.post;
      if (seen.post.content.includes(this.words.over)) return [];
      // A post that asks none of these players (a bot's turn): wait for the next.
      const asked = this.words.mentioned(seen.post, this.players);
      if (asked.length === 0) continue;
      const turns: { user: SimUser; panel: StoredMessage }[] = [];
      for (const user of asked) {
        const opened = await user.click(seen.post, { prefix: 'panel:' });
        expect(opened.ephemeral).toBe(true);
        const panel = opened.message as StoredMessage;
        this.keep(user, panel);
        turns.push({ user, panel });
      }
      return turns;
    }
  }
}

/** The number of the game a post is about ("Shanghaien #12 …"). */
export const gameNumber = (post: StoredMessage) => Number(/#(\d+)/.exec(post.content)?.[1]);

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

/**
 * A small seeded generator (mulberry32) for one stream of a test's random clicks: the same clicks
 * on every run of the same e2e seed (seed.ts), another stream for another `stream` number.
 */
export function randomFrom(stream: number): (n: number) => number {
  let a = streamStart(stream);
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/** A choice a panel offers: a move button, or an option of a select menu. */
export type PanelChoice = ({ button: string } | { select: string; value: string }) & { label: string };

/** Every choice a panel offers: its move buttons (not Refresh) and the options of its select menus. */
export function choicesOf(panel: StoredMessage): PanelChoice[] {
  return [
    ...buttonsOf(panel)
      .filter((b) => b.customId?.startsWith('act:'))
      .map((b) => ({ button: b.customId as string, label: b.label ?? '' })),
    ...selectsOf(panel).flatMap((s) => s.options.map((o) => ({ select: s.customId, value: o.value, label: o.label }))),
  ];
}

/** Clicks random choices in the player's panel until it no longer says it is his turn; returns the panel as last answered. */
export async function playRandomly(player: SimUser, panel: StoredMessage, pick: (n: number) => number): Promise<StoredMessage> {
  for (let step = 0; step < 8 && panel.content.includes("It's your turn"); step++) {
    const choices = choicesOf(panel);
    const choice = choices[pick(choices.length)];
    if (!choice) break;
    const answer = await makeChoice(player, panel, choice);
    expect(answer.callbackType).toBe(7); // the panel is updated in place
    panel = answer.message as StoredMessage;
  }
  return panel;
}

/** Plays the player's turn with random choices from the panel he opens from a post, until the turn passes. */
export async function playRandomTurn(player: SimUser, post: StoredMessage, pick: (n: number) => number): Promise<StoredMessage> {
  return playRandomly(player, (await player.click(post, { prefix: 'panel:' })).message as StoredMessage, pick);
}

/**
 * Plays a game in a thread to its end as `player` against bots, with random choices; returns the
 * final post.
 */
export async function playAgainstBots(discord: FakeDiscord, player: SimUser, threadId: string, pick: (n: number) => number): Promise<StoredMessage> {
  let post = await nextBoardPost(discord, threadId, undefined);
  for (let turn = 0; !post.content.includes('The game is over'); turn++) {
    if (turn > 300) throw new Error('the game did not end');
    if (mentionedUsers(post, [player]).length > 0) await playRandomTurn(player, post, pick);
    post = await nextBoardPost(discord, threadId, post);
  }
  return post;
}

/** Makes a choice in a panel as its owner; resolves with the interaction's result. */
export function makeChoice(user: SimUser, panel: StoredMessage, choice: PanelChoice) {
  return 'button' in choice ? user.click(panel, choice.button) : user.select(panel, choice.select, [choice.value]);
}

/**
 * Opens a lobby as the first player, lets the others join and starts; returns the lobby as last
 * shown and the id of the game's thread. `labels` are the buttons' words in the server's language.
 */
export async function openAndStart(
  discord: FakeDiscord,
  players: SimUser[],
  options: Record<string, string>,
  labels: { join: string; start: string } = { join: 'Join', start: 'Start' },
): Promise<{ lobby: StoredMessage; threadId: string }> {
  const [host, ...others] = players as [SimUser, ...SimUser[]];
  const opened = await host.slash('game', { subcommand: 'new', options });
  expect(opened.ephemeral).toBe(false);
  let lobby = opened.message as StoredMessage;
  for (const user of others) lobby = (await user.click(lobby, { label: labels.join })).message as StoredMessage;
  const started = await host.click(lobby, { label: labels.start });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id && th.parentId === lobby.channelId);
  return { lobby, threadId: thread.id };
}

/** A simulated user's name as the bot shows it: "anne" → "Anne". */
export const playerName = (user: SimUser) => user.username.charAt(0).toUpperCase() + user.username.slice(1);

/** Every board post carries a PNG that reads well in Discord: at least 1000 px wide, under a megabyte. */
export function expectBoardImages(boards: StoredMessage[]): void {
  for (const board of boards) {
    const png = boardImageOf(board) as Buffer;
    expect(isPng(png)).toBe(true);
    expect(png.length).toBeLessThan(1024 * 1024);
    expect(pngSize(png)?.width).toBeGreaterThanOrEqual(1000);
  }
}

/** `/game resign` in a game's thread, confirmed with the button the bot asks with. */
/** `/game cancel` in a game's thread, confirmed with "Yes, cancel"; resolves with the answer shown. */
export async function cancelFrom(user: SimUser, threadId: string) {
  const asked = await user.slash('game', { subcommand: 'cancel', channelId: threadId });
  expect(asked.ephemeral).toBe(true);
  const yes = buttonsOf(asked.message as StoredMessage).find((b) => b.customId?.startsWith('cancelyes:'));
  return yes ? user.click(asked.message as StoredMessage, yes.customId as string) : asked;
}

export async function resignFrom(user: SimUser, threadId: string) {
  const asked = await user.slash('game', { subcommand: 'resign', channelId: threadId });
  expect(asked.ephemeral).toBe(true);
  return user.click(asked.message as StoredMessage, { prefix: 'resign:' });
}
