import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import {
  DECK_24,
  DECK_32,
  RANKS,
  SUITS,
  bestCombo,
  cardPoints,
  compareCombos,
  findCombos,
  honderden,
  honderdenOptions,
  legalPlays,
  mayBeat,
  sortHand,
  sumPoints,
  tableOf,
  trickWinnerIndex,
  versionOf,
  comboPoints,
  type Card,
  type Combo,
  type HonderdenAction,
  type HonderdenState,
  type RoemCategory,
} from './rules.js';
import { CLAIM, DONE, STUK, SWAP, carre, declare, handEnded, legal, ofType, play, plays, position, reject, roemSteps, run, seq, take } from './test-positions.js';

describe('Honderden: cards', () => {
  it('has a 32-card deck for two and a 24-card deck (9 to ace) for three', () => {
    expect(DECK_32).toHaveLength(32);
    expect(new Set(DECK_32).size).toBe(32);
    expect(DECK_24).toHaveLength(24);
    expect(DECK_24.some((c) => c[0] === '7' || c[0] === '8')).toBe(false);
  });

  it('counts Jas 20, Nel 14, A 11, 10 10, K 3, Q 2, other J 1, the rest nothing: 141 in either deck', () => {
    expect(cardPoints('JH', 'H')).toBe(20);
    expect(cardPoints('9H', 'H')).toBe(14);
    expect(cardPoints('JS', 'H')).toBe(1);
    expect(cardPoints('9S', 'H')).toBe(0);
    expect(cardPoints('AS', 'H')).toBe(11);
    expect(cardPoints('TC', 'H')).toBe(10);
    expect(cardPoints('KD', 'H')).toBe(3);
    expect(cardPoints('QD', 'H')).toBe(2);
    expect(cardPoints('8H', 'H')).toBe(0);
    for (const trump of SUITS) {
      expect(sumPoints(DECK_32, trump)).toBe(141);
      expect(sumPoints(DECK_24, trump)).toBe(141);
    }
  });

  it('wins a trick with the highest card of the led suit when nobody trumps: A K Q J 10 9 8 7', () => {
    expect(trickWinnerIndex(['KS', 'AS'], 'H')).toBe(1);
    expect(trickWinnerIndex(['JS', 'TS'], 'H')).toBe(0);
    expect(trickWinnerIndex(['9S', 'TS', '8S'], 'H')).toBe(1);
    // A higher card of another suit (not trump) does not win.
    expect(trickWinnerIndex(['7S', 'AC'], 'H')).toBe(0);
    expect(trickWinnerIndex(['7S', 'AC', 'AD'], 'H')).toBe(0);
  });

  it('in trump: J (Jas), 9 (Nel), A, K, Q, 10, 8, 7; any trump beats any plain card', () => {
    const order: Card[] = ['JH', '9H', 'AH', 'KH', 'QH', 'TH', '8H', '7H'];
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        expect(trickWinnerIndex([order[j] as Card, order[i] as Card], 'H')).toBe(1);
        expect(trickWinnerIndex([order[i] as Card, order[j] as Card], 'H')).toBe(0);
      }
    }
    expect(trickWinnerIndex(['AS', '7H'], 'H')).toBe(1);
    expect(trickWinnerIndex(['AS', '7H', '8H'], 'H')).toBe(2);
    expect(trickWinnerIndex(['7H', 'AS', 'AC'], 'H')).toBe(0);
  });

  it('sorts a hand by suit, then highest first (trump in trump order)', () => {
    expect(sortHand(['7S', 'AH', 'JH', 'TS', '9H', 'KD'], 'H')).toEqual(['TS', '7S', 'JH', '9H', 'AH', 'KD']);
  });
});

describe('Honderden: which cards may be played', () => {
  const hand: Card[] = ['KS', '7H', 'AC'];
  it('without the duty (two players, stock not empty) anything goes', () => {
    expect(legalPlays(hand, 'S', 'H', false)).toEqual(hand);
  });
  it('with the duty: follow suit or trump (both always allowed)', () => {
    expect(legalPlays(hand, 'S', 'H', true)).toEqual(['KS', '7H']);
  });
  it('unable to follow: anything, trump or not', () => {
    expect(legalPlays(hand, 'D', 'H', true)).toEqual(hand);
  });
  it('trump led: trump if you can, but never a duty to over-trump', () => {
    expect(legalPlays(hand, 'H', 'H', true)).toEqual(['7H']);
    expect(legalPlays(['JH', '7H', 'AS'], 'H', 'H', true)).toEqual(['JH', '7H']);
    expect(legalPlays(['AS', 'KC'], 'H', 'H', true)).toEqual(['AS', 'KC']);
  });
  it('the leader plays anything', () => {
    expect(legalPlays(hand, null, 'H', true)).toEqual(hand);
  });
});

