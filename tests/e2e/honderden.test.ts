import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { saveTranscript } from './transcript.js';
import { clicksOf, playPanelTurn, type Click as PanelClick } from './panel-turn.js';
import { cardsIn, handsOf, hiddenCardsNamedEarly } from '../support/honderden-transcript.js';
import {
  boardPosts,
  isBoardPost,
  nextBoardPost,
  choicesOf,
  Table,
  makeChoice,
  openAndStart,
  playerName,
  randomFrom,
  expectBoardImages,
  type PanelChoice,
} from './play.js';

const harness = useHarness('honderden', ['anne', 'bart', 'cees']);
let discord: FakeDiscord;

beforeAll(() => ({ discord } = harness));

/** A card button: "A♠", "J♥ Jas", "9♥ Nel". */
const isCardLabel = (label: string) => /^(?:10|[789JQKA])[♠♥♣♦]( Jas| Nel)?$/.test(label);

/**
 * Public lines that may name a card still in a hand: the card that set trump, the swap, stuk,
 * shown roem, the open card beside the last hidden one and the last draw. Everything else names
 * only played cards.
 */
const SHOWING = [
  /turns up \*\*/,
  /goes face up to/,
  /swaps the trump 7/,
  /declares \*\*stuk\*\*/,
  /📣 Roem shown: /,
  /hidden card is left beside/,
  /takes \*\*/,
  /chooses the last card/,
];

/** The claim ("Ik dek!") asks first: its button carries an `ask:` id, not a move's `act:`. */
function movesOf(panel: StoredMessage): PanelChoice[] {
  const asking = buttonsOf(panel)
    .filter((b) => b.customId?.startsWith('ask:'))
    .map((b) => ({ button: b.customId as string, label: b.label ?? '' }));
  return [...choicesOf(panel), ...asking];
}

/**
 * The lines of events a game post tells: without the header of the opening post, its opening line
 * and the footer (whom it waits for, or the final ranking), which a post cut down to its summary
 * no longer has.
 */
