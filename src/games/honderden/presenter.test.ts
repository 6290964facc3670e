import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator, type Translate } from '../../i18n/index.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import type { Seat } from '../../engine/index.js';
import {
  honderden,
  honderdenOptions,
  versionOf,
  type Card,
  type HandResult,
  type HonderdenAction,
  type HonderdenEvent,
  type HonderdenState,
  type Play,
  type Suit,
} from './rules.js';
import { cardText, honderdenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';

const t = translator('en');
const NAMES = ['Anne', 'Bart', 'Cees'];
const ctxFor = (seats: number) => ({
  t,
  players: NAMES.slice(0, seats).map((name, i) => ({ name, mention: `<@${i}>`, colour: presenter.colours(seats)[i] as string })),
});

const anyGame = fc.record({
  seats: fc.constantFrom(2, 3),
  seed: fc.string({ maxLength: 8 }),
  target: fc.integer({ min: 1, max: 3 }),
  steps: fc.nat(400),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});
type Game = { seats: number; seed: string; target: number; steps: number; picks: fc.Stream<number>; resigns?: boolean };

/**
 * Random legal play for `steps` actions (claims seldom, now and then a resignation); `each` sees
 * every state after an action, with the state before it.
 */
function play(game: Game, each?: (after: HonderdenState, before: HonderdenState, seat: Seat, action: HonderdenAction | null) => void): HonderdenState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } });
  for (let i = 0; i < game.steps && !honderden.isOver(s); i++) {
    if (game.resigns && pick(250) === 0) {
      const leaver = s.players[pick(s.players.length)] as Seat;
      const next = honderden.resign(s, leaver);
      each?.(next, s, leaver, null);
      s = next;
      continue;
    }
    const seat = honderden.toAct(s)[0] as Seat;
    const legal = honderden.legalActions(s, seat);
    let action = legal[pick(legal.length)] as HonderdenAction;
    if (action.type === 'claim' && pick(6) !== 0) action = legal.at(-1) as HonderdenAction;
    const next = honderden.apply(s, seat, action);
    each?.(next, s, seat, action);
    s = next;
  }
  return s;
}

const view = (s: HonderdenState, seat: Seat | null) => honderden.view(s, seat);

/** The cards named in a text ("10♥", "A♠"). */
const CARD_TEXT = /(10|[789JQKA])([♠♥♣♦])/g;
const SUIT_OF: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♣': 'C', '♦': 'D' };
function cardsIn(text: string): Card[] {
  return [...text.matchAll(CARD_TEXT)].map((m) => `${m[1] === '10' ? 'T' : m[1]}${SUIT_OF[m[2] as string]}` as Card);
}

/** Cards in a seat's hand that nobody else may know (not shown, not taken openly). */
const secretCards = (s: HonderdenState, seat: Seat) => (s.hands[seat] ?? []).filter((c) => !s.known[seat]?.includes(c));