describe('Honderden: roem combinations', () => {
  it('finds carrés (A, K, Q, J, 10 only) and sequences in the order A K Q J 10 9 8 7', () => {
    const combos = findCombos(['9S', '9H', '9C', '9D', 'JS', 'TS', '8S', '7S', 'AC', 'KC', 'QC', 'JC']);
    expect(combos.map((c) => (c.kind === 'carre' ? `carre ${c.rank}` : `${c.length} on ${c.top}${c.suit}`))).toEqual([
      '5 on JS',
      '4 on AC',
    ]);
    expect(findCombos(['AS', 'AH', 'AC', 'AD']).map((c) => c.kind)).toEqual(['carre']);
  });

  it('finds two separate runs in one suit, and lets a card serve a carré and a sequence', () => {
    const runs = findCombos(['AS', 'KS', 'QS', '9S', '8S', '7S']);
    expect(runs).toMatchObject([
      { kind: 'sequence', suit: 'S', top: 'A', length: 3 },
      { kind: 'sequence', suit: 'S', top: '9', length: 3 },
    ]);
    const both = findCombos(['AS', 'AH', 'AC', 'AD', 'KS', 'QS']);
    expect(both).toMatchObject([{ kind: 'carre', rank: 'A' }, { kind: 'sequence', suit: 'S', top: 'A', length: 3 }]);
  });

  it('scores carré 100, carré of jacks 200, sequences of 3, 4, 5 and more 20, 50, 100', () => {
    const [aces] = findCombos(['AS', 'AH', 'AC', 'AD']);
    const [jacks] = findCombos(['JS', 'JH', 'JC', 'JD']);
    expect(comboPoints(aces as Combo)).toBe(100);
    expect(comboPoints(jacks as Combo)).toBe(200);
    const spades: Card[] = ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '7S'];
    const runOf = (n: number) => findCombos(spades.slice(0, n))[0] as Combo;
    expect([3, 4, 5, 6, 8].map((n) => comboPoints(runOf(n)))).toEqual([20, 50, 100, 100, 100]);
  });

  const one = (cards: Card[]) => findCombos(cards)[0] as Combo;
  const jacks = one(['JS', 'JH', 'JC', 'JD']);
  const queens = one(['QS', 'QH', 'QC', 'QD']);
  const aces = one(['AS', 'AH', 'AC', 'AD']);
  const fiveOnJack = one(['9C', '8C', '7C', 'TC', 'JC']);
  const threeOnAce = one(['AS', 'KS', 'QS']);
  const fourOnAceClubs = one(['AC', 'KC', 'QC', 'JC']);
  const fourOnAceTrump = one(['AH', 'KH', 'QH', 'JH']);
  const kqjSpades = one(['KS', 'QS', 'JS']);
  const kqjClubs = one(['KC', 'QC', 'JC']);
  const kqjTrump = one(['KH', 'QH', 'JH']);

  it('compares by the number of cards first: a sequence of 5 beats a carré, a carré beats a sequence of 3', () => {
    expect(compareCombos(fiveOnJack, 1, aces, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(queens, 1, threeOnAce, 0, 'H')).toBeGreaterThan(0);
  });

  it('then by the highest card: a carré of queens (100) beats a carré of jacks (200)', () => {
    expect(compareCombos(queens, 1, jacks, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(jacks, 0, queens, 1, 'H')).toBeLessThan(0);
  });

  it('then trump, then the leader (earlier in the trick); a carré counts as trump', () => {
    expect(compareCombos(kqjTrump, 1, kqjSpades, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(kqjClubs, 1, kqjSpades, 0, 'H')).toBeLessThan(0);
    expect(compareCombos(kqjSpades, 0, kqjClubs, 1, 'H')).toBeGreaterThan(0);
    expect(compareCombos(aces, 1, fourOnAceClubs, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(aces, 1, fourOnAceTrump, 0, 'H')).toBeLessThan(0);
    expect(compareCombos(aces, 0, fourOnAceTrump, 1, 'H')).toBeGreaterThan(0);
  });

  it('the best of several combinations is the highest in that order', () => {
    expect(bestCombo([threeOnAce, jacks, kqjTrump], 'H')).toBe(jacks);
    expect(bestCombo([kqjSpades, kqjTrump], 'H')).toBe(kqjTrump);
  });

  it('a rejection is possible when the combination beats some roem of the announced (vague) category', () => {
    expect(mayBeat(queens, 1, { kind: 'carre' }, 0, 'H')).toBe(true); // it beats carrés of jacks and tens
    expect(mayBeat(one(['TS', 'TH', 'TC', 'TD']), 1, { kind: 'carre' }, 0, 'H')).toBe(false);
    expect(mayBeat(kqjTrump, 1, seq(3, 'K'), 0, 'H')).toBe(true);
    expect(mayBeat(kqjClubs, 1, seq(3, 'K'), 0, 'H')).toBe(false);
    expect(mayBeat(kqjClubs, 0, seq(3, 'K'), 1, 'H')).toBe(true);
    expect(mayBeat(threeOnAce, 1, seq(4, '7'), 0, 'H')).toBe(false);
    expect(mayBeat(fiveOnJack, 1, { kind: 'carre' }, 0, 'H')).toBe(true);
  });
});

describe('Honderden: options and setup', () => {
  it('defaults to 5 game points, and takes 2 or 3 seats', () => {
    expect(honderdenOptions.parse({})).toEqual({ target: 5 });
    expect(() => honderdenOptions.parse({ target: 0 })).toThrow();
    expect(honderden.setup({ seats: 2, seed: 'x', options: {} as { target: number } }).target).toBe(5);
    expect(honderden.id).toBe('honderden');
    expect(honderden.rulesVersion).toBe(3);
    expect(honderden.setup({ seats: 2, seed: 'x', options: { target: 5 } }).rules).toBe(3);
    expect(honderden.setup({ seats: 2, seed: 'x', options: { target: 5 }, rulesVersion: 1 }).rules).toBe(1);
    expect([honderden.minSeats, honderden.maxSeats]).toEqual([2, 3]);
    expect(() => honderden.setup({ seats: 1, seed: 'x', options: { target: 5 } })).toThrow(RangeError);
    expect(() => honderden.setup({ seats: 4, seed: 'x', options: { target: 5 } })).toThrow(RangeError);
  });

  it('two players: 9 each, 13 hidden in the stock, the turned card open under it sets trump; the other leads', () => {
    const s = honderden.setup({ seats: 2, seed: 'deal', options: { target: 5 } });
    expect(tableOf(s)).toBe('two');
    expect(s.hands.map((h) => h.length)).toEqual([9, 9]);
    expect(s.stock).toHaveLength(13);
    expect(s.trumpCard).toBe(s.turnedUp);
    expect(s.trump).toBe(s.turnedUp[1]);
    expect(new Set([...s.hands.flat(), ...s.stock, s.trumpCard]).size).toBe(32);
    expect(honderden.toAct(s)).toEqual([1 - s.dealer]);
    const v = honderden.view(s, null);
    expect(v.stockSize).toBe(13);
    expect(v.trumpCard).toBe(s.turnedUp);
    expect(v.hand).toBeNull();
    expect(v.handSizes).toEqual([9, 9]);
    expect(ofType(s.events, 'handDealt')).toMatchObject([{ dealer: s.dealer, leader: 1 - s.dealer, trump: s.trump, rules: 'two' }]);
  });

  it('the first dealer is drawn from the seed', () => {
    const dealers = new Set(Array.from({ length: 20 }, (_, i) => honderden.setup({ seats: 2, seed: `d${i}`, options: { target: 5 } }).dealer));
    expect(dealers).toEqual(new Set([0, 1]));
  });

  it('a seat sees its own hand sorted, and only the sizes of other hands and of the stock', () => {
    const s = honderden.setup({ seats: 2, seed: 'view', options: { target: 5 } });
    const v = honderden.view(s, 0);
    expect(v.hand).toEqual(sortHand(s.hands[0] as Card[], s.trump));
    const text = JSON.stringify(v);
    for (const card of [...(s.hands[1] as Card[]), ...s.stock]) expect(text).not.toContain(`"${card}"`);
    expect(text).not.toContain('rng');
  });
});

describe('Honderden: part one (two players, stock not empty)', () => {
  const base = () =>
    position({
      hands: [['AS', '7C'], ['KS', '8C', '9D']],
      trump: 'H',
      trumpCard: 'TH',
      stock: ['9C', '8D', 'QD'],
      tricksPlayed: 2,
    });

  it('no duty to follow; the winner draws first, then the other; a drawn card is seen only by its drawer', () => {
    const s0 = base();
    const led = honderden.apply(s0, 0, play('AS'));
    expect(plays(led, 1)).toEqual(['KS', '8C', '9D']);
    const { s, events } = run(led, [1, play('8C')]);
    expect(ofType(events, 'trickWon')).toMatchObject([{ seat: 0, plays: [{ seat: 0, card: 'AS' }, { seat: 1, card: '8C' }] }]);
    expect(s.hands[0]).toEqual(['7C', 'QD']);
    expect(s.hands[1]).toEqual(['KS', '9D', '8D']);
    expect(s.stock).toEqual(['9C']);
    expect(honderden.toAct(s)).toEqual([0]);
    const drewIn = (viewer: Seat | null) => ofType(honderden.view(s, viewer).events, 'drew');
    expect(drewIn(0)).toEqual([{ type: 'drew', seat: 0, card: 'QD' }, { type: 'drew', seat: 1, card: null }]);
    expect(drewIn(1)).toEqual([{ type: 'drew', seat: 0, card: null }, { type: 'drew', seat: 1, card: '8D' }]);
    expect(drewIn(null)).toEqual([{ type: 'drew', seat: 0, card: null }, { type: 'drew', seat: 1, card: null }]);
    expect(honderden.view(s, 1).lastTrick).toMatchObject({ winner: 0, plays: [{ card: 'AS' }, { card: '8C' }] });
  });

  it('a trump wins and its player draws first and leads', () => {
    const s0 = position({ hands: [['AS', '7C'], ['7H', '8C']], trump: 'H', trumpCard: 'TH', stock: ['9C', '8D', 'QD'], tricksPlayed: 2 });
    const { s } = run(s0, [0, play('AS')], [1, play('7H')]);
    expect(s.tricksWon).toEqual([0, 1]);
    expect(s.hands[1]).toContain('QD');
    expect(honderden.toAct(s)).toEqual([1]);
  });

  // The last draw as games opened under version 1 play it (version 2: last-draw.test.ts).
  it('version 1: with one hidden card left beside the open trump card, the hidden card is shown and the winner chooses', () => {
    const s0 = position({ hands: [['AS', 'KC'], ['7S', 'QD']], trump: 'H', trumpCard: 'TH', stock: ['9C'], tricksPlayed: 6, version: 1 });
    const { s, events } = run(s0, [0, play('AS')], [1, play('7S')]);
    expect(s.phase).toBe('chooseLast');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([take('9C'), take('TH')]);
    expect(legal(s, 1)).toEqual([]);
    expect(ofType(events, 'hiddenShown')).toEqual([{ type: 'hiddenShown', card: '9C', open: 'TH', chooser: 0 }]);
    for (const viewer of [0, 1, null]) {
      expect(honderden.view(s, viewer).lastChoice).toEqual({ hidden: '9C', open: 'TH' });
      expect(ofType(honderden.view(s, viewer).events, 'hiddenShown')).toHaveLength(1);
    }
    const after = run(s, [0, take('TH')]);
    expect(after.s.hands[0]).toEqual(['KC', 'TH']);
    expect(after.s.hands[1]).toEqual(['QD', '9C']);
    expect(after.s.trumpCard).toBeNull();
    expect(after.s.stock).toEqual([]);
    expect(ofType(after.events, 'took')).toEqual([
      { type: 'took', seat: 0, card: 'TH', hidden: false },
      { type: 'took', seat: 1, card: '9C', hidden: true },
    ]);
    const v = honderden.view(after.s, null);
    expect(v.knownCards).toEqual([['TH'], ['9C']]);
    expect(v.dutyToFollow).toBe(true);
    expect(v.stockSize).toBe(0);
    expect(honderden.toAct(after.s)).toEqual([0]);
  });

  it('version 1: the winner may also take the hidden card; the other gets the open one', () => {
    const s0 = position({ hands: [['AS', 'KC'], ['7S', 'QD']], trump: 'H', trumpCard: '7H', stock: ['9C'], tricksPlayed: 6, version: 1 });
    const { s } = run(s0, [0, play('AS')], [1, play('7S')], [0, take('9C')]);
    expect(s.hands[0]).toEqual(['KC', '9C']);
    expect(s.hands[1]).toEqual(['QD', '7H']);
  });
});

describe('Honderden: part two (stock empty)', () => {
  it('follow suit or trump; unable to follow, anything', () => {
    const s0 = position({ hands: [['AS', 'AD'], ['KS', '7H', 'AC']], trump: 'H' });
    expect(plays(honderden.apply(s0, 0, play('AS')), 1)).toEqual(['KS', '7H']);
    expect(plays(honderden.apply(s0, 0, play('AD')), 1)).toEqual(['KS', '7H', 'AC']);
  });

  it('trump led: trump if you can, low or high', () => {
    const s0 = position({ hands: [['9H', 'AD'], ['JH', '7H', 'AS']], trump: 'H' });
    expect(plays(honderden.apply(s0, 0, play('9H')), 1)).toEqual(['JH', '7H']);
  });

  it('a trick won by a trump against the led ace', () => {
    const s0 = position({ hands: [['AS', 'AD'], ['7H', 'AC']], trump: 'H' });
    const { s } = run(s0, [0, play('AD')], [1, play('7H')]);
    expect(s.tricksWon).toEqual([0, 1]);
    expect(honderden.toAct(s)).toEqual([1]);
  });
});

describe('Honderden: the trump 7', () => {
  const s0 = () =>
    position({
      hands: [['7H', 'KH', 'QH', 'AS'], ['8S', '9S', 'TS', 'JS']],
      trump: 'H',
      trumpCard: 'AH',
      tricksPlayed: 2,
    });

  it('its holder may swap it for the open trump card on his own turn, before playing', () => {
    const s = s0();
    expect(legal(s, 0)).toContainEqual(SWAP);
    expect(legal(s, 1)).toEqual([]);
    const { s: swapped, events } = run(s, [0, SWAP]);
    expect(swapped.hands[0]).toEqual(['KH', 'QH', 'AS', 'AH']);
    expect(swapped.trumpCard).toBe('7H');
    expect(events).toEqual([{ type: 'swapped', seat: 0, took: 'AH', gave: '7H' }]);
    expect(honderden.view(swapped, 1).knownCards[0]).toEqual(['AH']);
    expect(legal(swapped, 0)).not.toContainEqual(SWAP);
    expect(honderden.toAct(swapped)).toEqual([0]);
  });

  it('a trump 7 known to be in his hand (shown in roem) is no longer shown there once swapped away', () => {
    const known: HonderdenState = { ...s0(), known: [['7H', 'KH', 'QH'], []] };
    const { s: swapped } = run(known, [0, SWAP]);
    expect(honderden.view(swapped, 1).knownCards[0]).toEqual(['AH', 'KH', 'QH']);
    // Games opened under version 1 keep their old view.
    const old = run({ ...known, rules: 1 } as HonderdenState, [0, SWAP]).s;
    expect(honderden.view(old, 1).knownCards[0]).toContain('7H');
  });

  it('is the first step of a turn: not after stuk in the same turn; not once the stock is gone', () => {
    const stuk = honderden.apply(s0(), 0, STUK);
    expect(legal(stuk, 0)).not.toContainEqual(SWAP);
    const partTwo = position({ hands: [['7H', 'AS'], ['8S', '9S']], trump: 'H' });
    expect(legal(partTwo, 0)).not.toContainEqual(SWAP);
  });

  it('may be swapped in the roem trick, and by the follower', () => {
    const s = position({ hands: [['8S', 'AS'], ['7H', '9S']], trump: 'H', trumpCard: 'KH', tricksPlayed: 0 });
    const led = honderden.apply(s, 0, play('8S'));
    expect(legal(led, 1)).toContainEqual(SWAP);
  });
});

describe('Honderden: roem in the first trick (two players)', () => {
  // Trump is hearts throughout; the open trump card is the ten of hearts.
  const roemTrick = (leader: Card[], follower: Card[], extra: Partial<Parameters<typeof position>[0]> = {}) =>
    position({ hands: [leader, follower], trump: 'H', trumpCard: 'TH', tricksPlayed: 0, ...extra });

  it('a carré of queens rejects a carré of jacks: equal count, higher card', () => {
    const s0 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S', '8S', '7C', '8D', '9D'], ['QS', 'QH', 'QC', 'QD', '7D', 'TC', '9S', 'AC', '8H']);
    expect(roemSteps(s0, 0)).toEqual([declare(carre)]);
    const declared = run(s0, [0, declare(carre)]);
    expect(declared.events).toEqual([{ type: 'declared', seat: 0, roem: carre }]);
    // Vague: the others see the category, not the cards.
    const before = honderden.view(declared.s, 1);
    expect(before.roem).toEqual([{ seat: 0, kind: 'declare', of: null, categories: [carre], status: 'standing', combos: null, points: null }]);
    const led = run(declared.s, [0, play('7S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(carre)]);
    const rejecting = run(led, [1, reject(carre)]);
    expect(rejecting.events).toEqual([{ type: 'rejecting', seat: 1, of: 0, roem: carre }]);
    expect(rejecting.s.statements[1]?.status).toBe('pending');
    const { s, events } = run(rejecting.s, [1, play('7D')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: true }]);
    const shown = ofType(events, 'roemShown')[0];
    expect(shown?.statements.map((st) => [st.seat, st.status, st.points])).toEqual([
      [0, 'rejected', 200],
      [1, 'hundred', 100],
    ]);
    // A carré is 100 at once: a won hand straight away, and the hand goes on.
    expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 1, points: 100 }]);
    expect(s.gamePoints).toEqual([0, 1]);
    expect(s.roem).toEqual([0, 0]);
    expect(s.phase).toBe('play');
    expect(s.hand).toBe(1);
    const after = honderden.view(s, null);
    expect(after.roem[1]?.combos?.[0]?.cards).toEqual(['QS', 'QH', 'QC', 'QD']);
    expect(after.knownCards[0]).toEqual(sortHand(['JS', 'JH', 'JC', 'JD'], 'H'));
    expect(after.roemTrick).toBe(false);
  });

  it('a carré of jacks cannot be rejected by a carré of tens (it stands: 200 at once)', () => {
    const s0 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S'], ['TS', 'TC', 'TD', 'AH', '8S'], { stock: ['9S', '9C', '9D', '8C'], trumpCard: 'KH' });
    // Only three tens: no combination at all. Give the follower the fourth ten instead of AH.
    const s1 = roemTrick(['JS', 'JH', 'JC', 'JD', '7S'], ['TS', 'TC', 'TD', 'TH', '8S'], { stock: ['9S', '9C', '9D', '8C'], trumpCard: 'KH' });
    for (const s of [s0, s1]) {
      const led = run(s, [0, declare(carre)], [0, play('7S')]).s;
      expect(roemSteps(led, 1)).toEqual([]);
      const { s: after, events } = run(led, [1, play('8S')]);
      expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 0, points: 200 }]);
      expect(after.gamePoints).toEqual([1, 0]);
    }
  });

  it('a failed rejection: a carré of kings against a carré of aces counts nothing; the aces stand', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7S'], ['KS', 'KH', 'KC', 'KD', '8S'], { stock: ['9S', '9C', '9D', '8C'] });
    const led = run(s0, [0, declare(carre)], [0, play('7S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(carre)]);
    const { s, events } = run(led, [1, reject(carre)], [1, play('8S')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: false }]);
    expect(s.statements.map((st) => st.status)).toEqual(['hundred', 'failed']);
    expect(s.gamePoints).toEqual([1, 0]);
  });

  it('a sequence of 5 rejects a carré; a carré rejects a sequence of 3', () => {
    const five = roemTrick(['KS', 'KH', 'KC', 'KD', '8S'], ['7C', '8C', '9C', 'TC', 'JC', '9S'], { stock: ['AS', 'AD', 'QD', 'QS'] });
    const led = run(five, [0, declare(carre)], [0, play('8S')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(5, 'J'))]);
    const r1 = run(led, [1, reject(seq(5, 'J'))], [1, play('9S')]);
    expect(ofType(r1.events, 'rejection')).toMatchObject([{ success: true }]);
    expect(r1.s.gamePoints).toEqual([0, 1]);

    const three = roemTrick(['QS', 'JS', 'TS', '7D', '8D'], ['AS', 'AH', 'AC', 'AD', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    expect(roemSteps(three, 0)).toEqual([declare(seq(3, 'Q'))]);
    const led3 = run(three, [0, declare(seq(3, 'Q'))], [0, play('7D')]).s;
    expect(roemSteps(led3, 1)).toEqual([reject(carre)]);
    const r3 = run(led3, [1, reject(carre)], [1, play('7C')]);
    expect(r3.s.statements.map((st) => st.status)).toEqual(['rejected', 'hundred']);
    expect(r3.s.roem).toEqual([0, 0]);
  });

  it('equal roem goes to trump, then to the leader', () => {
    // The follower's trump sequence beats the leader's equal plain one.
    const trumpWins = roemTrick(['KS', 'QS', 'JS', '7D'], ['KH', 'QH', 'JH', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    const led = run(trumpWins, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(3, 'K'))]);
    const r = run(led, [1, reject(seq(3, 'K'))], [1, play('7C')]);
    expect(r.s.statements.map((st) => st.status)).toEqual(['rejected', 'counted']);
    expect(r.s.roem).toEqual([0, 20]);
    expect(honderden.view(r.s, 0).roemPoints).toEqual([0, 20]);

    // The leader's trump sequence: the follower's equal plain one cannot reject it.
    const leaderTrump = roemTrick(['KH', 'QH', 'JH', '7D'], ['KS', 'QS', 'JS', '7C'], { stock: ['9S', '9C', '9D', '8C'] });
    expect(roemSteps(run(leaderTrump, [0, declare(seq(3, 'K'))], [0, play('7D')]).s, 1)).toEqual([]);

    // Neither in trump: the leader's stands.
    const plain = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const plainLed = run(plain, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(plainLed, 1)).toEqual([]);
    expect(run(plainLed, [1, play('7C')]).s.roem).toEqual([20, 0]);
  });

  it('if the leader declares nothing, the follower may declare and the leader may reject it after the trick', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const silent = run(s0, [0, play('7D')]).s;
    expect(roemSteps(silent, 1)).toEqual([declare(seq(3, 'K'))]);
    const { s, events } = run(silent, [1, declare(seq(3, 'K'))], [1, play('7C')]);
    expect(ofType(events, 'trickWon')).toHaveLength(1);
    expect(ofType(events, 'roemShown')).toEqual([]);
    expect(ofType(events, 'drew')).toEqual([]);
    expect(s.phase).toBe('roemAnswer');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([reject(seq(3, 'K')), DONE]);
    expect(legal(s, 1)).toEqual([]);
    const answered = run(s, [0, reject(seq(3, 'K'))]);
    expect(answered.s.phase).toBe('roemAnswer');
    expect(legal(answered.s, 0)).toEqual([DONE]);
    const done = run(answered.s, [0, DONE]);
    expect(ofType(done.events, 'rejection')).toEqual([{ type: 'rejection', seat: 0, of: 1, success: true }]);
    expect(done.s.roem).toEqual([20, 0]);
    expect(done.s.phase).toBe('play');
    // Then the draws; the trick's winner (the leader: 7D was led, 7C is another suit) leads.
    expect(ofType(done.events, 'drew')).toHaveLength(2);
    expect(honderden.toAct(done.s)).toEqual([0]);
  });

  it('the leader may let the follower\'s declaration stand, and is asked even with nothing to reject with', () => {
    const s0 = roemTrick(['7D', '8S'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    const { s } = run(s0, [0, play('7D')], [1, declare(seq(3, 'K'))], [1, play('7C')]);
    expect(legal(s, 0)).toEqual([DONE]);
    const done = run(s, [0, DONE]);
    expect(ofType(done.events, 'noRejection')).toEqual([{ type: 'noRejection', seat: 0 }]);
    expect(done.s.roem).toEqual([0, 20]);
    expect(done.s.statements[0]?.status).toBe('counted');
  });

  it('once the leader has declared, the follower can only reject, not declare lower roem of his own', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', 'TS', '7D'], ['9C', '8C', '7C', 'AD'], { stock: ['9S', '9H', '9D', '8D'] });
    const led = run(s0, [0, declare(seq(4, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([]);
    expect(run(led, [1, play('AD')]).s.roem).toEqual([50, 0]);
  });

  it('several combinations at once, never two sequences in one suit; a category takes the best that fits', () => {
    // Trump clubs: "3 on the ace" fits spades and clubs; the trump one is taken first.
    const s0 = position({
      hands: [['AS', 'KS', 'QS', '9S', '8S', '7S', 'AC', 'KC', 'QC'], ['7D', '8D', 'AD']],
      trump: 'C',
      trumpCard: 'TC',
      tricksPlayed: 0,
    });
    expect(roemSteps(s0, 0)).toEqual([declare(seq(3, 'A')), declare(seq(3, '9'))]);
    const first = run(s0, [0, declare(seq(3, 'A'))]).s;
    expect(first.statements[0]?.combos[0]).toMatchObject({ suit: 'C' });
    expect(roemSteps(first, 0)).toEqual([declare(seq(3, 'A')), declare(seq(3, '9'))]);
    const second = run(first, [0, declare(seq(3, '9'))]).s;
    // Spades now has a sequence: neither spade run can be added any more.
    expect(roemSteps(second, 0)).toEqual([]);
    const { s } = run(second, [0, play('9S')], [1, play('7D')]);
    expect(s.roem).toEqual([40, 0]);
    expect(s.statements[0]?.categories).toEqual([seq(3, 'A'), seq(3, '9')]);
  });

  it('a card may serve a carré and a sequence in one declaration (120 at once)', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', 'KS', 'QS', '7D'], ['8D', '9D'], { stock: ['8S', '9S', '7C', '8C'] });
    expect(roemSteps(s0, 0)).toEqual([declare(carre), declare(seq(3, 'A'))]);
    const { s, events } = run(s0, [0, declare(carre)], [0, declare(seq(3, 'A'))], [0, play('AS')], [1, play('8D')]);
    expect(ofType(events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 0, points: 120 }]);
    expect(s.gamePoints).toEqual([1, 0]);
    expect(s.roem).toEqual([0, 0]);
  });

  it('the 100 at once can end the match at once', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7D'], ['8D', '9D'], { stock: ['8S', '9S', '7C', '8C'], target: 1 });
    const { s, events } = run(s0, [0, declare(carre)], [0, play('7D')], [1, play('8D')]);
    expect(honderden.isOver(s)).toBe(true);
    expect(ofType(events, 'matchOver')).toEqual([{ type: 'matchOver', winner: 0, reason: 'target' }]);
    expect(honderden.result(s)).toEqual({ scores: [1, 0], ranking: [[0], [1]] });
  });

  it('the roem of a won-at-once hand is spent: a later claim does not count it', () => {
    const s0 = roemTrick(['AS', 'AH', 'AC', 'AD', '7D', '8C'], ['8D', '9D', '7C'], { stock: ['8S', '9S', '7S', '9C'] });
    const { s } = run(s0, [0, declare(carre)], [0, play('7D')], [1, play('7C')]);
    expect(s.gamePoints).toEqual([1, 0]);
    const claimed = run(s, [0, CLAIM]);
    expect(ofType(claimed.events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 0, right: false }]);
    expect(handEnded(claimed.events).points[0]).toMatchObject({ roem: 0, total: 0 });
    expect(claimed.s.gamePoints).toEqual([1, 2]);
  });

  it('a rejecter may add further combinations; all of them count when the rejection succeeds', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['AC', 'KC', 'QC', 'JC', '9H', '8H', '7H'], { stock: ['9S', '9C', 'AD', '8C'] });
    const led = run(s0, [0, declare(seq(3, 'K'))], [0, play('7D')]).s;
    expect(roemSteps(led, 1)).toEqual([reject(seq(4, 'A'))]);
    const rejecting = run(led, [1, reject(seq(4, 'A'))]).s;
    expect(roemSteps(rejecting, 1)).toEqual([declare(seq(3, '9'))]);
    const { s, events } = run(rejecting, [1, declare(seq(3, '9'))], [1, play('7H')]);
    expect(ofType(events, 'rejection')).toMatchObject([{ success: true }]);
    expect(s.roem).toEqual([0, 70]);
    expect(s.statements[1]?.combos.map((c) => c.cards)).toEqual([
      ['AC', 'KC', 'QC', 'JC'],
      ['9H', '8H', '7H'],
    ]);
    expect(s.statements[1]?.categories).toEqual([seq(4, 'A'), seq(3, '9')]);
  });

  it('refuses steps that are not offered', () => {
    const s0 = roemTrick(['KS', 'QS', 'JS', '7D'], ['KC', 'QC', 'JC', '7C'], { stock: ['9S', '9H', '9D', '8C'] });
    expect(() => honderden.apply(s0, 0, declare(carre))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, declare(seq(4, 'K')))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, reject(seq(3, 'K')))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, play('KC'))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 1, play('KC'))).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, DONE)).toThrow(IllegalAction);
    expect(() => honderden.apply(s0, 0, take('9S'))).toThrow(IllegalAction);
    for (const seat of [-1, 2, 0.5, Number.NaN]) expect(honderden.legalActions(s0, seat)).toEqual([]);
  });

  it('roem is only declared in the first trick', () => {
    const later = position({ hands: [['AS', 'AH', 'AC', 'AD', 'KS', 'QS'], ['8D', '9D']], trump: 'H', trumpCard: 'TH', tricksPlayed: 1 });
    expect(roemSteps(later, 0)).toEqual([]);
  });
});

