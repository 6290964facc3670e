/**
 * A panel at hand: against a hard bot, a whole game is played from one panel that stays at the
 * bottom of the thread. When her turn comes with posts below her panel, the bot shows it anew
 * below the post of that turn and retires the old one to a pointer that says it is not live and
 * offers only "Open my panel" (which opens a new panel at the bottom). She never scrolls up and
 * opens a panel from a post once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { choicesOf, isBoardPost, isRetiredPanel, livePanelOf, makeChoice, mentionedUsers, nextBoardPost, randomFrom } from './play.js';

const harness = useHarness('panel-at-hand', ['anne']);
let discord: FakeDiscord;
let anne: SimUser;

beforeAll(
  () =>
    ({
      discord,
      users: [anne],
    } = harness),
);

const YOUR_TURN = "It's your turn";
const OVER = 'The game is over';

/** A panel that is no longer the live one: it says so in one line, with "Open my panel" as its only component. */
const isPointer = (m: StoredMessage) => isRetiredPanel(m) && m.content.includes('This panel is no longer live');

/** Her panels in the thread, oldest first: the live one and those retired. */
const panelsOf = (user: SimUser, threadId: string) =>
  user.messages(threadId).filter((m) => m.ephemeral && (isRetiredPanel(m) || buttonsOf(m).some((b) => b.customId?.startsWith('panel:'))));

/** Where a message lies in what she sees of the thread (oldest first). */
const placeOf = (user: SimUser, threadId: string, message: StoredMessage) => user.messages(threadId).findIndex((m) => m.id === message.id);

describe('a panel at hand', () => {
  it('a whole game against a hard bot played from one panel at the bottom; older panels say they are not live', async () => {
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien', bots: 1, bot_level: 'hard' } });
    const started = await anne.click(opened.message as StoredMessage, { label: 'Start' });
    const thread = await discord.waitForThread((th) => th.id === started.message?.id);
    let post = await nextBoardPost(discord, thread.id, undefined);
    while (mentionedUsers(post, [anne]).length === 0) post = await nextBoardPost(discord, thread.id, post);
    // The one panel she opens from a post.
    await anne.click(post, { prefix: 'panel:' });
    let panel: StoredMessage;
    const pick = randomFrom(36);
    let turns = 0;
    let reopened = false;
    for (;;) {
      // Her turn, in her live panel (the newest, not a pointer), or the end of the game.
      const seen = await discord.waitFor(
        () => {
          const last = discord.messages(thread.id).filter(isBoardPost).at(-1);
          if (last?.content.includes(OVER)) return { over: true as const };
          const live = livePanelOf(anne, thread.id);
          // The live panel is the newest of hers: nothing retired lies below it.
          return live && live.id === panelsOf(anne, thread.id).at(-1)?.id && live.content.includes(YOUR_TURN) ? { live } : null;
        },
        { what: 'her turn in her live panel, or the end', timeoutMs: 60_000 },
      );
      if ('over' in seen) break;
      panel = seen.live;
      turns++;
      // It lies below the newest post: she need not scroll.
      const newest = discord.messages(thread.id).filter(isBoardPost).at(-1) as StoredMessage;
      expect(placeOf(anne, thread.id, panel)).toBeGreaterThan(placeOf(anne, thread.id, newest));
      // Once, she uses "Open my panel" of an old one: a new panel below, and the one that was live retired.
      const pointer = panelsOf(anne, thread.id).find(isPointer);
      if (!reopened && pointer) {
        reopened = true;
        const answer = await anne.click(pointer, { prefix: 'reopen:' });
        expect(answer.callbackType).toBe(4);
        expect(answer.ephemeral).toBe(true);
        const fresh = answer.message as StoredMessage;
        expect(fresh.content).toContain(YOUR_TURN);
        expect(placeOf(anne, thread.id, fresh)).toBeGreaterThan(placeOf(anne, thread.id, panel));
        const before = panel;
        await discord.waitFor(() => (isPointer(discord.message(before.id)) ? true : null), { what: 'the panel before retired' });
        panel = fresh;
      }
      // Her turn, played from that panel alone (each click answers it in place).
      for (let step = 0; step < 8 && panel.content.includes(YOUR_TURN); step++) {
        const choices = choicesOf(panel);
        const choice = choices[pick(choices.length)];
        if (!choice) break;
        const answer = await makeChoice(anne, panel, choice);
        expect(answer.callbackType).toBe(7);
        panel = answer.message as StoredMessage;
      }
    }
    expect(turns).toBeGreaterThan(3);
    expect(reopened).toBe(true);
    // She opened a panel from a post once; every later turn came to her at the bottom.
    const fromPosts = discord
      .interactions()
      .filter((i) => i.userId === anne.id && i.label.includes('"panel:') && i.sourceMessageId !== null && !discord.message(i.sourceMessageId).ephemeral);
    expect(fromPosts).toHaveLength(1);
    // Every panel but the newest says it is not live and offers only "Open my panel".
    const panels = panelsOf(anne, thread.id);
    expect(panels.length).toBeGreaterThan(2);
    const live = panels.at(-1) as StoredMessage;
    expect(isPointer(live)).toBe(false);
    for (const old of panels.slice(0, -1)) {
      expect(isPointer(old)).toBe(true);
      expect(old.content.split('\n')).toHaveLength(1);
      expect(buttonsOf(old).map((b) => b.label)).toEqual(['Open my panel']);
      expect(old.components).toHaveLength(1);
    }
    // One follow-up per turn at most, through her latest click's token: most turns came to her that way.
    const followUps = discord
      .interactions()
      .filter((i) => i.userId === anne.id)
      .flatMap((i) => i.answers.filter((a) => a.kind === 'follow-up'));
    expect(followUps.length).toBeLessThanOrEqual(turns);
    expect(followUps.length).toBeGreaterThan(turns / 2);
    discord.assertInteractionsHealthy();
  });
});