function eventLines(post: StoredMessage): string[] {
  const lines = post.content.split('\n').filter((l) => !/^\*\*Honderden\*\* #\d+$/.test(l));
  const over = lines.findIndex((l) => l === '**The game is over.**');
  const called = lines.findIndex((l) => l.endsWith('your move.'));
  // The footer: the status line before the call, the call and the time limit; or the final ranking.
  const end = over >= 0 ? over : called >= 0 ? called - 1 : lines.length;
  return lines.slice(0, end).filter((l) => !l.startsWith('The game begins!'));
}

type Click = PanelClick<'card' | 'claim' | 'roem' | 'swap' | 'stuk' | 'done' | 'take'>;

function kindOf(label: string, fromSelect: boolean): Click['kind'] {
  if (fromSelect) return 'roem';
  if (isCardLabel(label)) return 'card';
  if (label.startsWith('Ik dek')) return 'claim';
  if (label.startsWith('Swap')) return 'swap';
  if (label.startsWith('Stuk')) return 'stuk';
  if (label.startsWith('Take')) return 'take';
  return 'done';
}

/**
 * Checks that no card of this hand appears in the public text of hand number `handNumber` (from
 * its header to the next hand's, see handsOf) except in a line that shows it on purpose. A player
 * at his live panel may be a hand ahead of the posts: then there is nothing public of it yet.
 */
function checkHandSecret(threadId: string, handNumber: number, hand: string[], who: string): void {
  expect(handNumber).toBeGreaterThan(0);
  const thread = discord
    .messages(threadId)
    .filter((m) => !m.ephemeral)
    .map((m) => m.content)
    .join('\n');
  const current = handsOf(thread).findLast((h) => h.hand === handNumber);
  if (!current) return;
  for (const line of current.text.split('\n')) {
    if (SHOWING.some((re) => re.test(line))) continue;
    for (const card of cardsIn(line)) expect(hand.includes(card), `${who}'s ${card}, still in hand, in the public line: ${line}`).toBe(false);
  }
}

/**
 * One player's turn at his panel (opened from a post, or kept open and edited by the bot when his
 * turn came): while it says it is his turn, he makes a choice: roem, stuk and the swap often, a
 * claim seldom, else a random card. Stops after a step that passes the turn on (a card, a claim,
 * a roem answer). Claims only once `mayClaim`: a wrong one ends a hand at once, and the match must
 * first get far enough to show the rest of a hand (the games are dealt from a random seed).
 */
async function takeTurn(
  threadId: string,
  user: SimUser,
  shown: StoredMessage,
  pick: (n: number) => number,
  table: Table,
  panels: StoredMessage[],
  mayClaim: boolean,
): Promise<Click[]> {
  expect(shown.ephemeral).toBe(true);
  panels.push({ ...shown });
  const hand = cardsIn(/Your hand: (.*)/.exec(shown.content)?.[1] ?? '');
  checkHandSecret(threadId, Number(/Hand (\d+) \(game/.exec(shown.content)?.[1]), hand, user.username);
  const choose = (panel: StoredMessage) => {
    const choices = movesOf(panel).map((c) => ({ ...c, kind: kindOf(c.label, 'select' in c) }));
    if (choices.length === 0) return null;
    const cards = choices.filter((c) => c.kind === 'card');
    const claim = choices.filter((c) => c.kind === 'claim');
    const other = choices.filter((c) => c.kind !== 'card' && c.kind !== 'claim');
    const pool =
      other.length > 0 && (cards.length === 0 || pick(2) === 0)
        ? other
        : mayClaim && claim.length > 0 && pick(40) === 0
          ? claim
          : cards.length > 0
            ? cards
            : other;
    return pool[pick(pool.length)] as (typeof choices)[number];
  };
  const { made } = await playPanelTurn(user, shown, {
    choose,
    maxSteps: 10,
    confirm: async (choice, asked) => {
      if (choice.kind !== 'claim') return asked;
      // The claim asks first (without his points: counting is his); Yes makes it.
      expect(asked.content).toMatch(/Claim the hand now\?$/);
      const claimed = await user.click(asked.message as StoredMessage, { label: 'Yes' });
      expect(claimed.callbackType).toBe(7);
      return claimed;
    },
    passes: (choice) => choice.kind === 'card' || choice.kind === 'claim' || choice.kind === 'done',
    answered: (answered) => {
      table.keep(user, answered);
      panels.push({ ...answered });
    },
  });
  return clicksOf(user, made);
}

/** Opens a Honderden lobby with the variant for these players and starts it; returns the thread id. */
async function openHonderden(variant: string, players: SimUser[], lobbyText: string): Promise<string> {
  const { lobby, threadId } = await openAndStart(discord, players, { game: 'honderden', variant });
  expect(lobby.content).toContain(lobbyText);
  expect(lobby.content).toContain('Needs 2 or 3 players');
  expect(lobby.content).toContain(`Players (${players.length}/3)`);
  return threadId;
}

/** Cards played in a match before the simulated players start to claim ("ik dek") now and then. */
const CARDS_BEFORE_CLAIMS = 24;

/**
 * Plays a whole match as people at the table would: whoever a post asks to act opens his panel
 * from it; whoever has his panel open acts when the bot edits it to his turn.
 */
async function playWholeMatch(
  threadId: string,
  players: SimUser[],
  seed: number,
): Promise<{ posts: StoredMessage[]; panels: StoredMessage[]; clicks: Click[] }> {
  const pick = randomFrom(seed);
  const panels: StoredMessage[] = [];
  const clicks: Click[] = [];
  const table = new Table(discord, threadId, players);
  const first = await nextBoardPost(discord, threadId, undefined);
  expect(first.content).toContain('The game begins!');
  expect(first.content).toContain('**Hand 1** (game 1)');
  for (let turn = 1; ; turn++) {
    if (turn > 900) throw new Error('the match did not end');
    const turns = await table.next();
    if (turns.length === 0) break;
    // One player acts at a time.
    expect(turns).toHaveLength(1);
    const mayClaim = clicks.filter((c) => c.kind === 'card').length >= CARDS_BEFORE_CLAIMS;
    for (const { user, panel } of turns) clicks.push(...(await takeTurn(threadId, user, panel, pick, table, panels, mayClaim)));
  }
  return { posts: discord.messages(threadId), panels, clicks };
}

/** What every match must show: PNG boards, private panels, nothing secret in public, a final ranking. */
function checkMatch(posts: StoredMessage[], panels: StoredMessage[], players: SimUser[], clicks: Click[]): void {
  for (const panel of panels) expect(panel.ephemeral).toBe(true);
  const boards = boardPosts(posts);
  // At least the opening and the final post: players at their live panels may move faster than
  // posts go out, so one post may tell several tricks.
  expect(boards.length).toBeGreaterThanOrEqual(2);
  expectBoardImages(boards);
  for (const message of posts) {
    expect(message.ephemeral).toBe(false);
    // Panel-only words never reach a public message.
    expect(message.content).not.toMatch(/Your hand|It's your turn|You drew|Seen in their hands/);
    // A post tells at most three lines of events.
    if (boardPosts([message]).length > 0) expect(eventLines(message).length, message.content).toBeLessThanOrEqual(3);
  }
  const text = posts.map((m) => m.content).join('\n');
  const whole = !anyCut(posts);
  // Every card played was told among the cards of its trick's line (and as "plays" in a post
  // made before its trick ended, or when a claim ended the hand within a trick), unless a post
  // was cut.
  const played = clicks.filter((c) => c.kind === 'card').length;
  const trickLines = [...text.matchAll(/➡️ \w+ wins (?:trick \d+|the last trick)(?: \(\+\d+\))?: ([^\n]*?)\.(?: |$)/gm)].map((m) => m[1] as string);
  const inTricks = trickLines.reduce((sum, plays) => sum + cardsIn(plays).length, 0);
  expect(inTricks).toBeLessThanOrEqual(played);
  if (whole) expect((text.match(/ plays \*\*/g) ?? []).length + inTricks).toBeGreaterThanOrEqual(played);
  // Posts: one per trick, plus roem answers and claims, plus at most one for each player whose
  // turn came within a trick while he had no panel open (the first trick), and the opening post.
  // (A cut post may leave tricks untold: then at most every card a player played closed a trick.)
  const extra = clicks.filter((c) => c.kind === 'claim' || c.kind === 'done').length;
  const tricks = whole ? trickLines.length : Math.floor(played / players.length);
  expect(boardPosts(posts).length).toBeLessThanOrEqual(tricks + extra + players.length + 1);
  expect(boardPosts(posts).length).toBeLessThan(played);
  expect(text).toMatch(/➡️ \w+ wins trick 1: /);
  expect(text).toMatch(/\*\*Hand \d+ is over\*\*/);
  const last = boards.at(-1) as StoredMessage;
  expect(last.content).toContain('The game is over');
  if (whole) expect(last.content).toMatch(/🏆 \*\*\w+ wins the match\*\*/);
  // The final ranking gives each player's game points hand by hand.
  expect(last.content).toMatch(/1\. [●■▲◆★] \w+ \(\d+ game points\): \d+ game points? for (hand \d+|\d+ roem in hand \d+)/);
  for (const user of players) expect(last.content).toContain(playerName(user));
}

/**
 * Whether a post had to be cut to Discord's 2,000 characters: when players at their live panels
 * got far ahead of the posts, one post tells many tricks, and the bot leaves out its middle lines
 * for a "…" line (src/discord/post-content.ts). What those lines told is then missing from the thread.
 */
const anyCut = (posts: StoredMessage[]) => posts.some((m) => m.content.split('\n').includes('…'));

const count = (clicks: Click[], kind: Click['kind']) => clicks.filter((c) => c.kind === kind).length;

describe('Honderden through Discord', () => {
  it('two players play a whole match (to 3 game points) by clicking what the bot shows them', async () => {
    const players = harness.users.slice(0, 2);
    const threadId = await openHonderden('to-3', players, '**Honderden** (To 3 game points)');
    const { posts, panels, clicks } = await playWholeMatch(threadId, players, 2);
    saveTranscript('honderden-two', posts, { middleBoard: true });
    saveTranscript(
      'honderden-two-panels',
      [...new Map(panels.map((m) => [m.id, m])).values()].flatMap((m) => [...m.edits.map((e) => ({ ...e, ephemeral: m.ephemeral })), m]).slice(0, 150),
    );
    checkMatch(posts, panels, players, clicks);
    const text = posts.map((m) => m.content).join('\n');
    // The two-player hand: drawing from the stock, the last draw, the second part.
    expect(text).toMatch(/(\w+) and (\w+) draw from the stock\./);
    expect(count(clicks, 'card')).toBeGreaterThanOrEqual(16);
    // The winner chose without seeing the hidden card; whoever got it showed it as he took it.
    const { checked, early } = hiddenCardsNamedEarly(text);
    expect(early, 'the last hidden card named before it was taken').toEqual([]);
    if (/Hand \d+ is over\*\* \(played out\)/.test(text)) {
      expect(count(clicks, 'take')).toBeGreaterThanOrEqual(1);
      if (!anyCut(posts)) {
        expect(text).toContain('The stock is empty');
        expect(text).toContain('One hidden card is left beside the open trump card');
        expect(checked).toBeGreaterThanOrEqual(1);
      }
    }
    // The finished match's panel shows the result and offers nothing but Refresh.
    const finalPanel = await (players[0] as SimUser).click(posts.filter(isBoardPost).at(-1) as StoredMessage, { prefix: 'panel:' });
    expect(finalPanel.ephemeral).toBe(true);
    expect(finalPanel.content).toMatch(/The match is over: \w+ won with \d+ game points\. Final standings: Anne \d+ · Bart \d+\./);
    expect(buttonsOf(finalPanel.message as StoredMessage).map((b) => b.label)).toEqual(['Refresh']);
    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
    discord.assertInteractionsHealthy();
  });

  it("three players play a whole match (to 3 game points): no stock, the dealer's open card sets trump", async () => {
    const players = harness.users.slice(0, 3);
    const threadId = await openHonderden('to-3', players, '**Honderden** (To 3 game points)');
    const { posts, panels, clicks } = await playWholeMatch(threadId, players, 3);
    saveTranscript('honderden-three', posts, { middleBoard: true });
    saveTranscript(
      'honderden-three-panels',
      [...new Map(panels.map((m) => [m.id, m])).values()].flatMap((m) => [...m.edits.map((e) => ({ ...e, ephemeral: m.ephemeral })), m]).slice(0, 150),
    );
    checkMatch(posts, panels, players, clicks);
    const text = posts.map((m) => m.content).join('\n');
    expect(text).toMatch(/goes face up to \w+: trump is/);
    expect(text).not.toContain('draw from the stock');
    expect(count(clicks, 'card')).toBeGreaterThanOrEqual(24);
    // Roem said in a panel is told in public (without its cards until it is shown); what was said
    // in the first trick only once its third card is played.
    if (count(clicks, 'roem') > 0) expect(text).toMatch(/📣 \w+ (declares roem|rejects)/);
    expect(text).not.toMatch(/📣 \w+ declares roem \*\*/);
    if (/📣 \w+ declares roem \(told after the trick\)/.test(text)) expect(text).toMatch(/📣 Said in the first trick: |📣 Roem shown: /);
    discord.assertInteractionsHealthy();
  });

  it('asks before a claim ("ik dek"), offered only once a trick is won: Back keeps the panel and changes nothing, Yes claims', async () => {
    const players = harness.users.slice(0, 2);
    const threadId = await openHonderden('to-3', players, '**Honderden** (To 3 game points)');
    const pick = randomFrom(15);
    const table = new Table(discord, threadId, players);
    for (let cards = 0; ; cards++) {
      if (cards > 40) throw new Error('no claim was offered');
      const [{ user, panel }] = (await table.next()) as [{ user: SimUser; panel: StoredMessage }];
      const claim = buttonsOf(panel).find((b) => b.customId?.startsWith('ask:'));
      const tricksWon = /you (\d+)/.exec(/Tricks won: (.*?)\. Roem/.exec(panel.content)?.[1] ?? '')?.[1];
      if (!claim) {
        // Not before the player has won a trick: a claim could only be wrong then.
        if (panel.content.includes("It's your turn")) expect(tricksWon).toBe('0');
        const cardsNow = choicesOf(panel).filter((c) => isCardLabel(c.label));
        table.keep(user, (await makeChoice(user, panel, cardsNow[pick(cardsNow.length)] as PanelChoice)).message as StoredMessage);
        continue;
      }
      expect(tricksWon).not.toBe('0');
      // On a row of its own (beside Refresh), under the cards.
      const rows = (panel.components as unknown as { components: { custom_id?: string }[] }[]).map((row) => row.components.map((c) => c.custom_id ?? ''));
      const claimRow = rows.find((row) => row.some((id) => id.startsWith('ask:'))) as string[];
      expect(claimRow.filter((id) => id.startsWith('act:') || id.startsWith('ask:'))).toHaveLength(1);
      const shown = panel.content;
      // It asks first (without his points: counting is his).
      const asked = await user.click(panel, claim.customId as string);
      expect(asked.callbackType).toBe(7);
      expect(asked.content).toMatch(/Claim the hand now\?$/);
      expect(buttonsOf(asked.message as StoredMessage).map((b) => b.label)).toEqual(['Yes', 'Back']);
      // Back: the same panel again, and nothing happened.
      const back = await user.click(asked.message as StoredMessage, { label: 'Back' });
      expect(back.callbackType).toBe(7);
      expect(back.content).toBe(shown);
      expect(buttonsOf(back.message as StoredMessage).some((b) => b.customId?.startsWith('ask:'))).toBe(true);
      // (Posts of earlier tricks may still come in; none tells a claim.)
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(discord.messages(threadId).some((m) => m.content.includes('"ik dek"'))).toBe(false);
      // Yes: the claim is made and posted, right or wrong.
      const again = await user.click(back.message as StoredMessage, { prefix: 'ask:' });
      const yes = await user.click(again.message as StoredMessage, { label: 'Yes' });
      expect(yes.callbackType).toBe(7);
      const claimed = await discord.waitFor(() => discord.messages(threadId).find((m) => isBoardPost(m) && m.content.includes('"ik dek"')) ?? null, {
        what: 'the post of the claim',
      });
      expect(claimed.content).toMatch(new RegExp(`✋ ${playerName(user)} calls \\*\\*"ik dek"\\*\\* with (only )?\\d+ points?: (right|wrong)\\.`));
      expect(claimed.content).toContain('**Hand 1 is over**');
      break;
    }
    discord.assertInteractionsHealthy();
  });

  it('offers the match lengths (one game too) and explains the rules privately', async () => {
    const [anne, bart] = harness.users;
    const lobby = await anne.slash('game', { subcommand: 'new', options: { game: 'honderden', variant: 'one-game' } });
    expect(lobby.message?.content).toContain('**Honderden** (One game)');
    const variants = await anne.autocomplete('game', { subcommand: 'new', options: { game: 'honderden', variant: '' }, focused: 'variant' });
    expect(variants.choices?.map((c) => c.value)).toEqual(['to-5', 'to-3', 'to-10', 'one-game']);
    // The rules open on their first paragraph; the parts of the game are sections of their own.
    const rules = await bart.slash('rules', { options: { game: 'honderden' } });
    expect(rules.ephemeral).toBe(true);
    expect(JSON.stringify(rules.message?.embeds ?? [])).toContain('a Dutch trick-taking game');
    const [sections] = selectsOf(rules.message as StoredMessage);
    expect(sections?.options.map((o) => o.label)).toEqual([
      'Honderden',
      'Cards and tricks',
      'Two players',
      'Three players',
      'Roem',
      'Stuk and "ik dek"',
      'Scoring',
      'How the bot decides unclear cases',
    ]);
    const scoring = await bart.select(rules.message as StoredMessage, sections?.customId as string, [sections?.options[6]?.value as string]);
    expect(JSON.stringify(scoring.message?.embeds ?? [])).toContain('onder Jan');
    const rulings = await bart.select(scoring.message as StoredMessage, sections?.customId as string, [sections?.options.at(-1)?.value as string]);
    expect(JSON.stringify(rulings.message?.embeds ?? [])).toContain('The first dealer is random');
    discord.assertInteractionsHealthy();
  });
});