describe('Honderden: stuk', () => {
  it('trump king and queen: declared when playing any card in any trick, 20 points, once, never rejected', () => {
    const s0 = position({ hands: [['KH', 'QH', 'AS'], ['7S', '8S', '9S']], trump: 'H', trumpCard: 'TH', tricksPlayed: 4 });
    expect(legal(s0, 0)).toContainEqual(STUK);
    const { s, events } = run(s0, [0, STUK], [0, play('KH')]);
    expect(events[0]).toEqual({ type: 'stuk', seat: 0, cards: ['KH', 'QH'] });
    expect(s.stuk).toEqual([true, false]);
    expect(honderden.view(s, 1).knownCards[0]).toEqual(['QH']);
    expect(honderden.view(s, 1).stuk).toEqual([true, false]);
    // Not again, and not with one of the two cards.
    const next = run(s, [1, play('7S')]).s;
    expect(legal(next, 0)).not.toContainEqual(STUK);
    expect(legal(position({ hands: [['KH', 'AS'], ['7S']], trump: 'H' }), 0)).not.toContainEqual(STUK);
  });

  it('may be declared by the follower, and in the roem trick next to roem', () => {
    const s0 = position({ hands: [['7S', '8S'], ['KH', 'QH', 'JH', '9S']], trump: 'H', trumpCard: 'TH', tricksPlayed: 0 });
    const led = honderden.apply(s0, 0, play('7S'));
    expect(legal(led, 1)).toEqual(expect.arrayContaining([STUK, declare(seq(3, 'K'))]));
    const { s } = run(led, [1, declare(seq(3, 'K'))], [1, STUK], [1, play('9S')], [0, DONE]);
    expect(s.stuk).toEqual([false, true]);
    expect(s.roem).toEqual([0, 20]);
  });
});

