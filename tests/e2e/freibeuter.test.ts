import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type FakeDiscord, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { saveTranscript } from './transcript.js';
import { clicksOf, playTurnFromPost, YOUR_TURN, type Click } from './panel-turn.js';
import { frameShare } from '../../src/games/freibeuter/frame-share.js';
import { presenters } from '../../src/games/index.js';
import { PLAYER_HEX, type PlayerColour } from '../../src/render/palette.js';
import { fieldIndex, type FieldName } from '../../src/games/freibeuter/rules.js';
import {
  boardImageOf,
  boardPosts,
  cancelFrom,
  isBoardPost,
  makeChoice,
  mentionedUsers,
  nextBoardPost,
  openAndStart,
  playerName,
  randomFrom,
  expectBoardImages,
  resignFrom,
} from './play.js';

const harness = useHarness('freibeuter', ['anne', 'bart', 'cees', 'dirk']);
let discord: FakeDiscord;

beforeAll(() => ({ discord } = harness));

type Choice = ({ button: string } | { select: string; value: string }) & { kind: string; label: string };

/** What a choice does, read from its label. */
function kindOf(label: string): string {
  if (label.startsWith('Put a boat on')) return 'place';
  if (/^Play [A-G][1-7] for 2 treasure$/.test(label)) return 'treasure';
  // A ship as the board numbers it and the post places it: "Ship 17 at C5-D6 · 15/3", its number, where it lies, value and pay per boat.
  if (/^Ship \d{1,2} at [A-F][1-6]-[B-G][2-7] · (5|10|15|20)\/[1-4]$/.test(label)) return 'board';
  if (label.startsWith('Sail the Dutchman')) return 'dutchman';
  if (label.startsWith('Draw a sea card')) return 'draw-sea';
  if (label.startsWith('Draw a Dutchman card')) return 'draw-dutchman';
  // An order of resolution, named by the rings that decide it: "First Bart's ship at B2-C3".
  if (/^First .+ at [A-F][1-6]-[B-G][2-7]/.test(label)) return 'order';
  return 'unknown';
}

/**
 * A simple pirate reading only the panel: closes rings when a card can (preferring those that
 * pay him), mostly puts boats on the sea, sometimes boards the ship that is nearest to being
 * surrounded, now and then takes the treasure; draws sea cards more often than Dutchman cards,
 * never the sea card that would end the game while there is another pile.
 */
function chooseMove(panel: StoredMessage, pick: (n: number) => number): Choice | null {
  const buttons = buttonsOf(panel)
    .filter((b) => b.customId?.startsWith('act:'))
    .map((b): Choice => ({ button: b.customId as string, label: b.label ?? '', kind: kindOf(b.label ?? '') }));
  const options = selectsOf(panel).flatMap((s) =>
    s.options.map((o) => ({ choice: { select: s.customId, value: o.value, label: o.label, kind: kindOf(o.label) }, description: o.description ?? '' })),
  );
  const all = [...buttons, ...options.map((o) => o.choice)];
  if (all.length === 0) return null;
  const of = (kind: string) => all.filter((c) => c.kind === kind);
  const oneOf = (list: Choice[]) => list[pick(list.length)] as Choice;
  // The draw.
  const sea = of('draw-sea')[0];
  const dutchman = of('draw-dutchman')[0];
  if (sea || dutchman) {
    if (sea && (!dutchman || (!sea.label.includes('ends the game') && pick(10) < 7))) return sea;
    return (dutchman ?? sea) as Choice;
  }
  if (of('order').length > 0) return oneOf(of('order'));
  const closing = options.filter((o) => o.description.startsWith('Closes')).map((o) => o.choice);
  const paying = options.filter((o) => /pays you|you get|you take/.test(o.description)).map((o) => o.choice);
  const nearly = options.filter((o) => o.choice.kind === 'board' && /^[23] of 4 taken/.test(o.description)).map((o) => o.choice);
  const r = pick(100);
  if (paying.length > 0 && r < 60) return oneOf(paying);
  if (closing.length > 0 && r < 30) return oneOf(closing);
  if (of('place').length > 0 && r < 70) return oneOf(of('place'));
  if (of('treasure').length > 0 && r < 78) return oneOf(of('treasure'));
  if (nearly.length > 0 && r < 95) return oneOf(nearly);
  if (of('board').length > 0) return oneOf(of('board'));
  return oneOf(all);
}

