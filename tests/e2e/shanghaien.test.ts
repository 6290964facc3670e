import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { saveTranscript } from './transcript.js';
import { boardPosts, mentionedUsers, nextBoardPost, playTurn, type MoveChooser, expectBoardImages, resignFrom } from './play.js';

const harness = useHarness('shanghaien', ['anne', 'marc']);
let discord: FakeDiscord;

beforeAll(() => ({ discord } = harness));

/** Kinds of clicks the simulated players made, to show that the game's tricks were played through Discord. */
const clicked = new Map<string, number>();
const count = (kind: string) => clicked.set(kind, (clicked.get(kind) ?? 0) + 1);

/**
 * A simple Shanghaien player reading only the panel: rolls until 4 of his dice are out, then
 * shanghais; numbers the row from the left; plays any dirty trick he can (±1 first, then place
 * both, joker, roll again); otherwise places a die at a trick card or else the best sailor. The
 * first time the panel offers Undo (after numbering the row, or a joker) he takes the move back once.
 */
const shanghaienMove: MoveChooser = (panel) => {
  const buttons = buttonsOf(panel);
  const undo = buttons.find((b) => b.label === 'Undo' && b.customId?.startsWith('undo:'));
  if (undo && !clicked.has('undo')) return (count('undo'), { button: undo.customId as string });
  const selects = selectsOf(panel);
  const button = (start: string) => buttons.find((b) => b.label?.startsWith(start) && b.customId);
  const menu = (start: string) => selects.find((s) => s.placeholder?.startsWith(start));
  const click = (kind: string, id: string | null | undefined) => (count(kind), { button: id as string });
  const pick = (kind: string, select: { customId: string; options: { value: string }[] }) => (
    count(kind),
    { select: select.customId, value: select.options[0]?.value as string }
  );

  const roll = button('Roll 2 dice');
  const shanghai = button('Shanghai');
  if (roll || shanghai) {
    const placed = Number(/(\d+) placed\./.exec(panel.content)?.[1] ?? 0);
    return shanghai && (!roll || placed >= 4) ? click('shanghai', shanghai.customId) : click('roll', roll?.customId);
  }
  const orient = button('Card 1 = left end');
  if (orient) return click('orient', orient.customId);
  const adjust = menu('Dirty trick ±1');
  if (adjust) return pick('adjust', adjust);
  const both = button('Trick: place both');
  if (both) return click('place-both', both.customId);
  const joker = menu('Dirty trick as a joker');
  if (joker) return pick('joker', joker);
  const reroll = button('Trick: roll both');
  if (reroll) return click('reroll', reroll.customId);
  // Trick cards first (so that tricks come into play), then the highest sailor.
  const places = buttons.filter((b) => b.label?.startsWith('Place the'));
  const worth = (label: string) => (label.includes('dirty trick') ? 5 : Number(/ (\d)$/.exec(label)?.[1] ?? 0));
  const best = places.sort((a, b) => worth(b.label ?? '') - worth(a.label ?? ''))[0];
  return best ? click('place', best.customId) : null;
};

/** Opens a lobby as Anne, lets Marc join, starts; returns the game's thread id. */
async function openAndStart(): Promise<string> {
  const [host, guest] = harness.users as [SimUser, SimUser];
  const lobby = await host.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
  expect(lobby.ephemeral).toBe(false);
  let message = lobby.message as StoredMessage;
  expect(message.content).toContain('**Shanghaien** (Standard)');
  expect(message.content).toContain('Players (1/2)');
  message = (await guest.click(message, { label: 'Join' })).message as StoredMessage;
  expect(message.content).toContain('Players (2/2)');
  const started = await host.click(message, { label: 'Start' });
  const thread = await discord.waitForThread(
    (t) => t.name?.startsWith('Shanghaien #') === true && t.parentId === message.channelId && t.id === started.message?.id,
  );
  return thread.id;
}