describe('Honderden: claims ("ik dek"), two players', () => {
  // Trump hearts: 20 + 14 + 11 + 11 + 11 + 10 + 10 = 87 in won cards.
  const rich: Card[] = ['JH', '9H', 'AS', 'AC', 'AD', 'TS', 'TC'];
  const claimPosition = (carried = [0, 0]) =>
    position({
      hands: [['KH', 'QH', '7S'], ['8S', '9S', '7C']],
      trump: 'H',
      trumpCard: 'TH',
      won: [rich, ['7D', '8D']],
      tricksWon: [4, 1],
      tricksPlayed: 5,
      carried,
      dealer: 1,
    });

  it('may claim at any step of one\'s own turn', () => {
    const s = claimPosition();
    expect(legal(s, 0)).toContainEqual(CLAIM);
    expect(legal(s, 1)).toEqual([]);
    expect(legal(honderden.apply(s, 0, STUK), 0)).toContainEqual(CLAIM);
  });

  it('right (100 or more) wins the hand: 1 game point, +1 with the loser under 50 (onder Jan)', () => {
    const { s, events } = run(claimPosition(), [0, STUK], [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 107, right: true }]);
    const result = handEnded(events);
    expect(result).toMatchObject({ ending: 'claim', claimer: 0, winner: 0, gamePoints: 2, onderJan: true, pit: false, next: 'newGame' });
    expect(result.points[0]).toEqual({ carried: 0, cards: 87, roem: 0, stuk: 20, lastTrick: 0, total: 107 });
    expect(result.points[1]).toMatchObject({ total: 0 });
    expect(s.gamePoints).toEqual([2, 0]);
    // A new game: points from nothing, the next dealer.
    expect(s.game).toBe(2);
    expect(s.carried).toEqual([0, 0]);
    expect(s.dealer).toBe(0);
    expect(ofType(events, 'handDealt')).toMatchObject([{ dealer: 0, leader: 1, game: 2, handInGame: 1 }]);
    expect(honderden.view(s, null).lastResult).toEqual(result);
  });

  it('wrong (under 100) gives the hand to the opponent; onder Jan judged on the claimer', () => {
    const { s, events } = run(claimPosition(), [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 87, right: false }]);
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', claimer: 0, winner: 1, gamePoints: 1, onderJan: false });
    expect(s.gamePoints).toEqual([0, 1]);
    const poor = run(position({ hands: [['7S'], ['8S']], trump: 'H', won: [['AS'], []] }), [0, CLAIM]);
    expect(handEnded(poor.events)).toMatchObject({ winner: 1, gamePoints: 2, onderJan: true });
  });

  it('counts points carried from earlier hands of the game', () => {
    const { events } = run(claimPosition([15, 40]), [0, CLAIM]);
    expect(handEnded(events)).toMatchObject({ winner: 0, ending: 'claim' });
    expect(handEnded(events).points[0]).toMatchObject({ carried: 15, total: 102 });
  });

  it('no view shows running points during a hand, not even the claimer\'s own: the claim needs attention', () => {
    const s = claimPosition();
    const swapped: HonderdenState = { ...s, won: [['7D', '8D', 'JH', '9H', 'AS'], ['AC', 'AD', 'TS', 'TC']] };
    // Other cards won, other points: every view is the same.
    for (const viewer of [0, 1, null]) expect(JSON.stringify(honderden.view(swapped, viewer))).toBe(JSON.stringify(honderden.view(s, viewer)));
  });

  it('is offered only once it can be right (rules version 3): a trick won, or 100 points everybody knows of', () => {
    // The first trick of a game's first hand: nobody has won anything, and nobody may claim.
    const first = position({ hands: [['KH', 'QH', '7S'], ['8S', '9S', '7C']], trump: 'H', trumpCard: 'TH', tricksPlayed: 0, dealer: 1 });
    expect(legal(first, 0)).not.toContainEqual(CLAIM);
    expect(legal(honderden.apply(first, 0, STUK), 0)).not.toContainEqual(CLAIM);
    // 85 carried and stuk make 105 before any trick is won: then it is offered (and right).
    const carried = position({ hands: [['KH', 'QH', '7S'], ['8S', '9S', '7C']], trump: 'H', trumpCard: 'TH', tricksPlayed: 0, dealer: 1, carried: [85, 0] });
    expect(legal(carried, 0)).not.toContainEqual(CLAIM);
    const withStuk = honderden.apply(carried, 0, STUK);
    expect(legal(withStuk, 0)).toContainEqual(CLAIM);
    expect(ofType(run(withStuk, [0, CLAIM]).events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 105, right: true }]);
    // A trick won, whatever it was worth: offered.
    const poor = position({ hands: [['7S'], ['8S']], trump: 'H', won: [['7D', '8D'], []], tricksWon: [1, 0] });
    expect(legal(poor, 0)).toContainEqual(CLAIM);
    // Games opened under version 2 keep the claim at any step.
    expect(legal({ ...first, rules: 2 }, 0)).toContainEqual(CLAIM);
  });
});