/** One player's turn through his panel: opens it from the post and acts while it says it is his turn. */
async function takeTurn(user: SimUser, post: StoredMessage, pick: (n: number) => number, panels: StoredMessage[]): Promise<Click[]> {
  const { made, panel } = await playTurnFromPost(user, post, { choose: (shown) => chooseMove(shown, pick), maxSteps: 8 }, panels);
  expect(panel.content).not.toContain(YOUR_TURN);
  return clicksOf(user, made);
}

/** Opens a Freibeuter lobby for these players and starts it; returns the thread id. */
async function openFreibeuter(players: SimUser[]): Promise<string> {
  const { lobby, threadId } = await openAndStart(discord, players, { game: 'freibeuter' });
  expect(lobby.content).toContain('**Freibeuter** (Standard)');
  expect(lobby.content).toContain('Needs 2 to 4 players');
  expect(lobby.content).toContain(`Players (${players.length}/4)`);
  return threadId;
}

/** The sea cards a panel shows in its owner's hand. */
function handOf(panel: StoredMessage): string[] {
  const line = panel.content.split('\n').find((l) => l.startsWith('Your hand:')) ?? '';
  const sea = /sea cards (.*?) ·/.exec(line)?.[1] ?? '';
  return [...sea.matchAll(/\*\*([A-G][1-7])\*\*/g)].map((m) => m[1] as string);
}

/** Plays a whole game by following the posts: whoever a post mentions opens his panel and acts. */
async function playWholeGame(
  threadId: string,
  players: SimUser[],
  seed: number,
): Promise<{ posts: StoredMessage[]; panels: StoredMessage[]; clicks: Click[] }> {
  const pick = randomFrom(seed);
  const panels: StoredMessage[] = [];
  const clicks: Click[] = [];
  let post = await nextBoardPost(discord, threadId, undefined);
  expect(post.content).toContain('The game begins!');
  expect(post.content).toMatch(/begins \(drawn by lot\)/);
  for (let turn = 1; !post.content.includes('The game is over'); turn++) {
    if (turn > 400) throw new Error('the game did not end');
    const mentioned = mentionedUsers(post, players);
    expect(mentioned, `post mentions one player: ${post.content}`).toHaveLength(1);
    const [user] = mentioned as [SimUser];
    expect(post.content).toContain(`Turn ${turn}, ${playerName(user)} to move`);
    clicks.push(...(await takeTurn(user, post, pick, panels)));
    post = await nextBoardPost(discord, threadId, post);
  }
  return { posts: discord.messages(threadId), panels, clicks };
}