describe('Shanghaien through Discord', () => {
  it('two players play a whole game only by clicking what the bot shows them', async () => {
    const threadId = await openAndStart();
    const panels: StoredMessage[] = [];
    let post = await nextBoardPost(discord, threadId, undefined);
    expect(post.content).toMatch(/Round 1 of 8, (anne|marc)\S* to roll\./i);
    for (let turn = 1; ; turn++) {
      if (post.content.includes('The game is over')) break;
      if (turn > 400) throw new Error('the game did not end');
      const [player] = mentionedUsers(post, harness.users);
      expect(player, `post mentions a player: ${post.content}`).toBeDefined();
      // Roll, number the row, a trick, place: never more than four clicks in a turn (and one undo).
      const seen = await playTurn(player as SimUser, post, shanghaienMove, 6);
      expect(seen.length).toBeGreaterThan(1);
      panels.push(...seen);
      post = await nextBoardPost(discord, threadId, post);
    }
    const posts = discord.messages(threadId);
    saveTranscript('shanghaien', posts);
    // Each panel was updated in place: its earlier states are its edits.
    const panelStates = [...new Map(panels.map((m) => [m.id, m])).values()].flatMap((m) => [...m.edits.map((e) => ({ ...e, ephemeral: m.ephemeral })), m]);
    saveTranscript('shanghaien-panels', panelStates.slice(0, 120));

    // Panels were all private and the choices were the game's own; board posts carried PNG images.
    for (const panel of panels) expect(panel.ephemeral).toBe(true);
    expect(clicked.get('roll')).toBeGreaterThan(20);
    expect(clicked.get('shanghai')).toBe(8);
    expect(clicked.get('orient')).toBeGreaterThanOrEqual(1);
    // The move taken back was never made, as far as the posts tell.
    expect(clicked.get('undo')).toBe(1);
    const boards = boardPosts(posts);
    expect(boards.length).toBeGreaterThan(30);
    expectBoardImages(boards);
    // One post per turn: each names the placement or the shanghai, then who is next.
    const text = posts.map((m) => m.content).join('\n');
    expect(text).toMatch(/placed a \d at card \d \(/);
    expect((text.match(/shanghais\*\*|must shanghai\*\*/g) ?? []).length).toBe(8);
    expect(text).toMatch(/• Card \d \(.+\) → \*\*(anne|marc)/i);
    for (let round = 2; round <= 8; round++) expect(text).toContain(`**Round ${round} of 8**`);
    if ((clicked.get('adjust') ?? 0) + (clicked.get('place-both') ?? 0) + (clicked.get('reroll') ?? 0) > 0) expect(text).toMatch(/played the dirty trick/);
    if ((clicked.get('joker') ?? 0) > 0) expect(text).toMatch(/as a joker/);

    // The last post: the final scoring per nationality and the ranking, each score broken down as the rulebook adds it up.
    const last = boards.at(-1) as StoredMessage;
    expect(last.content).toContain('**Final scoring**');
    expect(last.content).not.toContain('Total:');
    expect(last.content).toContain('The game is over');
    expect(last.content).toMatch(/^1\. [●■] \S+ \(\d+ points?\): \d+ \((Americans|French|Germans|Chinese|Dutch|Spaniards|Italians|Brits|dirty tricks?)\)/m);
    // Both players are ranked; a tie shares the place (the rules' ruling), so places follow the points.
    const ranking = [...last.content.matchAll(/^(\d)\. [●■] \S+ \((\d+) points?\)/gm)].map((m) => ({ place: Number(m[1]), points: Number(m[2]) }));
    expect(ranking).toHaveLength(2);
    expect(ranking[1]?.place).toBe(ranking[0]?.points === ranking[1]?.points ? 1 : 2);

    // The finished game's panel shows the result and offers nothing but Refresh.
    const finalPanel = await harness.users[0].click(last, { prefix: 'panel:' });
    expect(finalPanel.ephemeral).toBe(true);
    expect(finalPanel.content).toMatch(/The game is over\. Final score:/);
    expect(buttonsOf(finalPanel.message as StoredMessage).map((b) => b.label)).toEqual(['Refresh']);

    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
    discord.assertInteractionsHealthy();
  });

  it('offers the variant, explains the rules privately, and ends at once when a player resigns', async () => {
    const [anne, marc] = harness.users as [SimUser, SimUser];
    const variants = await anne.autocomplete('game', { subcommand: 'new', options: { game: 'shanghaien', variant: '' }, focused: 'variant' });
    expect(variants.choices?.map((c) => c.value)).toEqual(['standard']);
    const rules = await marc.slash('rules', { options: { game: 'shanghaien' } });
    expect(rules.ephemeral).toBe(true);
    // The rules in sections: the opening page, the others a choice away in a menu.
    const [menu] = selectsOf(rules.message as StoredMessage);
    expect(menu?.options.map((o) => o.label)).toEqual([
      'Shanghaien',
      'The tavern',
      'Your turn',
      'Handing out the cards',
      'Dirty tricks',
      'Scoring',
      'How the bot decides unclear cases',
    ]);
    const rulings = await marc.select(rules.message as StoredMessage, menu?.customId as string, ['6']);
    expect(JSON.stringify(rulings.message?.embeds ?? [])).toContain('the eighth is the British');

    const threadId = await openAndStart();
    const first = await nextBoardPost(discord, threadId, undefined);
    const [player] = mentionedUsers(first, harness.users) as [SimUser];
    const other = harness.users.find((u) => u !== player) as SimUser;
    const waiting = await other.click(first, { prefix: 'panel:' });
    expect(waiting.ephemeral).toBe(true);
    expect(waiting.content).toMatch(/Waiting for/);
    const resigned = await resignFrom(other, threadId);
    expect(resigned.ephemeral).toBe(true);
    const last = await nextBoardPost(discord, threadId, first);
    // The end in the right words: the other is out, so the one left wins (not on points).
    expect(last.content).toMatch(/is out of the game: .+ is the only captain left and wins\./);
    expect(last.content).toMatch(/1\. /);
    const over = await player.click(last, { prefix: 'panel:' });
    expect(over.content).toMatch(/is out of the game: .+ wins\. Points at that moment:/);
    discord.assertInteractionsHealthy();
  });
});