describe('Honderden: playing a hand out (two players)', () => {
  /** The last trick: seat 0 leads 7S, seat 1 wins it with 8S (+5). */
  const lastTrick = (p: { won: Card[][]; carried?: number[]; tricksWon?: number[]; gamePoints?: number[]; target?: number; hands?: Card[][] }) =>
    position({
      hands: p.hands ?? [['7S'], ['8S']],
      trump: 'H',
      won: p.won,
      tricksWon: p.tricksWon ?? [8, 7],
      tricksPlayed: 15,
      carried: p.carried ?? [0, 0],
      dealer: 1,
      ...(p.gamePoints ? { gamePoints: p.gamePoints } : {}),
      ...(p.target ? { target: p.target } : {}),
    });
  const finish = (s: HonderdenState, a: Card = '7S', b: Card = '8S') => run(s, [0, play(a)], [1, play(b)]);

  it('the last trick counts 5; nobody at 100: another hand by the same dealer, points carried on', () => {
    const s0 = lastTrick({ won: [['AS', 'AC', 'TS'], ['AD', 'TD']], carried: [10, 20] });
    const { s, events } = finish(s0);
    const result = handEnded(events);
    expect(result.points[0]).toEqual({ carried: 10, cards: 32, roem: 0, stuk: 0, lastTrick: 0, total: 42 });
    expect(result.points[1]).toEqual({ carried: 20, cards: 21, roem: 0, stuk: 0, lastTrick: 5, total: 46 });
    expect(result).toMatchObject({ ending: 'playedOut', winner: null, gamePoints: 0, next: 'nextHand' });
    expect(ofType(events, 'trickWon')).toMatchObject([{ seat: 1, trick: 16, last: true }]);
    expect(s.carried).toEqual([42, 46]);
    expect(s.dealer).toBe(1);
    expect(s.handInGame).toBe(2);
    expect(s.game).toBe(1);
    expect(honderden.view(s, 0).carried).toEqual([42, 46]);
    expect(ofType(events, 'handDealt')).toMatchObject([{ dealer: 1, handInGame: 2, replay: false }]);
  });

  it('the highest total of 100 or more wins', () => {
    const { s, events } = finish(lastTrick({ won: [['TS'], ['KS']], carried: [110, 97] }));
    expect(handEnded(events)).toMatchObject({ winner: 0, gamePoints: 1, onderJan: false, next: 'newGame' });
    expect(handEnded(events).points.map((p) => p?.total)).toEqual([120, 105]);
    expect(s.gamePoints).toEqual([1, 0]);
  });

  it('a tie replays the hand by the same dealer, from the points it started with', () => {
    const { s, events } = finish(lastTrick({ won: [['KC', 'QC'], ['KS', 'QS']], carried: [100, 95] }));
    const result = handEnded(events);
    expect(result.points.map((p) => p?.total)).toEqual([105, 105]);
    expect(result).toMatchObject({ winner: null, next: 'replay' });
    expect(s.carried).toEqual([100, 95]);
    expect(s.dealer).toBe(1);
    expect(s.handInGame).toBe(1);
    expect(s.hand).toBe(2);
    expect(ofType(events, 'handDealt')).toMatchObject([{ replay: true }]);
  });

  it('onder Jan: the loser under 50 gives a second game point', () => {
    const { s } = finish(lastTrick({ won: [['AC'], ['AS', 'AD', 'TS', 'TD']], carried: [30, 60] }));
    expect(s.lastResult).toMatchObject({ winner: 1, gamePoints: 2, onderJan: true });
  });

  it('a pit (every trick) gives one more: 3 with the loser under 50, 2 otherwise', () => {
    const rest = DECK_32.filter((c) => c !== 'AS' && c !== '7S');
    const pit = lastTrick({ hands: [['AS'], ['7S']], won: [rest, []], tricksWon: [15, 0] });
    const { events } = finish(pit, 'AS', '7S');
    expect(handEnded(events)).toMatchObject({ winner: 0, pit: true, onderJan: true, gamePoints: 3 });
    expect(handEnded(events).points[0]?.total).toBe(146);
    const carried = lastTrick({ hands: [['AS'], ['7S']], won: [rest, []], tricksWon: [15, 0], carried: [0, 60] });
    expect(handEnded(finish(carried, 'AS', '7S').events)).toMatchObject({ pit: true, onderJan: false, gamePoints: 2 });
  });

  it('the match ends when a player reaches the target', () => {
    const s0 = lastTrick({ won: [['AC'], ['AS', 'AD', 'TS', 'TD']], carried: [30, 60], gamePoints: [1, 1], target: 3 });
    const { s, events } = finish(s0);
    expect(handEnded(events).next).toBe('matchOver');
    expect(ofType(events, 'gamePoints')).toEqual([{ type: 'gamePoints', seat: 1, gained: 2, reason: 'hand', totals: [1, 3] }]);
    expect(ofType(events, 'matchOver')).toEqual([{ type: 'matchOver', winner: 1, reason: 'target' }]);
    expect(ofType(events, 'handDealt')).toEqual([]);
    expect(honderden.isOver(s)).toBe(true);
    expect(honderden.toAct(s)).toEqual([]);
    expect(honderden.legalActions(s, 0)).toEqual([]);
    expect(honderden.result(s)).toEqual({ scores: [1, 3], ranking: [[1], [0]] });
    expect(() => honderden.apply(s, 0, play('7S'))).toThrow(IllegalAction);
  });
});

