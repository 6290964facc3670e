/**
 * Taking back a move through Discord: a card played in Cartagena, and a secret choice changed in
 * Halunken & Spelunken before the last player chose. The "Undo" button appears only while a move
 * may be taken back; until the move stands, the others see the game as it was before it (board,
 * log, panel), and the public post never tells the move that was taken back.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buttonsOf, selectsOf, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { choicesOf, makeChoice, mentionedUsers, nextBoardPost, openAndStart } from './play.js';

const harness = useHarness('undo', ['ann', 'ben', 'cas']);
let users: SimUser[];

beforeAll(() => ({ users } = harness));

const undoButton = (panel: StoredMessage) => buttonsOf(panel).find((b) => b.customId?.startsWith('undo:'));
/** The panel's text without its first line's game number, which stays the same anyway. */
const textOf = (panel: StoredMessage) => panel.content;

describe('undo', () => {
  it('Cartagena: a card played forward is taken back; the turn goes on and the post tells only the moves that stand', async () => {
    const [ann, ben] = users as [SimUser, SimUser];
    const { threadId } = await openAndStart(harness.discord, [ann, ben], { game: 'cartagena', variant: 'jamaica' });
    const post = await nextBoardPost(harness.discord, threadId, undefined);
    const [player] = mentionedUsers(post, [ann, ben]) as [SimUser];
    let panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const before = textOf(panel);
    expect(undoButton(panel)).toBeUndefined();
    const cards = selectsOf(panel).find((s) => s.placeholder?.startsWith('Play a card'));
    const [first, second] = cards?.options ?? [];
    if (!first || !second || !cards) throw new Error('the first panel offers two card plays');
    panel = (await player.select(panel, cards.customId, [first.value])).message as StoredMessage;
    expect(textOf(panel)).not.toBe(before);
    const undo = undoButton(panel);
    expect(undo?.label).toBe('Undo');
    panel = (await player.click(panel, undo?.customId as string)).message as StoredMessage;
    expect(panel.ephemeral).toBe(true);
    // As it was before the card: same hand, same actions left, nothing more to take back.
    expect(textOf(panel)).toBe(before);
    expect(undoButton(panel)).toBeUndefined();
    // Another card instead, then the turn ends.
    const again = selectsOf(panel).find((s) => s.placeholder?.startsWith('Play a card'));
    panel = (await player.select(panel, again?.customId as string, [second.value])).message as StoredMessage;
    await player.click(panel, { label: 'End turn' });
    const next = await nextBoardPost(harness.discord, threadId, post);
    const played = next.content.split('\n').filter((line) => line.includes(' played '));
    expect(played).toHaveLength(1);
    const [firstSymbol] = first.label.split(':');
    const [secondSymbol] = second.label.split(':');
    if (firstSymbol !== secondSymbol) expect(played[0]).not.toContain(firstSymbol?.replace(/^\S+ /, '') as string);
    expect(played[0]).toContain(secondSymbol?.replace(/^\S+ /, '') as string);
    harness.discord.assertInteractionsHealthy();
  });

  it('Cartagena Jamaica: while a card played forward may be taken back, the other player sees the game as before it, on his board, in the log and in his panel', async () => {
    const [ann, ben] = users as [SimUser, SimUser];
    const { threadId } = await openAndStart(harness.discord, [ann, ben], { game: 'cartagena', variant: 'jamaica' });
    const post = await nextBoardPost(harness.discord, threadId, undefined);
    const [player] = mentionedUsers(post, [ann, ben]) as [SimUser];
    const other = player === ann ? ben : ann;
    /** What the other player is shown: his board (caption and image), the public log and his panel. */
    const otherSees = async () => {
      const board = await other.slash('game', { subcommand: 'board', channelId: threadId });
      const log = await other.slash('game', { subcommand: 'log', channelId: threadId });
      const panel = (await other.click(post, { prefix: 'panel:' })).message as StoredMessage;
      const image = board.messages.flatMap((m) => m.attachments)[0]?.bytes as Buffer;
      // The log's heading counts the moves logged, an undo among them: its lines tell what happened.
      const logLines = log.content.split('\n').slice(1);
      return { caption: board.content, image: createHash('sha256').update(image).digest('hex'), log: logLines, panel: panel.content };
    };
    const before = await otherSees();
    let panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
    const cards = selectsOf(panel).find((s) => s.placeholder?.startsWith('Play a card'));
    const [card] = cards?.options ?? [];
    if (!card || !cards) throw new Error('the first panel offers a card to play');
    panel = (await player.select(panel, cards.customId, [card.value])).message as StoredMessage;
    // Mid-turn: the card may be taken back, and nothing of it reaches the other player.
    expect(undoButton(panel)).toBeDefined();
    const midTurn = await otherSees();
    expect(midTurn).toEqual(before);
    expect(midTurn.log.join('\n')).not.toMatch(/ played /);
    panel = (await player.click(panel, undoButton(panel)?.customId as string)).message as StoredMessage;
    expect(undoButton(panel)).toBeUndefined();
    expect(await otherSees()).toEqual(before);
    // No post went out meanwhile: the thread still ends with the opening post.
    expect(harness.discord.messages(threadId).at(-1)?.id).toBe(post.id);
    harness.discord.assertInteractionsHealthy();
  });

  it('Halunken & Spelunken: a secret movement card is chosen again before the last player chose; after the reveal it stands', async () => {
    const [ann, ben, cas] = users as [SimUser, SimUser, SimUser];
    const { threadId } = await openAndStart(harness.discord, [ann, ben, cas], { game: 'halunken', variant: 'beginner' });
    let post = await nextBoardPost(harness.discord, threadId, undefined);
    // Setup moves (captains placed, one by one) with the first choice, until everyone chooses a card.
    for (let turn = 0; mentionedUsers(post, users).length < 3; turn++) {
      if (turn > 20) throw new Error('no round of secret choices came');
      const [user] = mentionedUsers(post, users) as [SimUser];
      const panel = (await user.click(post, { prefix: 'panel:' })).message as StoredMessage;
      await makeChoice(user, panel, choicesOf(panel)[0] as NonNullable<ReturnType<typeof choicesOf>[number]>);
      post = await nextBoardPost(harness.discord, threadId, post);
    }
    const open = async (user: SimUser) => (await user.click(post, { prefix: 'panel:' })).message as StoredMessage;
    let annPanel = await open(ann);
    const annChoices = choicesOf(annPanel);
    annPanel = (await makeChoice(ann, annPanel, annChoices[0] as (typeof annChoices)[number])).message as StoredMessage;
    expect(undoButton(annPanel)).toBeDefined();
    // Ben chooses meanwhile; Ann may still change her card.
    const benPanel = await open(ben);
    await makeChoice(ben, benPanel, choicesOf(benPanel)[0] as (typeof annChoices)[number]);
    annPanel = (await ann.click(annPanel, undoButton(annPanel)?.customId as string)).message as StoredMessage;
    expect(annPanel.content).toContain("It's your turn");
    const changed = choicesOf(annPanel).at(-1) as (typeof annChoices)[number];
    await makeChoice(ann, annPanel, changed);
    // Cas chooses last: the cards are shown, and nobody can take his back any more.
    const casPanel = await open(cas);
    const casAfter = (await makeChoice(cas, casPanel, choicesOf(casPanel)[0] as (typeof annChoices)[number])).message as StoredMessage;
    expect(undoButton(casAfter)).toBeUndefined();
    const reveal = await nextBoardPost(harness.discord, threadId, post);
    const line = reveal.content.split('\n').find((l) => l.includes('Cards revealed')) ?? '';
    const card = /(\d+|Rum)/.exec(changed.label)?.[1] as string;
    expect(line).toMatch(new RegExp(`Ann (\\*\\*|~~)${card}(\\*\\*|~~)`));
    const annNow = (await ann.click(reveal, { prefix: 'panel:' })).message as StoredMessage;
    expect(undoButton(annNow)).toBeUndefined();
    harness.discord.assertInteractionsHealthy();
  });
});