describe('Honderden panel', () => {
  /** The panel of every seat offers exactly the legal actions, fits Discord, and says whose turn it is. */
  function checkPanels(s: HonderdenState, seen?: Set<string>): void {
    const c = ctxFor(s.seats);
    for (let seat = 0; seat < s.seats; seat++) {
      const legal = honderden.legalActions(s, seat);
      const panel = presenter.panel(view(s, seat), legal, c);
      expectPanelOffersExactly(panel, legal, c.t);
      // Each label says what it does: no two choices read the same.
      const labels = panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label));
      expect(new Set(labels).size).toBe(labels.length);
      if (legal.length > 0) expect(panel.text).toContain("It's your turn");
      else if (!s.resigned[seat] && !honderden.isOver(s)) expect(panel.text).toContain('⏳');
      // The claim ends the hand at once: it asks first (naming no points), on a row of its own.
      const claim = panel.groups.find((gr) => gr.choices.some((ch) => ch.label.startsWith('Ik dek')));
      if (claim) {
        expect(claim.choices).toHaveLength(1);
        expect(claim.choices[0]?.confirm).toBe('Claim the hand now?');
      }
      for (const action of legal) seen?.add(action.type);
    }
  }

  it('offers every legal action exactly once, and the whole panel fits in Discord components, over random positions', () => {
    fc.assert(
      fc.property(anyGame, (game) => checkPanels(play(game))),
      { numRuns: 300 },
    );
  });

  it('does so at every step of whole matches for two and three players, meeting every kind of choice', () => {
    const seen = new Set<string>();
    for (const seats of [2, 3]) {
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 31 + seed.charCodeAt(0) })[0] as fc.Stream<number>;
        const s = play({ seats, seed, target: 5, steps: 20000, picks }, (after) => checkPanels(after, seen));
        expect(honderden.isOver(s)).toBe(true);
      }
    }
    for (const type of ['play', 'swap', 'declare', 'reject', 'stuk', 'claim', 'done', 'take', 'takeHidden']) expect(seen).toContain(type);
  });

  it('shows the hand sorted by suit and rank, trump in trump order, and labels the cards, Jas and Nel', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const hand: Card[] = ['9H', 'AS', 'JH', '7D', 'TS', 'QC', 'KS', 'AH', '8C'];
    const s: HonderdenState = { ...base, trump: 'H', turnedUp: 'TH', trumpCard: 'TH', hands: [hand, base.hands[1] as Card[]], turn: 0, trick: { leader: 0, plays: [] }, handLeader: 0 };
    const c = ctxFor(2);
    const legal = honderden.legalActions(s, 0);
    const panel = presenter.panel(view(s, 0), legal, c);
    expect(panel.text).toContain('Your hand: A♠ K♠ 10♠ · J♥ 9♥ A♥ · Q♣ 8♣ · 7♦');
    const cards = panel.groups.find((gr) => gr.kind === 'buttons' && gr.choices.some((ch) => ch.label === 'A♠'));
    expect(cards?.choices.map((ch) => ch.label)).toEqual(['A♠', 'K♠', '10♠', 'J♥ Jas', '9♥ Nel', 'A♥', 'Q♣', '8♣', '7♦']);
    // Trump cards stand out.
    expect(cards?.choices.filter((ch) => ch.primary).map((ch) => ch.label)).toEqual(['J♥ Jas', '9♥ Nel', 'A♥']);
    expect(panel.text).toContain("It's your turn: lead trick 1.");
    expect(panel.text).toContain('Stock: 13 hidden cards, the open trump card 10♥ under it.');
    // No trick won yet, nothing carried: a claim could only be wrong, and is not offered.
    expect(legal.some((a) => a.type === 'claim')).toBe(false);
    expect(panel.text).not.toContain('Ik dek');
  });

  it('offers the claim ("ik dek") only once it can be right, on a row of its own, asking first without naming any points', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const c = ctxFor(2);
    const anne: Card[] = ['KH', 'QH', '7S'];
    const bart: Card[] = ['8S', '9S', '7C'];
    const won: Card[][] = [['JH', '9H', 'AS'], []];
    const stock = base.stock.filter((x) => ![...anne, ...bart, ...won.flat(), 'TH'].includes(x));
    const s: HonderdenState = { ...base, trump: 'H', turnedUp: 'TH', trumpCard: 'TH', stock, hands: [anne, bart], won, tricksWon: [1, 0], tricksPlayed: 1, roemShown: true, turn: 0, dealer: 1, trick: { leader: 0, plays: [] }, handLeader: 0 };
    // Anne won a trick (Jas, Nel and an ace: 45): she may claim; Bart won none.
    const legal = honderden.legalActions(s, 0);
    expect(legal).toContainEqual({ type: 'claim' });
    const panel = presenter.panel(view(s, 0), legal, c);
    const last = panel.groups.at(-1);
    expect(last?.choices.map((ch) => [ch.label, ch.confirm])).toEqual([['Ik dek! (claim the hand)', 'Claim the hand now?']]);
    expect(panel.groups.filter((gr) => gr.choices.some((ch) => ch.confirm !== undefined))).toHaveLength(1);
    expect(panel.text).toContain('"Ik dek" claims the hand: right with 100 points or more; a wrong claim loses it.');
    const bartsTurn: HonderdenState = { ...s, turn: 1 };
    expect(honderden.legalActions(bartsTurn, 1)).not.toContainEqual({ type: 'claim' });
    // Points everybody knows of that make 100 (carried 85, stuk 20) allow it before any trick is won.
    const carried: HonderdenState = { ...bartsTurn, carried: [0, 85], stuk: [false, true] };
    expect(honderden.legalActions(carried, 1)).toContainEqual({ type: 'claim' });
    expect(presenter.panel(view(carried, 1), honderden.legalActions(carried, 1), c).groups.at(-1)?.choices[0]?.confirm).toBe('Claim the hand now?');
    // In Dutch too, without the points.
    const nl = { ...c, t: translator('nl') };
    expect(presenter.panel(view(s, 0), legal, nl).groups.at(-1)?.choices.map((ch) => [ch.label, ch.confirm])).toEqual([['Ik dek!', 'Nu dekken?']]);
    // Games opened before (rules version 2) keep the claim from the first step.
    const old: HonderdenState = { ...bartsTurn, rules: 2 };
    expect(honderden.legalActions(old, 1)).toContainEqual({ type: 'claim' });
  });

  it('labels the swap, roem, stuk, the claim, rejections, the roem answer and the last draw', () => {
    const base = honderden.setup({ seats: 2, seed: 'labels', options: { target: 5 } });
    const c = ctxFor(2);
    // Anne holds the trump 7, the trump king and queen, a carré of queens and a sequence.
    const anne: Card[] = ['7H', 'KH', 'QH', 'QS', 'QC', 'QD', 'JS', 'TS', '8D'];
    const bart: Card[] = ['JC', 'TC', '9C', '8C', '7C', 'AS', 'KS', '9S', 'AD'];
    let s: HonderdenState = { ...base, trump: 'H', turnedUp: 'TH', trumpCard: 'TH', stock: base.stock.filter((x) => ![...anne, ...bart, 'TH'].includes(x)), hands: [anne, bart], turn: 0, dealer: 1, trick: { leader: 0, plays: [] }, handLeader: 0 };
    let panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    const labels = panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label));
    expect(labels).toContain('Swap 7♥ for 10♥');
    expect(labels).toContain('Declare carré');
    expect(labels).toContain('Declare 3 on the queen');
    expect(labels).toContain('Stuk! (K♥ Q♥)');
    const roem = panel.groups.find((gr) => gr.kind === 'select');
    expect(roem?.placeholder).toBe('Declare roem (optional)…');
    expect(roem?.choices.find((ch) => ch.label === 'Declare carré')?.description).toBe('Four aces, kings, queens or tens: 100; four jacks: 200');
    expect(roem?.choices.find((ch) => ch.label === 'Declare 3 on the queen')?.description).toBe('3 in a row up to the queen, in one suit: 20');
    expect(panel.text).toContain('First trick: you may declare roem');
    // Lists of players carry each one's shape, as the board draws it beside his colour.
    expect(panel.text).toContain('Tricks won: ■ you 0 · ◆ Bart 0.');
    expect(panel.text).toContain('Game points (first to 5): ■ you 0 · ◆ Bart 0.');

    // Anne swaps, declares a carré and plays; Bart may reject it with his sequence of 5 on the jack.
    s = honderden.apply(s, 0, { type: 'swap' });
    s = honderden.apply(s, 0, { type: 'declare', roem: { kind: 'carre' } });
    panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    expect(panel.text).toContain('You declared carré: add more, or play your card.');
    expect(panel.groups.find((gr) => gr.kind === 'select')?.placeholder).toBe('Declare more roem (optional)…');
    s = honderden.apply(s, 0, { type: 'play', card: '8D' });
    panel = presenter.panel(view(s, 1), honderden.legalActions(s, 1), c);
    expect(panel.text).toContain("It's your turn: play a card to trick 1 (Anne 8♦).");
    expect(panel.text).toContain('While the stock lasts you need not follow suit.');
    expect(panel.text).toContain('Anne declared carré: you may reject it with higher roem');
    const reject = panel.groups.find((gr) => gr.kind === 'select');
    expect(reject?.placeholder).toBe("Reject Anne's roem with…");
    expect(reject?.choices.map((ch) => ch.label)).toEqual(['Reject with 5 on the jack']);
    expect(panel.text).toContain('Seen in their hands: Anne 10♥');
    s = honderden.apply(s, 1, { type: 'reject', roem: { kind: 'sequence', length: 5, top: 'J' } });
    const quiet = s.events;
    expect(turnEnded(s.events)).toBe(false);
    s = honderden.apply(s, 1, { type: 'play', card: '9S' });
    expect(turnEnded(s.events)).toBe(true);
    // Diamonds were led and nobody trumped: Anne wins the trick. She declared, so she has no roem answer to give.
    // The post tells Bart's turn, the trick (his card in it) and the roem shown, in three lines.
    expect(presenter.describe([...quiet, ...s.events], c)).toEqual([
      '📣 Bart rejects Anne\'s roem with **5 on the jack** ("dat keur ik af"). Bart\'s roem is higher: Anne\'s roem is void this hand.',
      '➡️ Anne wins trick 1: Anne **8♦**, Bart 9♠. Anne and Bart draw from the stock.',
      "📣 Roem shown: Anne carré of queens (Q♠ Q♥ Q♣ Q♦) = 100 (rejected, void); Bart 5 on the jack in ♣ (J♣ 10♣ 9♣ 8♣ 7♣) = 100 (won a hand at once). 🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 1. The hand is played on.",
    ]);
    expect(s.phase).toBe('play');
    // The last draw, made by hand: one hidden card beside the open trump card, chosen unseen.
    const hidden = s.stock[0] as Card;
    const shown = cardText(t, hidden);
    const last: HonderdenState = { ...s, phase: 'chooseLast', turn: 0, stock: [hidden], trumpCard: '7H' };
    panel = presenter.panel(view(last, 0), honderden.legalActions(last, 0), c);
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Take the hidden card (unseen)', 'Take 7♥ (open trump)']);
    expect(panel.text).toContain(
      "It's your turn: one hidden card is left beside the open trump card **7♥**. Take one of the two without seeing the hidden one (it is shown to both as it is taken); Bart gets the other.",
    );
    expect(presenter.status(view(last, null), c)).toContain('Anne chooses the last card, the hidden one or the open trump card 7♥.');
    for (const seat of [0, 1, null]) {
      const v = view(last, seat);
      const text = seat === null ? presenter.status(v, c) : presenter.panel(v, honderden.legalActions(last, seat), c).text;
      expect(text).not.toContain(shown);
    }
    // A game opened under version 1 showed the hidden card before the choice, and names it.
    const old: HonderdenState = { ...last, rules: 1 };
    panel = presenter.panel(view(old, 0), honderden.legalActions(old, 0), c);
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual([`Take ${shown} (hidden card)`, 'Take 7♥ (open trump)']);
    expect(panel.text).toContain(`It's your turn: the last hidden card of the stock is **${shown}**. Take it or the open trump card **7♥**; Bart gets the other one.`);
    expect(presenter.status(view(old, null), c)).toContain(`Anne chooses the last card, the hidden ${shown} or the open trump card 7♥.`);
  });

  it('lets the leader answer the follower\'s roem after the first trick: reject or let it stand', () => {
    const base = honderden.setup({ seats: 2, seed: 'answer', options: { target: 5 } });
    const c = ctxFor(2);
    const anne: Card[] = ['AS', 'KS', 'QS', 'JS', '9D', '8D', '7D', 'TC', '7C'];
    const bart: Card[] = ['KC', 'QC', 'JC', 'AH', '9H', '8H', 'KD', 'QD', '8S'];
    let s: HonderdenState = { ...base, trump: 'H', turnedUp: 'TH', trumpCard: 'TH', stock: base.stock.filter((x) => ![...anne, ...bart].includes(x)), hands: [anne, bart], turn: 0, dealer: 1, trick: { leader: 0, plays: [] }, handLeader: 0 };
    s = honderden.apply(s, 0, { type: 'play', card: 'AS' });
    s = honderden.apply(s, 1, { type: 'declare', roem: { kind: 'sequence', length: 3, top: 'K' } });
    s = honderden.apply(s, 1, { type: 'play', card: '8S' });
    expect(s.phase).toBe('roemAnswer');
    expect(turnEnded(s.events)).toBe(true);
    expect(presenter.status(view(s, null), c)).toBe("Hand 1 (game 1), trump ♥, after the first trick: Anne may reject Bart's roem (3 on the king).");
    const panel = presenter.panel(view(s, 0), honderden.legalActions(s, 0), c);
    expect(panel.text).toContain("It's your turn: the first trick is over and Bart's roem (3 on the king) stands. Reject it with higher roem, or let it stand.");
    expect(panel.groups.flatMap((gr) => gr.choices.map((ch) => ch.label))).toEqual(['Reject with 4 on the ace', 'Let it stand']);
    const after = honderden.apply(s, 0, { type: 'done' });
    expect(presenter.describe(after.events, c)).toEqual(['Anne lets the roem stand.', '📣 Roem shown: Bart 3 on the king in ♣ (K♣ Q♣ J♣) = 20 (counts). Anne and Bart draw from the stock.']);
  });

  it('never shows another player\'s hidden card, nor the stock, in a panel, the status or an event line', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(game.seats);
        play(game, (s) => {
          // Only games of version 1 show the last hidden card before it is taken.
          const shownStock = s.phase === 'chooseLast' && versionOf(s) < 2 ? [s.stock[0]] : [];
          const hiddenStock = s.stock.filter((card) => !shownStock.includes(card));
          // Events of the hand before a new deal name cards that are dealt anew.
          const events = view(s, null).events;
          const dealt = events.findLastIndex((e) => e.type === 'handDealt');
          const publicText = [presenter.status(view(s, null), c), ...presenter.describe(events.slice(Math.max(0, dealt)), c)].join('\n');
          const secret = new Set([...s.players.flatMap((p) => secretCards(s, p)), ...hiddenStock]);
          for (const card of cardsIn(publicText)) expect(secret.has(card), `${card} in public text:\n${publicText}`).toBe(false);
          for (let seat = 0; seat < s.seats; seat++) {
            const panel = presenter.panel(view(s, seat), honderden.legalActions(s, seat), c);
            const others = new Set([...s.players.filter((p) => p !== seat).flatMap((p) => secretCards(s, p)), ...hiddenStock]);
            const text = [panel.text, ...panel.groups.flatMap((gr) => gr.choices.map((ch) => `${ch.label} ${ch.description ?? ''}`))].join('\n');
            for (const card of cardsIn(text)) expect(others.has(card), `${card} in the panel of seat ${seat}:\n${text}`).toBe(false);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('shows no running point total, not even the claimer\'s own in the claim\'s question: other cards in the won tricks change nothing', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(game.seats);
        play({ ...game, resigns: false }, (s) => {
          // The won cards go round the seats (each keeps his number of tricks; the points change).
          const won = s.won.map((_, seat) => s.won[(seat + 1) % s.seats] as Card[]);
          const other: HonderdenState = { ...s, won };
          expect(presenter.status(view(other, null), c)).toBe(presenter.status(view(s, null), c));
          for (let seat = 0; seat < s.seats; seat++) {
            const legal = honderden.legalActions(s, seat);
            // The claim's question included: it names no points.
            expect(presenter.panel(view(other, seat), legal, c)).toEqual(presenter.panel(view(s, seat), legal, c));
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe('Honderden posts', () => {
  it('posts once a trick, hand or the match ends (and after roem answers, claims, leaving); quiet steps leave the same player to act or open a trick', () => {
    let quiet = 0;
    let openTrick = 0;
    fc.assert(
      fc.property(anyGame, (game) => {
        play(game, (after, before, seat, action) => {
          const post = turnEnded(view(after, null).events);
          const now = honderden.toAct(after);
          if (action === null || honderden.isOver(after) || after.tricksPlayed !== before.tricksPlayed || after.hand !== before.hand) {
            expect(post).toBe(true);
          }
          if (!post) {
            quiet++;
            expect(['swap', 'declare', 'reject', 'stuk', 'take', 'takeHidden', 'play']).toContain(action?.type);
            // A card that leaves its trick open passes the turn without a post; any other quiet step keeps it.
            if (action?.type === 'play') openTrick++;
            else expect(now).toEqual([seat]);
          }
        });
      }),
      { numRuns: 60 },
    );
    expect(quiet).toBeGreaterThan(10);
    expect(openTrick).toBeGreaterThan(10);
  });

  it('describes every kind of event, each post in at most three lines', () => {
    const c = ctxFor(3);
    const result: HandResult = {
      hand: 4,
      game: 2,
      handInGame: 2,
      ending: 'playedOut',
      claimer: null,
      points: [
        { carried: 40, cards: 62, roem: 20, stuk: 20, lastTrick: 5, total: 147 },
        { carried: 12, cards: 30, roem: 0, stuk: 0, lastTrick: 0, total: 42 },
        { carried: 20, cards: 25, roem: 0, stuk: 0, lastTrick: 0, total: 45 },
      ],
      tricksWon: [5, 2, 1],
      winner: 0,
      gamePoints: 2,
      onderJan: true,
      pit: false,
      next: 'newGame',
    };
    const trick1: Play[] = [
      { seat: 0, card: 'AS' },
      { seat: 1, card: '7S' },
      { seat: 2, card: 'JH' },
    ];
    const dealt = (hand: number, handInGame: number, rules: 'two' | 'three', replay = false): HonderdenEvent => ({ type: 'handDealt', hand, game: 1, handInGame, rules, dealer: 2, leader: 0, trump: 'S', turnedUp: 'QS', replay });
    /** Each case: the events of one post, and its lines. */
    const posts: [HonderdenEvent[], string[]][] = [
      [[dealt(1, 1, 'two')], ['**Hand 1** (game 1) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.']],
      [[dealt(2, 2, 'three')], ['**Hand 2** (game 1 goes on) · Cees deals; the last card, **Q♠**, goes face up to Cees: trump is **♠**. Anne leads.']],
      [[dealt(3, 2, 'two', true)], ['**Hand 3** (game 1, the tied hand again) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.']],
      // A turn of many steps is one line.
      [
        [
          { type: 'swapped', seat: 0, took: 'TH', gave: '7H' },
          { type: 'declared', seat: 0, roem: { kind: 'carre' } },
          { type: 'declared', seat: 0, roem: { kind: 'sequence', length: 3, top: 'Q' } },
          { type: 'stuk', seat: 0, cards: ['KH', 'QH'] },
          { type: 'played', seat: 0, card: 'AS' },
        ],
        ['🔁 Anne swaps the trump 7 for the open **10♥**, declares roem **carré** + **3 on the queen**, declares **stuk** (K♥ Q♥, 20) and plays **A♠**.'],
      ],
      [
        [
          { type: 'rejecting', seat: 1, of: 0, roem: { kind: 'sequence', length: 5, top: 'K' } },
          { type: 'played', seat: 1, card: '7S' },
          { type: 'rejection', seat: 1, of: 0, success: true },
        ],
        ['📣 Bart rejects Anne\'s roem with **5 on the king** ("dat keur ik af") and plays **7♠**. Bart\'s roem is higher: Anne\'s roem is void this hand.'],
      ],
      // The card that completes a trick is told in the trick's line.
      [
        [
          { type: 'played', seat: 2, card: 'JH' },
          { type: 'trickWon', seat: 2, trick: 1, plays: trick1, last: false },
          { type: 'drew', seat: 2, card: null },
          { type: 'drew', seat: 0, card: null },
        ],
        ['➡️ Cees wins trick 1: Anne A♠, Bart 7♠, Cees **J♥**. Cees and Anne draw from the stock.'],
      ],
      [[{ type: 'noRejection', seat: 2 }], ['Cees lets the roem stand.']],
      [
        [{ type: 'rejecting', seat: 2, of: 1, roem: { kind: 'carre' } }, { type: 'rejection', seat: 2, of: 1, success: false }],
        ['📣 Cees rejects Bart\'s roem with **carré** ("dat keur ik af"). Cees\'s roem is not higher: the rejection counts nothing and Bart\'s roem stands.'],
      ],
      // Three players' roem before the first trick is complete, as a spectator sees it, then told.
      [[{ type: 'declared', seat: 0, roem: null }, { type: 'played', seat: 0, card: 'AS' }], ['📣 Anne declares roem (told after the trick) and plays **A♠**.']],
      [[{ type: 'rejecting', seat: 1, of: null, roem: null }, { type: 'played', seat: 1, card: '7S' }], ['📣 Bart rejects ("dat keur ik af"; told after the trick) and plays **7♠**.']],
      [
        [
          { type: 'played', seat: 2, card: 'JH' },
          { type: 'trickWon', seat: 2, trick: 1, plays: trick1, last: false },
          {
            type: 'roemTold',
            statements: [
              { seat: 0, kind: 'declare', of: null, categories: [{ kind: 'sequence', length: 3, top: 'Q' }], status: 'rejected' },
              { seat: 1, kind: 'reject', of: 0, categories: [{ kind: 'carre' }], status: 'standing' },
              { seat: 2, kind: 'reject', of: 1, categories: [{ kind: 'sequence', length: 4, top: 'A' }], status: 'failed' },
            ],
          },
        ],
        [
          '➡️ Cees wins trick 1: Anne A♠, Bart 7♠, Cees **J♥**.',
          "📣 Said in the first trick: Anne declared 3 on the queen (rejected, void); Bart rejected Anne's roem with carré (stands); Cees rejected Bart's roem with 4 on the ace (rejection failed, counts nothing).",
        ],
      ],
      [
        [
          { type: 'noRejection', seat: 0 },
          {
            type: 'roemShown',
            statements: [
              { seat: 0, kind: 'declare', of: null, combos: [{ kind: 'carre', rank: 'Q', cards: ['QS', 'QH', 'QC', 'QD'] }], points: 100, status: 'rejected' },
              { seat: 1, kind: 'reject', of: 0, combos: [{ kind: 'sequence', suit: 'D', top: 'K', length: 5, cards: ['KD', 'QD', 'JD', 'TD', '9D'] }], points: 100, status: 'hundred' },
            ],
          },
          { type: 'roemHundred', seat: 1, points: 100 },
          { type: 'gamePoints', seat: 1, gained: 1, reason: 'roem', totals: [0, 1, 0] },
        ],
        [
          'Anne lets the roem stand.',
          '📣 Roem shown: Anne carré of queens (Q♠ Q♥ Q♣ Q♦) = 100 (rejected, void); Bart 5 on the king in ♦ (K♦ Q♦ J♦ 10♦ 9♦) = 100 (won a hand at once).',
          "🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 1 · ★ Cees 0. The hand is played on.",
        ],
      ],
      // The roem won at once ends the match: the hand is not played on.
      [
        [
          { type: 'roemHundred', seat: 1, points: 100 },
          { type: 'gamePoints', seat: 1, gained: 1, reason: 'roem', totals: [0, 5, 0] },
          { type: 'matchOver', winner: 1, reason: 'target' },
        ],
        ["🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 5 · ★ Cees 0.", '🏆 **Bart wins the match** with 5 game points.'],
      ],
      // The last draw (version 1, then version 2) and the second part.
      [
        [
          { type: 'trickWon', seat: 0, trick: 7, plays: [{ seat: 1, card: 'KC' }, { seat: 0, card: 'AC' }], last: false },
          { type: 'hiddenShown', card: '8C', open: '7H', chooser: 0 },
        ],
        ['➡️ Anne wins trick 7: Bart K♣, Anne **A♣**. The last hidden card is shown: **8♣**. Anne takes it or the open trump card **7♥**; the other player gets the other one.'],
      ],
      [[{ type: 'took', seat: 0, card: '7H' }, { type: 'took', seat: 1, card: '8C' }], ['Anne takes **7♥**; Bart gets **8♣**.']],
      [
        [
          { type: 'played', seat: 1, card: 'AC' },
          { type: 'trickWon', seat: 0, trick: 7, plays: [{ seat: 0, card: 'KC' }, { seat: 1, card: 'AC' }], last: false },
          { type: 'lastDraw', open: '7H', chooser: 1 },
        ],
        ['➡️ Anne wins trick 7: Anne **K♣**, Bart A♣. One hidden card is left beside the open trump card **7♥**: Bart takes one of the two without seeing the hidden one; the other player gets the other.'],
      ],
      [
        [{ type: 'took', seat: 0, card: '7H', hidden: false }, { type: 'took', seat: 1, card: '8C', hidden: true }, { type: 'stockEmpty' }, { type: 'played', seat: 0, card: 'KD' }],
        ['Anne takes **7♥**, the open trump card; Bart gets the hidden card and shows it: **8♣**. The stock is empty: from now on follow suit or trump.', 'Anne plays **K♦**.'],
      ],
      [
        [{ type: 'took', seat: 1, card: '8C', hidden: true }, { type: 'took', seat: 0, card: '7H', hidden: false }, { type: 'stockEmpty' }],
        ['Bart takes **8♣**, the hidden card, and shows it; Anne gets the open trump card **7♥**. The stock is empty: from now on follow suit or trump.'],
      ],
      // The end of a hand: the last trick, the points and the game points, the next deal.
      [
        [
          { type: 'played', seat: 0, card: 'AC' },
          { type: 'trickWon', seat: 0, trick: 16, plays: [{ seat: 1, card: 'KC' }, { seat: 0, card: 'AC' }], last: true },
          { type: 'handEnded', result },
          { type: 'gamePoints', seat: 0, gained: 2, reason: 'hand', totals: [3, 1, 0] },
          dealt(5, 1, 'three'),
        ],
        [
          '➡️ Anne wins the last trick (+5): Bart K♣, Anne **A♣**.',
          '**Hand 4 is over** (played out): ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. 🎉 **Anne wins the hand** and 2 game points (onder Jan). Standings: ■ Anne 3 · ◆ Bart 1 · ★ Cees 0.',
          '**Hand 5** (game 1) · Cees deals; the last card, **Q♠**, goes face up to Cees: trump is **♠**. Anne leads.',
        ],
      ],
      [
        [
          { type: 'stuk', seat: 0, cards: ['KH', 'QH'] },
          { type: 'claimed', seat: 0, points: 104, right: true },
          { type: 'handEnded', result: { ...result, ending: 'claim', claimer: 0, gamePoints: 1, onderJan: false } },
          { type: 'gamePoints', seat: 0, gained: 1, reason: 'hand', totals: [5, 1, 0] },
          { type: 'matchOver', winner: 0, reason: 'target' },
        ],
        [
          '✋ Anne declares **stuk** (K♥ Q♥, 20) and calls **"ik dek"** with 104 points: right.',
          '**Hand 4 is over**: ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. 🎉 **Anne wins the hand** and 1 game point. Standings: ■ Anne 5 · ◆ Bart 1 · ★ Cees 0.',
          '🏆 **Anne wins the match** with 5 game points.',
        ],
      ],
      [
        [{ type: 'claimed', seat: 1, points: 1, right: false }, { type: 'handEnded', result: { ...result, winner: null, gamePoints: 0, onderJan: false, next: 'replay', ending: 'wrongClaim', claimer: 1 } }],
        ['✋ Bart calls **"ik dek"** with only 1 point: wrong.', '**Hand 4 is over**: ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. A tie at the top: the hand is replayed from the points it started with.'],
      ],
      [[{ type: 'handEnded', result: { ...result, winner: null, gamePoints: 0, onderJan: false, next: 'nextHand' } }], ['**Hand 4 is over** (played out): ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. Nobody reached 100: the points carry on into the next hand.']],
      // Leaving: three players go on as two; the last one left wins.
      [
        [{ type: 'resigned', seat: 2 }, { type: 'handAbandoned', hand: 5 }, dealt(6, 1, 'two')],
        [
          'Cees is out of the match. Hand 5 is dropped: the two players left go on with the two-player rules and keep their game points.',
          '**Hand 6** (game 1) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.',
        ],
      ],
      [[{ type: 'resigned', seat: 0 }, { type: 'matchOver', winner: 1, reason: 'resigned' }], ['Anne is out of the match. 🏆 **Bart wins the match** as the only player left.']],
      [[{ type: 'matchOver', winner: 1, reason: 'target' }], ['🏆 **Bart wins the match.**']],
    ];
    for (const [events, lines] of posts) expect(presenter.describe(events, c)).toEqual(lines);
    // Everything at once (a catch-up) still makes three lines.
    expect(presenter.describe(posts.flatMap(([events]) => events), c)).toHaveLength(3);
  });

  it('makes one post per trick with all of its cards, of at most three lines, over whole matches', () => {
    for (const seats of [2, 3]) {
      const c = ctxFor(seats);
      const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 7 })[0] as fc.Stream<number>;
      let pending: HonderdenEvent[] = [];
      let posts = 0;
      let tricks = 0;
      play({ seats, seed: `posts-${seats}`, target: 3, steps: 20000, picks, resigns: false }, (s) => {
        const events = view(s, null).events;
        pending.push(...events);
        const trick = events.find((e) => e.type === 'trickWon');
        if (trick) tricks++;
        if (!turnEnded(events)) return;
        posts++;
        const lines = presenter.describe(pending, c);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.length).toBeLessThanOrEqual(3);
        // The trick's line tells every card of it; no card gets a line of its own besides.
        if (trick) expect(lines.filter((line) => line.includes('wins trick') || line.includes('wins the last trick'))).toHaveLength(1);
        pending = [];
      });
      // Besides tricks, only roem answers, claims and the cards before them post.
      expect(posts).toBeGreaterThanOrEqual(tricks);
      expect(posts).toBeLessThanOrEqual(tricks * 1.5);
    }
  });

  it('describes a whole match for two and three players without a missing text', () => {
    for (const seats of [2, 3]) {
      const c = ctxFor(seats);
      const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats })[0] as fc.Stream<number>;
      play({ seats, seed: `all-${seats}`, target: 2, steps: 20000, picks, resigns: false }, (s) => {
        for (const line of [...presenter.describe(view(s, null).events, c), presenter.status(view(s, null), c)]) {
          expect(line).not.toMatch(/honderden\.|\{\w+\}|undefined|NaN/);
        }
        for (let seat = 0; seat < seats; seat++) expect(presenter.panel(view(s, seat), honderden.legalActions(s, seat), c).text).not.toMatch(/honderden\.|\{\w+\}|undefined|NaN/);
      });
    }
  });
});

describe('Honderden cards as text', () => {
  it('takes the rank letters from the catalogue, so each language writes its own', () => {
    expect(['7S', 'TH', 'JC', 'QD', 'KS', 'AH'].map((card) => cardText(t, card as Card))).toEqual(['7♠', '10♥', 'J♣', 'Q♦', 'K♠', 'A♥']);
    const letters: Record<string, string> = { 'honderden.rank-letter.J': 'B', 'honderden.rank-letter.Q': 'V', 'honderden.rank-letter.K': 'H' };
    const dutch: Translate = (key, params) => letters[key] ?? t(key, params);
    expect(['TH', 'JC', 'QD', 'KS', 'AH'].map((card) => cardText(dutch, card as Card))).toEqual(['10♥', 'B♣', 'V♦', 'H♠', 'A♥']);
  });
});

describe('Honderden status', () => {
  it('says whose turn it is and what lies in the trick', () => {
    const c = ctxFor(2);
    let s = honderden.setup({ seats: 2, seed: 'status', options: { target: 5 } });
    const leader = honderden.toAct(s)[0] as Seat;
    const trump = cardText(t, `A${s.trump}`).slice(1);
    expect(presenter.status(view(s, null), c)).toBe(`Hand 1 (game 1), trump ${trump}, trick 1 of 16: ${NAMES[leader]} leads.`);
    const card = (honderden.legalActions(s, leader).find((a) => a.type === 'play') as { card: Card }).card;
    s = honderden.apply(s, leader, { type: 'play', card });
    expect(presenter.status(view(s, null), c)).toBe(`Hand 1 (game 1), trump ${trump}, trick 1 of 16: ${NAMES[1 - leader]} to play (${NAMES[leader]} ${cardText(t, card)}).`);
    const over: HonderdenState = { ...s, phase: 'over', winner: 1, gamePoints: [2, 5] };
    expect(presenter.status(view(over, null), c)).toBe('The match is over: Bart won with 5 game points.');
  });
});

describe('Honderden endings', () => {
  /** A two-player match to 5 in which one player has won the first hand and 2 game points. */
  function oneHandWon(): HonderdenState {
    const s = honderden.setup({ seats: 2, seed: 'ending', options: { target: 5 } });
    // Whoever is to act first (as if he had won a worthless trick) claims wrongly: the other wins the hand, onder Jan.
    const first = honderden.toAct(s)[0] as Seat;
    return honderden.apply({ ...s, won: s.won.map((w, seat) => (seat === first ? ['7S'] : w)) }, first, { type: 'claim' });
  }

  it('says in every text that the last player left won because the other left, in both languages', () => {
    const s = oneHandWon();
    const winner = s.gamePoints.findIndex((p) => p > 0) as Seat;
    const leaver = (1 - winner) as Seat;
    const over = honderden.resign(s, leaver);
    const c = ctxFor(2);
    const [w, l] = [NAMES[winner], NAMES[leaver]];
    expect(presenter.describe(view(over, null).events, c)).toEqual([`${l} is out of the match. 🏆 **${w} wins the match** as the only player left.`]);
    expect(presenter.status(view(over, null), c)).toBe(`The match is over: ${w} won as the only player left.`);
    expect(presenter.panel(view(over, winner), [], c).text).toContain(`The match is over: ${w} won as the only player left. Final standings:`);
    expect(presenter.panel(view(over, leaver), [], c).text).toContain(`The match is over: ${w} won as the only player left.`);
    const nl = { ...c, t: translator('nl') };
    expect(presenter.describe(view(over, null).events, nl)).toEqual([`${l} doet niet meer mee. 🏆 **${w} wint de partij** als enige die nog meedoet.`]);
    expect(presenter.status(view(over, null), nl)).toBe(`De partij is afgelopen: ${w} heeft gewonnen als enige die nog meedeed.`);
    for (const text of [...presenter.describe(view(over, null).events, c), presenter.status(view(over, null), c)]) expect(text).not.toMatch(/with \d+ game points?/);
    // The final account: the winner's game points hand by hand (that the other left, the ranking line says).
    expect(presenter.breakdown?.(view(over, null), winner, c)).toBe('2 game points for hand 1 (onder Jan)');
    expect(presenter.breakdown?.(view(over, null), winner, nl)).toBe('2 spelpunten voor hand 1 (onder Jan)');
    expect(presenter.breakdown?.(view(over, null), leaver, c)).toBe('no hand won');
    expect(presenter.breakdown?.(view(over, null), leaver, nl)).toBe('geen hand gewonnen');
  });

  it('breaks each player\'s game points down by hand on a finished match: onder Jan, pit, roem won at once', () => {
    const c = ctxFor(3);
    const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: 5 })[0] as fc.Stream<number>;
    const s = play({ seats: 3, seed: 'account', target: 5, steps: 20000, picks, resigns: false });
    expect(honderden.isOver(s)).toBe(true);
    const v = view(s, null);
    for (let seat = 0; seat < 3; seat++) {
      const text = presenter.breakdown?.(v, seat, c) ?? '';
      // "2 game points for hand 3 (onder Jan) + 1 game point for 100 roem in hand 5": the numbers add up to the game points.
      const gained = text === 'no hand won' ? [] : text.split(' + ').map((part) => Number(/^(\d+) game points? for /.exec(part)?.[1]));
      expect(gained.reduce((a, b) => a + b, 0), text).toBe(s.gamePoints[seat]);
      for (const part of gained.length > 0 ? text.split(' + ') : []) expect(part).toMatch(/^\d+ game points? for (hand \d+( \((onder Jan|pit|onder Jan, pit)\))?|\d+ roem in hand \d+)$/);
    }
    // Hand by hand, in the order they were won.
    const awards = v.awards ?? [];
    expect(awards.map((a) => a.hand)).toEqual([...awards.map((a) => a.hand)].sort((a, b) => a - b));
    expect(presenter.breakdown?.({ ...v, awards: [{ seat: 0, hand: 2, gained: 3, reason: 'hand', onderJan: true, pit: true, roem: 0 }, { seat: 0, hand: 4, gained: 1, reason: 'roem', onderJan: false, pit: false, roem: 120 }], gamePoints: [4, 0, 0] }, 0, c)).toBe(
      '3 game points for hand 2 (onder Jan, pit) + 1 game point for 120 roem in hand 4',
    );
    // A game stored before the awards were kept has no account.
    expect(presenter.breakdown?.({ ...v, awards: null }, 0, c)).toBe('');
  });
});

describe('Honderden presenter basics', () => {
  it('offers matches to 5 (the default), 3 and 10 game points and a single game, for 2 or 3 players', () => {
    expect(presenter.variants.map((v) => v.value)).toEqual(['to-5', 'to-3', 'to-10', 'one-game']);
    for (const variant of presenter.variants) {
      const options = honderdenOptions.parse(variant.options);
      expect(presenter.variantOf(options)).toBe(variant);
      expect(t(variant.label)).not.toBe(variant.label);
      expect(t(variant.about)).not.toBe(variant.about);
    }
    expect(presenter.variantOf({})?.value).toBe('to-5');
    expect(presenter.variantOf({ target: 7 })).toBeUndefined();
    expect([honderden.minSeats, honderden.maxSeats]).toEqual([2, 3]);
    expect(presenter.colours(3)).toEqual(['blue', 'yellow', 'purple']);
    expect(t(presenter.score, { score: 3 })).toBe('3 game points');
  });

  it('has /rules in sections along the game\'s parts, in both languages, each fitting an embed', () => {
    const titles = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const en = t('rules.honderden');
    const nl = translator('nl')('rules.honderden');
    expect(titles(en)).toEqual(['Cards and tricks', 'Two players', 'Three players', 'Roem', 'Stuk and "ik dek"', 'Scoring', 'How the bot decides unclear cases']);
    expect(titles(nl)).toEqual(['Kaarten en slagen', 'Twee spelers', 'Drie spelers', 'Roem', 'Stuk en "ik dek"', 'Punten', 'Zo beslist de bot in twijfelgevallen']);
    for (const text of [en, nl]) {
      // The opening paragraph, then the sections; the whole still fits one embed.
      expect(text.length).toBeLessThanOrEqual(4096);
      expect(text.split(/^## /m)[0]?.trim().length).toBeGreaterThan(50);
    }
    const rules = en;
    for (const term of ['**Jas**', '**Nel**', '**Stuk**', '"Ik dek"', '**onder Jan**', '**pit**', 'dat keur ik af', '**reject**']) expect(rules).toContain(term);
    for (const decision of [
      'How the bot decides unclear cases',
      'first dealer is random',
      'before anything else',
      'One roem statement each',
      'best against best',
      'carré counts as trump',
      'spent on its won hand',
      'own turn only',
      'never a pit',
      'two-player rules',
      'never shows running points',
      'asks you to confirm it first',
      'takes the hidden card unseen',
      'whoever gets the hidden card shows it',
      'is told after its third card',
      'may reject blind',
    ]) {
      expect(rules).toContain(decision);
    }
  });
});