describe('Honderden: three players', () => {
  it('deals 8 each from 24 cards; the dealer\'s last card lies face up, sets trump and stays his', () => {
    const s = honderden.setup({ seats: 3, seed: 'three', options: { target: 5 } });
    expect(tableOf(s)).toBe('three');
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8]);
    expect(new Set(s.hands.flat()).size).toBe(24);
    expect(s.hands.flat().every((c) => DECK_24.includes(c))).toBe(true);
    expect(s.stock).toEqual([]);
    expect(s.trumpCard).toBeNull();
    expect(s.hands[s.dealer]).toContain(s.turnedUp);
    expect(s.trump).toBe(s.turnedUp[1]);
    for (const viewer of [0, 1, 2, null]) {
      expect(honderden.view(s, viewer).knownCards[s.dealer]).toEqual([s.turnedUp]);
    }
    expect(honderden.toAct(s)).toEqual([(s.dealer + 1) % 3]);
    expect(legal(s, (s.dealer + 1) % 3)).not.toContainEqual(SWAP);
  });

  it('must follow suit (or trump) from the first trick on', () => {
    const s0 = position({ hands: [['AS', '9D'], ['KS', 'TH', 'AC'], ['QS', 'JD']], trump: 'H', tricksPlayed: 0 });
    const led = honderden.apply(s0, 0, play('AS'));
    expect(plays(led, 1)).toEqual(['KS', 'TH']);
  });

  // Trump hearts (the dealer, seat 2, turned up the ace of hearts). Seat 0 leads.
  const p0: Card[] = ['KS', 'QS', 'JS', '9H', 'TH', '9C', 'TC', '9D'];
  const p1: Card[] = ['AC', 'KC', 'QC', 'JC', 'AS', 'TS', 'JH', 'QH'];
  const p2: Card[] = ['AD', 'KD', 'QD', 'JD', 'TD', '9S', 'KH', 'AH'];
  const deal3 = (version?: number) => position({ hands: [p0, p1, p2], trump: 'H', tricksPlayed: 0, dealer: 2, turnedUp: 'AH', known: [[], [], ['AH']], version });

  // Games opened under version 1 tell every statement and judgement at once (version 2: roem-three.test.ts).
  it('version 1: each later player may reject the standing declaration with higher roem, judged at once', () => {
    const s0 = deal3(1);
    const { s: led } = run(s0, [0, declare(seq(3, 'K'))], [0, play('9C')]);
    expect(roemSteps(led, 1)).toEqual([reject(seq(4, 'A'))]);
    const { s: second, events: e1 } = run(led, [1, reject(seq(4, 'A'))], [1, play('AC')]);
    expect(ofType(e1, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: true }]);
    expect(roemSteps(second, 2)).toEqual([reject(seq(5, 'A'))]);
    const { s, events } = run(second, [2, reject(seq(5, 'A'))], [2, play('9S')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 2, of: 1, success: true }]);
    expect(s.statements.map((st) => st.status)).toEqual(['rejected', 'rejected', 'hundred']);
    expect(s.gamePoints).toEqual([0, 0, 1]);
    expect(s.phase).toBe('play');
    expect(honderden.toAct(s)).toEqual([1]);
  });

  it('after the trick, silent players who played before the declaration may still reject it, in order', () => {
    const s0 = deal3();
    // Seat 0 plays without roem, seat 1 declares, seat 2 lets it stand; then seat 0 is asked.
    const { s } = run(s0, [0, play('9C')], [1, declare(seq(4, 'A'))], [1, play('AC')], [2, play('9S')]);
    expect(s.phase).toBe('roemAnswer');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([DONE]);
    const done = run(s, [0, DONE]);
    expect(done.s.roem).toEqual([0, 50, 0]);
    expect(done.s.phase).toBe('play');
    expect(honderden.toAct(done.s)).toEqual([1]);
  });

  it('after the trick, every silent player who played before the declaration is asked, in order', () => {
    const s0 = deal3();
    // Seats 0 and 1 play without roem; seat 2 declares a five on the ace.
    const { s } = run(s0, [0, play('9C')], [1, play('AC')], [2, declare(seq(5, 'A'))], [2, play('9S')]);
    // Neither can reject a five on the ace; both are asked in turn, seat 0 first.
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([DONE]);
    const next = run(s, [0, DONE]).s;
    expect(honderden.toAct(next)).toEqual([1]);
    expect(next.phase).toBe('roemAnswer');
    const done = run(next, [1, DONE]);
    expect(done.s.phase).toBe('play');
    expect(ofType(done.events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 2, points: 100 }]);
  });

  it('a late rejection can itself be rejected by a later silent player', () => {
    // Clubs are trump. Seat 2 declares 3 on the king (hearts); seat 0 has 3 on the king in spades
    // (equal, neither in trump: the earlier player wins); seat 1 has 4 on the ace (diamonds).
    const s0 = position({
      hands: [
        ['KS', 'QS', 'JS', '9D'],
        ['AD', 'KD', 'QD', 'JD', '9S'],
        ['KH', 'QH', 'JH', 'TD'],
      ],
      trump: 'C',
      tricksPlayed: 0,
    });
    const { s } = run(s0, [0, play('9D')], [1, play('JD')], [2, declare(seq(3, 'K'))], [2, play('TD')]);
    expect(legal(s, 0)).toEqual([reject(seq(3, 'K')), DONE]);
    const r0 = run(s, [0, reject(seq(3, 'K'))], [0, DONE]);
    expect(ofType(r0.events, 'rejection')).toEqual([{ type: 'rejection', seat: 0, of: 2, success: true }]);
    // Seat 1 played before both declarations: he is asked now, against seat 0's.
    expect(honderden.toAct(r0.s)).toEqual([1]);
    expect(legal(r0.s, 1)).toEqual([reject(seq(4, 'A')), DONE]);
    const r1 = run(r0.s, [1, reject(seq(4, 'A'))], [1, DONE]);
    expect(r1.s.statements.map((st) => [st.seat, st.status])).toEqual([
      [2, 'rejected'],
      [0, 'rejected'],
      [1, 'counted'],
    ]);
    expect(r1.s.roem).toEqual([0, 50, 0]);
    expect(r1.s.phase).toBe('play');
  });

  it('roem only in the first trick; stuk any time', () => {
    const later = position({ hands: [['KS'], ['AS'], ['AD', 'KD', 'QD', 'KH', 'QH']], trump: 'H', tricksPlayed: 1, turn: 2 });
    expect(roemSteps(later, 2)).toEqual([]);
    expect(legal(later, 2)).toContainEqual(STUK);
  });

  it('a claim only together with a stuk declaration, in that turn', () => {
    const s0 = position({
      hands: [['KH', 'QH', 'AS'], ['9S', 'TS', 'JS'], ['9D', 'TD', 'JD']],
      trump: 'H',
      won: [['JH', '9H', 'AC', 'AD', 'TC'], [], []],
      tricksWon: [2, 0, 0],
      tricksPlayed: 5,
    });
    expect(legal(s0, 0)).not.toContainEqual(CLAIM);
    const stuk = honderden.apply(s0, 0, STUK);
    expect(legal(stuk, 0)).toContainEqual(CLAIM);
    // 20 + 14 + 11 + 11 + 10 = 66 + stuk 20 = 86: wrong. The other with more points wins.
    const { events } = run(stuk, [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 86, right: false }]);
    // Both others have 0: a tie between them replays the hand.
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', winner: null, next: 'replay' });
  });

  const claim3 = (won: Card[][], carried = [0, 0, 0], handInGame = 1) =>
    position({
      hands: [['KH', 'QH', 'AS'], ['9S', 'TS', 'JS'], ['9D', 'TD', 'JD']],
      trump: 'H',
      won,
      tricksWon: [2, 1, 1],
      tricksPlayed: 4,
      carried,
      handInGame,
      dealer: 2,
    });

  it('game points: 1, doubled only if both others are under 50', () => {
    // 20 + 14 + 11 + 11 + 10 + 10 + stuk 20 = 96 + carried 10 = 106.
    const won: Card[][] = [['JH', '9H', 'AC', 'AD', 'TC', 'TH'], ['KC'], ['QC']];
    const both = run(claim3(won, [10, 40, 45]), [0, STUK], [0, CLAIM]);
    expect(handEnded(both.events)).toMatchObject({ winner: 0, gamePoints: 2, onderJan: true });
    const one = run(claim3(won, [10, 40, 50]), [0, STUK], [0, CLAIM]);
    expect(handEnded(one.events)).toMatchObject({ winner: 0, gamePoints: 1, onderJan: false });
    // The deal passes on with the new game.
    expect(one.s.dealer).toBe(0);
  });

  it('a wrong claim gives the hand to the other player with more points', () => {
    const won: Card[][] = [['KC'], ['JH', '9H'], ['AC']];
    const { events } = run(claim3(won, [0, 20, 10]), [0, STUK], [0, CLAIM]);
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', winner: 1, gamePoints: 2, onderJan: true });
    expect(handEnded(events).points.map((p) => p?.total)).toEqual([23, 54, 21]);
  });

  /** Seat 0 takes the last trick (7 of 8) with the ace of spades. */
  const last3 = (won: Card[][], tricksWon: number[], handInGame: number, carried = [0, 0, 0]) =>
    position({
      hands: [['AS'], ['9S'], ['TS']],
      trump: 'H',
      won,
      tricksWon,
      tricksPlayed: 7,
      handInGame,
      carried,
      dealer: 2,
    });
  const finish3 = (s: HonderdenState) => run(s, [0, play('AS')], [1, play('9S')], [2, play('TS')]);
  const rest24 = DECK_24.filter((c) => !['AS', '9S', 'TS'].includes(c));

  it('a pit counts only in the first hand of a game, and is worth 3', () => {
    const first = finish3(last3([rest24, [], []], [7, 0, 0], 1));
    expect(handEnded(first.events)).toMatchObject({ winner: 0, pit: true, gamePoints: 3 });
    const later = finish3(last3([rest24, [], []], [7, 0, 0], 2, [0, 30, 60]));
    expect(handEnded(later.events)).toMatchObject({ winner: 0, pit: false, gamePoints: 1 });
  });

  it('if nobody reaches 100 the points are carried on and the deal passes on', () => {
    const { s, events } = finish3(last3([['AC', 'TC'], ['AD', 'TD'], ['AH']], [2, 2, 2], 1));
    expect(handEnded(events)).toMatchObject({ winner: null, next: 'nextHand' });
    expect(s.carried).toEqual([21 + 21 + 5, 21, 11]);
    expect(s.dealer).toBe(0);
    expect(s.handInGame).toBe(2);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8]);
  });
});