/** What every game must show: PNG boards, private panels, no card of a hand in public, a final ranking. */
function checkGame(posts: StoredMessage[], panels: StoredMessage[], clicks: Click[], players: SimUser[]): void {
  for (const panel of panels) expect(panel.ephemeral).toBe(true);
  const boards = boardPosts(posts);
  expect(boards.length).toBeGreaterThan(20);
  expectBoardImages(boards);
  const lines = posts.flatMap((m) => m.content.split('\n'));
  for (const message of posts) {
    expect(message.ephemeral).toBe(false);
    // Panel-only words: a player's hand never reaches a public message.
    expect(message.content).not.toMatch(/Your hand|sea cards \*\*|It's your turn|You: /);
  }
  // A draw is told by its pile only, never by its card.
  const draws = lines.filter((l) => l.includes(' draws a '));
  expect(draws.length).toBeGreaterThan(10);
  for (const line of draws) expect(line).toMatch(/^(Anne|Bart|Cees|Dirk) draws a (sea card( \(no choice\))?|Dutchman card)\.$/);
  // Every field a post names was played, boarded or closed in the open: none comes from a hand
  // before it is played. Each sea card a player held is named in public only after he played it.
  const played = new Set(clicks.filter((c) => c.kind === 'place' || c.kind === 'treasure').map((c) => /([A-G][1-7])/.exec(c.label)?.[1] as string));
  for (const line of lines.filter((l) => / puts a boat on | plays [A-G][1-7], /.test(l))) {
    expect(played).toContain(/([A-G][1-7])/.exec(line.replace(/^\S+ /, ''))?.[1]);
  }
  for (const panel of panels) for (const card of handOf(panel)) expect(card).toMatch(/^[A-G][1-7]$/);
  const text = lines.join('\n');
  expect(text).toMatch(/The rings? around .+ (is|are) closed\./);
  const last = boards.at(-1) as StoredMessage;
  // Why it ended, once, then the ranking with each score broken down as the rulebook adds it up.
  expect(last.content).toMatch(/(this|that) move ends the game|that ends the game/);
  expect(last.content).toContain('The game is over');
  expect(last.content).toMatch(/^1\. [●◆▲★] \w+ \(-?\d+ points?\): \d+ treasure/m);
  for (const user of players) expect(last.content).toMatch(new RegExp(`^\\d\\. [●◆▲★] ${playerName(user)} \\(-?\\d+ points\\): \\d+ treasure`, 'm'));
  expect(clicks.filter((c) => c.kind === 'unknown')).toEqual([]);
}

const count = (clicks: Click[], kind: string) => clicks.filter((c) => c.kind === kind).length;

const ROWS = 'ABCDEFG';

/** The grid point the board's number names (1-36 in reading order), as posts name it: "B2-C3". */
function pointOf(number: number): string {
  const row = Math.floor((number - 1) / 6);
  const column = (number - 1) % 6;
  return `${ROWS[row]}${column + 1}-${ROWS[row + 1]}${column + 2}`;
}

/**
 * Every ship boarded was chosen by its number on the board and its place ("Ship 17 at C5-D6 · 15/3"),
 * and the post of that turn tells the same ship in the same words: its number, where it lies and its value.
 */
function checkBoardings(posts: StoredMessage[], clicks: Click[]): void {
  const lines = posts.flatMap((m) => m.content.split('\n'));
  const boardings = clicks.filter((c) => c.kind === 'board');
  expect(boardings.length).toBeGreaterThan(0);
  for (const click of boardings) {
    const [, number, point, value, per] = /^Ship (\d+) at (\S+) · (\d+)\/(\d)$/.exec(click.label) as RegExpExecArray;
    expect(point).toBe(pointOf(Number(number)));
    const told = `⚓ ${playerName(click.user)} boards ship ${number} at ${point} (worth ${value}, pays ${per} per boat).`;
    expect(lines, click.label).toContain(told);
  }
}

describe('Freibeuter through Discord', () => {
  it('two players play a whole game by clicking what the bot shows them', async () => {
    const players = harness.users.slice(0, 2);
    const threadId = await openFreibeuter(players);
    const { posts, panels, clicks } = await playWholeGame(threadId, players, 2);
    saveTranscript('freibeuter-2p', posts, { middleBoard: true });
    saveTranscript(
      'freibeuter-2p-panels',
      [...new Map(panels.map((m) => [m.id, m])).values()].flatMap((m) => [...m.edits.map((e) => ({ ...e, ephemeral: m.ephemeral })), m]).slice(0, 150),
    );
    checkGame(posts, panels, clicks, players);
    checkBoardings(posts, clicks);
    for (const kind of ['place', 'board', 'draw-sea']) expect(count(clicks, kind), kind).toBeGreaterThan(0);
    // The finished game's panel shows the result and offers nothing but Refresh.
    const finalPanel = await (players[0] as SimUser).click(posts.filter(isBoardPost).at(-1) as StoredMessage, { prefix: 'panel:' });
    expect(finalPanel.ephemeral).toBe(true);
    expect(finalPanel.content).toMatch(
      /(● Anne|◆ Bart) won the game\. Final score: [●◆] \w+ -?\d+, [●◆] \w+ -?\d+\.|● Anne and ◆ Bart share the win\. Final score: ● Anne -?\d+, ◆ Bart -?\d+\./,
    );
    expect(buttonsOf(finalPanel.message as StoredMessage).map((b) => b.label)).toEqual(['Refresh']);
    expect(harness.bot.output.join('\n')).not.toContain(harness.token);
    discord.assertInteractionsHealthy();
  });

  it('four players play a whole game by clicking what the bot shows them', async () => {
    const players = harness.users.slice(0, 4);
    const threadId = await openFreibeuter(players);
    const { posts, panels, clicks } = await playWholeGame(threadId, players, 4);
    saveTranscript('freibeuter-4p', posts, { middleBoard: true });
    checkGame(posts, panels, clicks, players);
    checkBoardings(posts, clicks);
    for (const kind of ['place', 'board', 'dutchman', 'draw-sea', 'draw-dutchman']) expect(count(clicks, kind), kind).toBeGreaterThan(0);
    const text = posts.map((m) => m.content).join('\n');
    expect(text).toMatch(/takes the ship at|escapes/);
    discord.assertInteractionsHealthy();
  });

  it("marks the whole round on the board: a player's post shows both others' turns, in their colours and told again", async () => {
    const players = harness.users.slice(0, 3);
    const threadId = await openFreibeuter(players);
    let post = await nextBoardPost(discord, threadId, undefined);
    const movers: SimUser[] = [];
    // Three turns, each a boat put on the sea: the fourth post asks the first mover again.
    for (let turn = 0; turn < 3; turn++) {
      const [user] = mentionedUsers(post, players) as [SimUser];
      movers.push(user);
      let panel = (await user.click(post, { prefix: 'panel:' })).message as StoredMessage;
      for (let step = 0; step < 4 && panel.content.includes("It's your turn"); step++) {
        const choices = selectsOf(panel).flatMap((m) => m.options.map((o) => ({ select: m.customId, value: o.value, label: o.label, kind: kindOf(o.label) })));
        const buttons = buttonsOf(panel)
          .filter((b) => b.customId?.startsWith('act:'))
          .map((b) => ({ button: b.customId as string, label: b.label ?? '', kind: kindOf(b.label ?? '') }));
        const all = [...choices, ...buttons] as Choice[];
        const first = all[0] as Choice;
        const choice = all.find((c) => c.kind === 'place') ?? all.find((c) => c.kind === 'draw-sea') ?? first;
        panel = (await makeChoice(user, panel, choice)).message as StoredMessage;
      }
      post = await nextBoardPost(discord, threadId, post);
    }
    const [first, second, third] = movers as [SimUser, SimUser, SimUser];
    expect(mentionedUsers(post, players)).toEqual([first]);
    const fieldOf = (user: SimUser) => new RegExp(`${playerName(user)} puts a boat on ([A-G][1-7])\\.`).exec(post.content)?.[1] as FieldName;
    // The post tells the second mover's turn again, above the third's, and marks both on its board.
    expect(post.content).toContain('Since your last turn:');
    expect(post.content.indexOf(`${playerName(second)} puts a boat on`)).toBeLessThan(post.content.indexOf(`${playerName(third)} puts a boat on`));
    const png = boardImageOf(post) as Buffer;
    const colours = presenters.freibeuter.colours(3);
    const colourOf = (user: SimUser) => PLAYER_HEX[colours[players.indexOf(user)] as PlayerColour].fill;
    expect(await frameShare(png, fieldIndex(fieldOf(second)), colourOf(second))).toBeGreaterThan(0.25);
    expect(await frameShare(png, fieldIndex(fieldOf(third)), '#ffffff')).toBeGreaterThan(0.25);
    // The table is cleared for the next game.
    await cancelFrom(first, threadId);
    discord.assertInteractionsHealthy();
  });

  it('offers its variant, explains the rules in sections, takes back a move, goes on when a player resigns and ends when the last but one does', async () => {
    const [anne, bart, cees] = harness.users;
    const variants = await anne.autocomplete('game', { subcommand: 'new', options: { game: 'freibeuter', variant: '' }, focused: 'variant' });
    expect(variants.choices?.map((c) => c.value)).toEqual(['standard']);
    const rules = await bart.slash('rules', { options: { game: 'freibeuter' } });
    expect(rules.ephemeral).toBe(true);
    // The rules open on their first page; the other sections, the bot's rulings among them, are in a menu.
    expect(JSON.stringify(rules.message?.embeds ?? [])).toContain('pirates spread their boats over a 7 × 7 sea');
    const [sections] = selectsOf(rules.message as StoredMessage);
    expect(sections?.options.map((o) => o.label)).toEqual([
      'Freibeuter',
      'Setup',
      'Your turn',
      'Rings and loans',
      'The end and the score',
      'How the bot decides unclear cases',
    ]);
    const rulings = await bart.select(rules.message as StoredMessage, sections?.customId as string, [sections?.options.at(-1)?.value as string]);
    expect(JSON.stringify(rulings.message?.embeds ?? [])).toContain('Helpers are paid in seat order');

    const threadId = await openFreibeuter([anne, bart, cees]);
    const first = await nextBoardPost(discord, threadId, undefined);
    const [mover] = mentionedUsers(first, [anne, bart, cees]) as [SimUser];
    const other = [anne, bart, cees].find((u) => u !== mover) as SimUser;
    const waiting = await other.click(first, { prefix: 'panel:' });
    expect(waiting.content).toMatch(new RegExp(`⏳ Turn 1, ${playerName(mover)} to move`));
    expect(waiting.content).toMatch(/Your hand: sea cards (\*\*[A-G][1-7]\*\*(, )?){4} · Dutchman cards \*\*(row [A-G]|column [1-7])\*\*/);
    // The mover puts a boat on the sea, and takes it back before he draws: the card is in his hand again.
    const opened = (await mover.click(first, { prefix: 'panel:' })).message as StoredMessage;
    const before = handOf(opened);
    // All 28 ships are free: two menus, each under the numbers it holds, each ship named as the board numbers it.
    const boarding = selectsOf(opened).filter((menu) => menu.placeholder?.startsWith('Board a ship'));
    expect(boarding.map((menu) => /^Board a ship, numbers (\d+)–(\d+) \(no card, no draw\)…$/.exec(menu.placeholder ?? '')?.length)).toEqual([3, 3]);
    const ships = boarding.flatMap((menu) => menu.options.map((o) => o.label));
    expect(ships).toHaveLength(28);
    for (const label of ships) expect(kindOf(label), label).toBe('board');
    const put = selectsOf(opened)
      .flatMap((s) => s.options.map((o) => ({ select: s.customId, value: o.value, label: o.label, kind: kindOf(o.label) })))
      .find((c) => c.kind === 'place') as Choice;
    const drawing = (await makeChoice(mover, opened, put)).message as StoredMessage;
    expect(drawing.content).toContain("It's your turn: draw back to five cards.");
    expect(handOf(drawing)).toHaveLength(3);
    const undo = buttonsOf(drawing).find((b) => b.customId?.startsWith('undo:'));
    expect(undo?.label).toBe('Undo');
    const undone = (await mover.click(drawing, undo?.customId as string)).message as StoredMessage;
    expect(undone.content).toContain("It's your turn: board a ship");
    expect(handOf(undone)).toEqual(before);
    expect(buttonsOf(undone).find((b) => b.customId?.startsWith('undo:'))).toBeUndefined();
    const leaver = [anne, bart, cees].find((u) => u !== mover && u !== other) as SimUser;
    const resigned = await resignFrom(leaver, threadId);
    expect(resigned.ephemeral).toBe(true);
    const after = await nextBoardPost(discord, threadId, first);
    expect(after.content).toContain(`${playerName(leaver)} leaves the game; the boats on the sea stay`);
    expect(after.content).not.toContain('The game is over');
    // The second to leave ends the game: the one left wins, whatever the scores, and every text says why.
    await resignFrom(other, threadId);
    const last = await nextBoardPost(discord, threadId, after);
    expect(last.content).toContain(`${playerName(other)} leaves the game.`);
    expect(last.content).toContain(`🏁 ${playerName(mover)} is the only one left and wins.`);
    expect(last.content).not.toMatch(/ends the game|pirate treasure/);
    expect(last.content).toMatch(new RegExp(`^1\\. [●◆▲] ${playerName(mover)} \\(20 points\\): 20 treasure, no ships$`, 'm'));
    for (const user of [leaver, other])
      expect(last.content).toMatch(new RegExp(`^[23]\\. [●◆▲] ${playerName(user)} \\(20 points, resigned\\): 20 treasure, no ships$`, 'm'));
    const final = await mover.click(last, { prefix: 'panel:' });
    expect(final.content).toMatch(
      new RegExp(
        `[●◆▲] ${playerName(mover)} won the game, as everyone else left\\. Final score: [●◆▲] ${playerName(mover)} 20, .+ 20 \\(left\\), .+ 20 \\(left\\)\\.`,
      ),
    );
    discord.assertInteractionsHealthy();
  });
});
