import { describe, expect, it } from 'vitest';
import { type Seat } from '../../engine/index.js';
import { honderden, type HonderdenState } from './rules.js';
import { DONE, STUK, SWAP, declare, legal, ofType, play, plays, position, run, seq, take } from './test-positions.js';

describe('Honderden: part one (two players, stock not empty)', () => {
  const base = () =>
    position({
      hands: [
        ['AS', '7C'],
        ['KS', '8C', '9D'],
      ],
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
    expect(ofType(events, 'trickWon')).toMatchObject([
      {
        seat: 0,
        plays: [
          { seat: 0, card: 'AS' },
          { seat: 1, card: '8C' },
        ],
      },
    ]);
    expect(s.hands[0]).toEqual(['7C', 'QD']);
    expect(s.hands[1]).toEqual(['KS', '9D', '8D']);
    expect(s.stock).toEqual(['9C']);
    expect(honderden.toAct(s)).toEqual([0]);
    const drewIn = (viewer: Seat | null) => ofType(honderden.view(s, viewer).events, 'drew');
    expect(drewIn(0)).toEqual([
      { type: 'drew', seat: 0, card: 'QD' },
      { type: 'drew', seat: 1, card: null },
    ]);
    expect(drewIn(1)).toEqual([
      { type: 'drew', seat: 0, card: null },
      { type: 'drew', seat: 1, card: '8D' },
    ]);
    expect(drewIn(null)).toEqual([
      { type: 'drew', seat: 0, card: null },
      { type: 'drew', seat: 1, card: null },
    ]);
    expect(honderden.view(s, 1).lastTrick).toMatchObject({ winner: 0, plays: [{ card: 'AS' }, { card: '8C' }] });
  });

  it('a trump wins and its player draws first and leads', () => {
    const s0 = position({
      hands: [
        ['AS', '7C'],
        ['7H', '8C'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      stock: ['9C', '8D', 'QD'],
      tricksPlayed: 2,
    });
    const { s } = run(s0, [0, play('AS')], [1, play('7H')]);
    expect(s.tricksWon).toEqual([0, 1]);
    expect(s.hands[1]).toContain('QD');
    expect(honderden.toAct(s)).toEqual([1]);
  });

  // The last draw as games opened under version 1 play it (version 2: last-draw.test.ts).
  it('version 1: with one hidden card left beside the open trump card, the hidden card is shown and the winner chooses', () => {
    const s0 = position({
      hands: [
        ['AS', 'KC'],
        ['7S', 'QD'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      stock: ['9C'],
      tricksPlayed: 6,
      version: 1,
    });
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
    const s0 = position({
      hands: [
        ['AS', 'KC'],
        ['7S', 'QD'],
      ],
      trump: 'H',
      trumpCard: '7H',
      stock: ['9C'],
      tricksPlayed: 6,
      version: 1,
    });
    const { s } = run(s0, [0, play('AS')], [1, play('7S')], [0, take('9C')]);
    expect(s.hands[0]).toEqual(['KC', '9C']);
    expect(s.hands[1]).toEqual(['QD', '7H']);
  });
});

describe('Honderden: part two (stock empty)', () => {
  it('follow suit or trump; unable to follow, anything', () => {
    const s0 = position({
      hands: [
        ['AS', 'AD'],
        ['KS', '7H', 'AC'],
      ],
      trump: 'H',
    });
    expect(plays(honderden.apply(s0, 0, play('AS')), 1)).toEqual(['KS', '7H']);
    expect(plays(honderden.apply(s0, 0, play('AD')), 1)).toEqual(['KS', '7H', 'AC']);
  });

  it('trump led: trump if you can, low or high', () => {
    const s0 = position({
      hands: [
        ['9H', 'AD'],
        ['JH', '7H', 'AS'],
      ],
      trump: 'H',
    });
    expect(plays(honderden.apply(s0, 0, play('9H')), 1)).toEqual(['JH', '7H']);
  });

  it('a trick won by a trump against the led ace', () => {
    const s0 = position({
      hands: [
        ['AS', 'AD'],
        ['7H', 'AC'],
      ],
      trump: 'H',
    });
    const { s } = run(s0, [0, play('AD')], [1, play('7H')]);
    expect(s.tricksWon).toEqual([0, 1]);
    expect(honderden.toAct(s)).toEqual([1]);
  });
});

describe('Honderden: the trump 7', () => {
  const s0 = () =>
    position({
      hands: [
        ['7H', 'KH', 'QH', 'AS'],
        ['8S', '9S', 'TS', 'JS'],
      ],
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
    const old = run({ ...known, rules: 1 }, [0, SWAP]).s;
    expect(honderden.view(old, 1).knownCards[0]).toContain('7H');
  });

  it('is the first step of a turn: not after stuk in the same turn; not once the stock is gone', () => {
    const stuk = honderden.apply(s0(), 0, STUK);
    expect(legal(stuk, 0)).not.toContainEqual(SWAP);
    const partTwo = position({
      hands: [
        ['7H', 'AS'],
        ['8S', '9S'],
      ],
      trump: 'H',
    });
    expect(legal(partTwo, 0)).not.toContainEqual(SWAP);
  });

  it('may be swapped in the roem trick, and by the follower', () => {
    const s = position({
      hands: [
        ['8S', 'AS'],
        ['7H', '9S'],
      ],
      trump: 'H',
      trumpCard: 'KH',
      tricksPlayed: 0,
    });
    const led = honderden.apply(s, 0, play('8S'));
    expect(legal(led, 1)).toContainEqual(SWAP);
  });
});

describe('Honderden: stuk', () => {
  it('trump king and queen: declared when playing any card in any trick, 20 points, once, never rejected', () => {
    const s0 = position({
      hands: [
        ['KH', 'QH', 'AS'],
        ['7S', '8S', '9S'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 4,
    });
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
    const s0 = position({
      hands: [
        ['7S', '8S'],
        ['KH', 'QH', 'JH', '9S'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 0,
    });
    const led = honderden.apply(s0, 0, play('7S'));
    expect(legal(led, 1)).toEqual(expect.arrayContaining([STUK, declare(seq(3, 'K'))]));
    const { s } = run(led, [1, declare(seq(3, 'K'))], [1, STUK], [1, play('9S')], [0, DONE]);
    expect(s.stuk).toEqual([false, true]);
    expect(s.roem).toEqual([0, 20]);
  });
});