describe('Honderden: leaving', () => {
  it('two players: the other wins', () => {
    const s0 = honderden.setup({ seats: 2, seed: 'leave', options: { target: 5 } });
    const s = honderden.resign(s0, 0);
    expect(honderden.isOver(s)).toBe(true);
    expect(s.events).toEqual([{ type: 'resigned', seat: 0 }, { type: 'matchOver', winner: 1, reason: 'resigned' }]);
    expect(honderden.result(s)).toEqual({ scores: [0, 0], ranking: [[1], [0]] });
    expect(() => honderden.resign(s, 1)).toThrow(IllegalAction);
  });

  it('three players: the hand is abandoned and the two who remain play on with the two-player rules', () => {
    const s0 = { ...honderden.setup({ seats: 3, seed: 'leave3', options: { target: 5 } }), gamePoints: [2, 1, 0] };
    const s = honderden.resign(s0, 1);
    expect(s.players).toEqual([0, 2]);
    expect(tableOf(s)).toBe('two');
    expect(s.hands.map((h) => h.length)).toEqual([9, 0, 9]);
    expect(s.stock).toHaveLength(13);
    expect(s.gamePoints).toEqual([2, 1, 0]);
    expect(s.carried).toEqual([0, 0, 0]);
    expect(ofType(s.events, 'handAbandoned')).toHaveLength(1);
    expect(ofType(s.events, 'handDealt')).toMatchObject([{ rules: 'two' }]);
    expect(honderden.legalActions(s, 1)).toEqual([]);
    expect(() => honderden.resign(s, 1)).toThrow(IllegalAction);
    const end = honderden.resign(s, 0);
    expect(honderden.result(end)).toEqual({ scores: [2, 1, 0], ranking: [[2], [0], [1]] });
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.constantFrom(2, 3),
  seed: fc.string(),
  target: fc.integer({ min: 1, max: 3 }),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});
type AnyGame = { seats: number; seed: string; target: number; picks: Iterable<number>; resigns: boolean };

/** Plays random legal actions (claims seldom, now and then a resignation) to the end; checks every state. */
function playRandomly(game: AnyGame, check?: (s: HonderdenState) => void): { s: HonderdenState; steps: number } {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } });
  check?.(s);
  let steps = 0;
  while (!honderden.isOver(s)) {
    if (++steps > 20000) throw new Error('match did not end');
    if (game.resigns && pick(300) === 0) {
      s = honderden.resign(s, s.players[pick(s.players.length)] as Seat);
    } else {
      const seat = honderden.toAct(s)[0] as Seat;
      const options = honderden.legalActions(s, seat);
      let action = options[pick(options.length)] as HonderdenAction;
      if (action.type === 'claim' && pick(8) !== 0) action = options[options.length - 1] as HonderdenAction;
      s = honderden.apply(s, seat, action);
    }
    check?.(s);
  }
  return { s, steps };
}

