import { describe, expect, it } from 'vitest';
import { type Seat } from '../../engine/index.js';
import { BLACK_JACK, halunken, type HalunkenAction } from './rules.js';
import { CAPTAIN_CARDS, RUM, type SailorCard } from './cards.js';
import { y, g, r, position, run, ofType } from './test-positions.js';

describe('Halunken: the two-player game', () => {
  const A = 0;
  const B = 1;

  it('gives Black Jack a spare set of movement cards, 1-7 and Rum', () => {
    const s = halunken.setup({ seats: 2, seed: 'two', options: { variant: 'standard', long: false } });
    expect([...s.blackJackDeck].sort()).toEqual([...CAPTAIN_CARDS].sort());
  });

  const auction = (crews: SailorCard[][]) =>
    position({ variant: 'standard', captains: [2, 9], crews, blackJack: 5, phase: { name: 'auction', order: [A], bids: [], passed: [] } });

  it('the auction alternates, with raises, until a player passes', () => {
    const s0 = auction([
      [y(3), r(8), y(12)],
      [y(5), r(10), g(13)],
    ]);
    const { s, events } = run(
      s0,
      [A, { type: 'bid', card: y(3) }],
      [B, { type: 'bid', card: y(5) }],
      [A, { type: 'bid', card: r(8) }],
      [B, { type: 'bid', card: r(10) }],
      [A, { type: 'bid', card: y(12) }],
      [B, { type: 'pass' }],
    );
    expect(ofType(events, 'hired')).toEqual([{ type: 'hired', seat: A, card: y(12) }]);
    expect(s.harbour).toEqual([y(12)]);
    expect(s.crews[A]).toEqual([y(3), r(8)]);
  });

  it('after an opening pass the other player may still hire (and does so at once) or pass too', () => {
    const s0 = auction([[y(3)], [y(5)]]);
    const passed = halunken.apply(s0, A, { type: 'pass' });
    expect(halunken.toAct(passed)).toEqual([B]);
    const hired = halunken.apply(passed, B, { type: 'bid', card: y(5) });
    expect(hired.hirer).toBe(B);
    expect(hired.phase).toEqual({ name: 'choose' });
    const nobody = halunken.apply(passed, B, { type: 'pass' });
    expect(nobody.hirer).toBeNull();
    expect(nobody.events.map((e) => e.type)).toEqual(['passed', 'notHired']);
  });

  // A on 2, B on 9, Black Jack on 5, hired by A.
  const hired = (over: Partial<Parameters<typeof position>[0]> = {}) =>
    position({
      variant: 'standard',
      captains: [2, 9],
      crews: [[y(1)], [y(2), y(3), y(4)]],
      taverns: { 2: [g(2)], 3: [g(3)], 9: [g(9)], 10: [g(10)], 1: [g(11)] },
      blackJack: 5,
      hirer: A,
      harbour: [r(15)],
      ...over,
    });

  it("the hirer chooses his own card, then one of Black Jack's; the opponent never sees which", () => {
    const s0 = hired();
    expect(halunken.toAct(s0)).toEqual([A, B]);
    const own = halunken.apply(s0, A, { type: 'choose', card: 1 });
    expect(halunken.toAct(own)).toEqual([A, B]);
    expect(halunken.legalActions(own, A)).toEqual([...CAPTAIN_CARDS].map((card) => ({ type: 'chooseForBlackJack', card })));
    const both = halunken.apply(own, A, { type: 'chooseForBlackJack', card: 4 });
    expect(both.events).toEqual([{ type: 'chose', seat: A, forBlackJack: true }]);
    expect(halunken.view(both, A).ownBlackJackChoice).toBe(4);
    expect(halunken.view(both, B).ownBlackJackChoice).toBeNull();
    expect(halunken.view(both, B).blackJackCards).toEqual([...CAPTAIN_CARDS]);
    expect(halunken.toAct(both)).toEqual([B]);
  });

  it('Black Jack moves like a captain in the order; landing on the opponent lets the hirer rob him, and displaces him', () => {
    // A 1 (2 to 3), Black Jack 4 (5 to 9, onto B), B 6 from where he is put.
    const reached = run(hired(), [A, { type: 'choose', card: 1 }], [A, { type: 'chooseForBlackJack', card: 4 }], [B, { type: 'choose', card: 6 }]);
    expect(ofType(reached.events, 'moved').map((e) => e.piece)).toEqual([A, BLACK_JACK]);
    expect(reached.s.crews[A]).toEqual([y(1), g(3)]);
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'landingSteal', seat: A, victim: B, by: 'blackJack' } });
    const done = run(reached.s, [A, { type: 'steal', card: y(4) }]);
    expect(done.s.crews[A]).toEqual([y(1), g(3), y(4)]);
    expect(ofType(done.events, 'displaced')).toEqual([{ type: 'displaced', piece: B, from: 9, to: 10 }]);
    // Black Jack never takes tavern cards; B walks 6 from 10 to 2.
    expect(done.s.taverns[9]).toEqual([g(9)]);
    expect(done.s.captains[B]).toBe(2);
    expect(done.s.blackJackPlayed).toEqual([4]);
  });

  it('Black Jack landing on a captain holding fewer cards than the hirer robs nothing', () => {
    const s0 = hired({ crews: [[y(1), y(5), y(6)], [y(2)]] });
    const { events } = run(s0, [A, { type: 'choose', card: 1 }], [A, { type: 'chooseForBlackJack', card: 4 }], [B, { type: 'choose', card: 6 }]);
    expect(ofType(events, 'noSteal')).toEqual([{ type: 'noSteal', seat: A, from: B, by: 'blackJack', reason: 'moreCards' }]);
  });

  it('Black Jack landing on his own hirer only displaces him', () => {
    // A and B cancel (5, 5) and stay; Black Jack moves 4 from 12 onto A on 2.
    const s0 = hired({ blackJack: 12, captains: [2, 6] });
    const { events } = run(s0, [A, { type: 'choose', card: 5 }], [A, { type: 'chooseForBlackJack', card: 4 }], [B, { type: 'choose', card: 5 }]);
    expect(ofType(events, 'revealed')[0]?.laid.map((l) => l.cancelled)).toEqual([true, true, false]);
    expect(ofType(events, 'stole')).toEqual([]);
    expect(ofType(events, 'displaced')).toEqual([{ type: 'displaced', piece: A, from: 2, to: 3 }]);
  });

  it('equal values cancel between Black Jack and his hirer: both stay, and Black Jack takes no tavern card', () => {
    const { s, events } = run(hired(), [A, { type: 'choose', card: 3 }], [A, { type: 'chooseForBlackJack', card: 3 }], [B, { type: 'choose', card: 1 }]);
    expect(ofType(events, 'revealed')[0]?.laid).toEqual([
      { piece: A, card: 3, cancelled: true, steps: null },
      { piece: B, card: 1, cancelled: false, steps: 1 },
      { piece: BLACK_JACK, card: 3, cancelled: true, steps: null },
    ]);
    expect(s.blackJack).toBe(5);
    expect(s.crews[A]).toEqual([y(1), g(2)]);
  });

  it("the opponent landing on Black Jack takes the tavern card, then a harbour card or (standard condition) one of the hirer's", () => {
    // B from 1 lays 4 onto Black Jack on 5; A stays away (7 from 2 to 9).
    const s0 = hired({ captains: [2, 1], crews: [[y(1), y(5), y(6)], [y(2)]], taverns: { 5: [g(5)] } });
    const reached = run(s0, [A, { type: 'choose', card: 7 }], [A, { type: 'chooseForBlackJack', card: 6 }], [B, { type: 'choose', card: 4 }]);
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'harbour', seat: B, hirer: A } });
    expect(halunken.legalActions(reached.s, B)).toEqual([
      { type: 'takeFromHarbour', card: r(15) },
      { type: 'steal', card: y(1) },
      { type: 'steal', card: y(5) },
      { type: 'steal', card: y(6) },
    ]);
    const done = run(reached.s, [B, { type: 'steal', card: y(6) }]);
    expect(done.s.crews[B]).toEqual([y(2), g(5), y(6)]);
    expect(ofType(done.events, 'displaced')[0]).toEqual({ type: 'displaced', piece: BLACK_JACK, from: 5, to: 6 });
    // Then Black Jack moves 6 from there.
    expect(ofType(done.events, 'moved').find((e) => e.piece === BLACK_JACK)).toMatchObject({ from: 6, to: 12 });
  });

  it('the opponent holding more cards than the hirer may only take from the harbour', () => {
    const s0 = hired({ captains: [2, 1], crews: [[y(1)], [y(2), y(3)]] });
    const reached = run(s0, [A, { type: 'choose', card: 7 }], [A, { type: 'chooseForBlackJack', card: 6 }], [B, { type: 'choose', card: 4 }]);
    // A single harbour card: taken without asking.
    expect(ofType(reached.events, 'tookFromHarbour')).toEqual([{ type: 'tookFromHarbour', seat: B, card: r(15) }]);
  });

  it("Black Jack's Rum is named by his hirer", () => {
    const { s } = run(hired(), [A, { type: 'choose', card: 2 }], [A, { type: 'chooseForBlackJack', card: RUM }], [B, { type: 'choose', card: 5 }]);
    expect(s.phase).toEqual({ name: 'rum', seat: A, piece: BLACK_JACK });
    expect(halunken.legalActions(s, A)).toEqual([1, 3, 4, 6, 7].map((number) => ({ type: 'rum', number })));
  });

  it('hired by nobody: his top card is turned after both chose, he moves in the order, and a captain he lands on gives a card to the harbour', () => {
    // B (1 card) against A (3): counts do not matter. Black Jack 4 from 5 lands on B at 9.
    const s0 = hired({
      hirer: null,
      lastHirer: null,
      blackJackDeck: [4],
      crews: [
        [y(1), y(5), y(6)],
        [y(2), y(3)],
      ],
    });
    expect(halunken.toAct(s0)).toEqual([A, B]);
    const reached = run(s0, [A, { type: 'choose', card: 1 }], [B, { type: 'choose', card: 6 }]);
    expect(ofType(reached.events, 'revealed')[0]?.laid.at(-1)).toEqual({ piece: BLACK_JACK, card: 4, cancelled: false, steps: 4 });
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'give', seat: B } });
    const done = run(reached.s, [B, { type: 'give', card: y(3) }]);
    expect(done.s.harbour).toEqual([r(15), y(3)]);
    expect(done.s.captains[B]).toBe(2);
  });

  it('hired by nobody, a captain landing on him takes a harbour card', () => {
    const s0 = hired({ hirer: null, lastHirer: null, blackJackDeck: [7], captains: [2, 1], harbour: [r(15), g(13)] });
    const reached = run(s0, [A, { type: 'choose', card: 1 }], [B, { type: 'choose', card: 4 }]);
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'harbour', seat: B, hirer: null } });
  });

  it('hired by nobody, his Rum stands for a random number no captain laid', () => {
    const s0 = hired({ hirer: null, lastHirer: null, blackJackDeck: [RUM] });
    const { events } = run(s0, [A, { type: 'choose', card: 1 }], [B, { type: 'choose', card: 2 }]);
    const named = ofType(events, 'rumNamed');
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ piece: BLACK_JACK, seat: null });
    expect([3, 4, 5, 6, 7]).toContain(named[0]?.number);
  });

  it("plays 8 rounds and uses all 8 of Black Jack's cards", () => {
    let s = halunken.setup({ seats: 2, seed: 'two full', options: { variant: 'standard', long: false } });
    let moves = 0;
    while (!halunken.isOver(s)) {
      const seat = halunken.toAct(s)[0] as Seat;
      const legal = halunken.legalActions(s, seat);
      s = halunken.apply(s, seat, legal[moves++ % legal.length] as HalunkenAction);
    }
    expect(s.round).toBe(8);
    expect(s.blackJackDeck).toEqual([]);
    expect(s.blackJackPlayed).toHaveLength(8);
  });
});