const deckOf = (s: HonderdenState) => (tableOf(s) === 'two' ? DECK_32 : DECK_24);

describe('Honderden: properties of random legal play', () => {
  it('always ends, with game points for every seat and a full ranking', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const { s } = playRandomly(game);
        const result = honderden.result(s);
        expect(result?.scores).toHaveLength(game.seats);
        expect(result?.ranking.flat().sort()).toEqual(Array.from({ length: game.seats }, (_, i) => i));
        expect(honderden.toAct(s)).toEqual([]);
        if (s.players.length > 1) expect(Math.max(...s.gamePoints)).toBeGreaterThanOrEqual(game.target);
        expect(result?.ranking[0]).toEqual([s.winner]);
      }),
      { numRuns: 60 },
    );
  });

  it('accounts for all 32 (or 24) cards at every step; only the seat to act has actions, at most 25', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          const all = [...s.hands.flat(), ...s.stock, ...(s.trumpCard ? [s.trumpCard] : []), ...s.won.flat(), ...s.trick.plays.map((p) => p.card)];
          expect([...all].sort()).toEqual([...deckOf(s)].sort());
          for (const seat of s.players) expect(s.known[seat]?.every((c) => s.hands[seat]?.includes(c))).toBe(true);
          const waiting = honderden.toAct(s);
          for (let seat = 0; seat < s.seats; seat++) {
            const n = honderden.legalActions(s, seat).length;
            expect(n > 0).toBe(waiting.includes(seat));
            expect(n).toBeLessThanOrEqual(25);
          }
          if (!honderden.isOver(s)) expect(waiting).toHaveLength(1);
          const tricks = s.tricksWon.reduce((a, b) => a + b, 0);
          expect(tricks).toBe(s.tricksPlayed);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('no view shows a card of another hand (unless shown) or the stock order; the rng stays inside', () => {
    fc.assert(
      fc.property(anyGame, fc.nat(), (game, salt) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          for (const viewer of [null, ...s.players]) {
            // Shuffle every card this viewer cannot know: other hands (less their shown cards) and the stock.
            const slots: { list: Card[]; index: number }[] = [];
            s.players.forEach((seat) => {
              if (seat === viewer) return;
              (s.hands[seat] as Card[]).forEach((card, index) => {
                if (!s.known[seat]?.includes(card)) slots.push({ list: s.hands[seat] as Card[], index });
              });
            });
            // Version 1 showed the last hidden card before the choice.
            if (s.phase !== 'chooseLast' || versionOf(s) >= 2) s.stock.forEach((_, index) => slots.push({ list: s.stock, index }));
            const other: HonderdenState = { ...s, hands: s.hands.map((h) => [...h]), stock: [...s.stock] };
            const remap = (list: Card[]) => (list === s.stock ? other.stock : (other.hands[s.hands.indexOf(list)] as Card[]));
            const cards = slots.map((slot) => slot.list[slot.index] as Card);
            const shift = cards.length > 0 ? (salt % cards.length) + 1 : 0;
            slots.forEach((slot, i) => {
              remap(slot.list)[slot.index] = cards[(i + shift) % cards.length] as Card;
            });
            const a = honderden.view(s, viewer);
            expect(JSON.stringify(honderden.view(other, viewer))).toBe(JSON.stringify(a));
            expect(JSON.stringify(a)).not.toContain('rng');
            if (!s.roemShown) for (const st of a.roem) expect(st.combos).toBeNull();
            for (const e of a.events) if (e.type === 'drew' && e.seat !== viewer) expect(e.card).toBeNull();
          }
        });
      }),
      { numRuns: 15 },
    );
  });

  it('apply refuses every action that legalActions does not list, and leaves its input alone', () => {
    const card = fc.constantFrom(...DECK_32);
    const category: fc.Arbitrary<RoemCategory> = fc.oneof(
      fc.constant({ kind: 'carre' as const }),
      fc.record({ kind: fc.constant('sequence' as const), length: fc.integer({ min: 2, max: 9 }), top: fc.constantFrom(...RANKS) }),
    );
    const anyAction: fc.Arbitrary<HonderdenAction> = fc.oneof(
      fc.record({ type: fc.constant('play' as const), card }),
      fc.record({ type: fc.constant('take' as const), card }),
      fc.record({ type: fc.constant('declare' as const), roem: category }),
      fc.record({ type: fc.constant('reject' as const), roem: category }),
      fc.constantFrom<HonderdenAction>(SWAP, STUK, CLAIM, DONE, { type: 'takeHidden' }),
    );
    fc.assert(
      fc.property(anyGame, fc.nat(400), fc.array(fc.tuple(fc.nat(3), anyAction), { maxLength: 30 }), (game, stop, probes) => {
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } });
        for (let k = 0; k < stop && !honderden.isOver(s); k++) {
          const seat = honderden.toAct(s)[0] as Seat;
          const options = honderden.legalActions(s, seat).filter((a) => a.type !== 'claim');
          s = honderden.apply(s, seat, options[pick(options.length)] as HonderdenAction);
        }
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = honderden.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => honderden.apply(s, seat, action)).not.toThrow();
          else expect(() => honderden.apply(s, seat, action)).toThrow(IllegalAction);
        }
        const before = JSON.stringify(s);
        for (const seat of honderden.toAct(s)) for (const a of honderden.legalActions(s, seat)) honderden.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the same seed and actions gives the same state, under either rules version', () => {
    fc.assert(
      fc.property(anyGame, fc.constantFrom(1, 2), (game, rulesVersion) => {
        const log: ([Seat, HonderdenAction] | Seat)[] = [];
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        const options = { target: game.target };
        let s = honderden.setup({ seats: game.seats, seed: game.seed, options, rulesVersion });
        expect(s.rules).toBe(rulesVersion);
        for (let k = 0; k < 600 && !honderden.isOver(s); k++) {
          if (game.resigns && pick(200) === 0) {
            const leaver = s.players[pick(s.players.length)] as Seat;
            log.push(leaver);
            s = honderden.resign(s, leaver);
            continue;
          }
          const seat = honderden.toAct(s)[0] as Seat;
          const legalNow = honderden.legalActions(s, seat);
          const a = legalNow[pick(legalNow.length)] as HonderdenAction;
          log.push([seat, JSON.parse(JSON.stringify(a)) as HonderdenAction]);
          s = honderden.apply(s, seat, a);
        }
        let replayed = JSON.parse(JSON.stringify(honderden.setup({ seats: game.seats, seed: game.seed, options, rulesVersion }))) as HonderdenState;
        for (const entry of log) {
          replayed = typeof entry === 'number' ? honderden.resign(replayed, entry) : honderden.apply(replayed, entry[0], entry[1]);
          replayed = JSON.parse(JSON.stringify(replayed)) as HonderdenState;
        }
        expect(replayed).toEqual(JSON.parse(JSON.stringify(s)));
      }),
      { numRuns: 60 },
    );
  });

  it('a state stored before games carried a version (the table in its place) plays on under version 1', () => {
    const v1 = honderden.setup({ seats: 3, seed: 'stored', options: { target: 5 }, rulesVersion: 1 });
    const stored = { ...v1, rules: 'three' } as unknown as HonderdenState;
    expect(versionOf(stored)).toBe(1);
    expect(tableOf(stored)).toBe('three');
    const seat = honderden.toAct(stored)[0] as Seat;
    const action = honderden.legalActions(stored, seat).at(-1) as HonderdenAction;
    expect(honderden.legalActions(stored, seat)).toEqual(honderden.legalActions(v1, seat));
    expect(honderden.view(stored, null)).toEqual(honderden.view(v1, null));
    expect(honderden.apply(stored, seat, action)).toEqual(honderden.apply(v1, seat, action));
  });
});

describe('Honderden: a move for an absent player', () => {
  it('is always legal and never a claim: a card, letting the roem stand, or one of the last two cards', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          if (honderden.isOver(s)) return;
          const seat = honderden.toAct(s)[0] as Seat;
          const action = honderden.timeoutAction?.(s, seat) as HonderdenAction;
          expect(honderden.legalActions(s, seat)).toContainEqual(action);
          expect(action.type).toBe(s.phase === 'roemAnswer' ? 'done' : s.phase === 'chooseLast' ? 'takeHidden' : 'play');
        });
      }),
      { numRuns: 20 },
    );
  });
});
