import { describe, expect, it } from 'vitest';
import { IllegalAction, type Seat } from '../../engine/index.js';
import { halunken } from './rules.js';
import { RUM, type SailorCard } from './cards.js';
import { y, g, v, r, position, run, chooseAll, ofType } from './test-positions.js';

describe('Halunken: choosing and revealing', () => {
  const three = () => position({ captains: [0, 4, 8], crews: [[y(1)], [y(2)], [y(3)]] });

  it('choices are secret until all have chosen: only "who has chosen" is told', () => {
    const s = halunken.apply(three(), 1, { type: 'choose', card: 6 });
    expect(s.events).toEqual([{ type: 'chose', seat: 1, forBlackJack: false }]);
    expect(halunken.toAct(s)).toEqual([0, 2]);
    expect(halunken.legalActions(s, 1)).toEqual([]);
    expect(halunken.view(s, 1).ownChoice).toBe(6);
    expect(halunken.view(s, 0).ownChoice).toBeNull();
    expect(halunken.view(s, null).chosen).toEqual([false, true, false]);
    expect(() => halunken.apply(s, 1, { type: 'choose', card: 2 })).toThrow(IllegalAction);
  });

  it('a used movement card cannot be chosen again', () => {
    const { s } = run(three(), ...chooseAll(1, 2, 3));
    expect(s.hands[0]).toEqual([2, 3, 4, 5, 6, 7, RUM]);
    expect(halunken.legalActions(s, 0)).not.toContainEqual({ type: 'choose', card: 1 });
    expect(() => halunken.apply(s, 0, { type: 'choose', card: 1 })).toThrow(IllegalAction);
  });

  it('two Rums cancel each other like equal numbers', () => {
    const { s, events } = run(three(), ...chooseAll(RUM, RUM, 2));
    expect(ofType(events, 'revealed')[0]?.laid.map((l) => l.cancelled)).toEqual([true, true, false]);
    expect(ofType(events, 'rumNamed')).toEqual([]);
    expect(s.captains).toEqual([0, 4, 10]);
  });

  it('staying captains take their card before anyone moves, then the others move in ascending order', () => {
    const s0 = position({ captains: [0, 2, 5, 9], crews: [[], [], [], []] });
    const { events } = run(s0, ...chooseAll(4, 6, 1, 6));
    const order = events
      .filter((e) => e.type === 'tookTavernCard' || e.type === 'moved')
      .map((e) => `${e.type === 'moved' ? 'move' : 'take'}:${(e as { seat?: Seat; piece?: Seat }).seat ?? (e as { piece: Seat }).piece}`);
    expect(order).toEqual(['take:1', 'take:3', 'move:2', 'take:2', 'move:0', 'take:0']);
  });

  it("a Rum named as a number moves in that number's place in the order", () => {
    const s0 = position({ captains: [0, 3, 6], crews: [[], [], []] });
    const { s, events } = run(s0, ...chooseAll(RUM, 6, 2), [0, { type: 'rum', number: 4 }]);
    expect(ofType(events, 'moved').map((e) => e.piece)).toEqual([2, 0, 1]);
    expect(s.captains).toEqual([4, 9, 8]);
  });

  it('an empty tavern gives nothing', () => {
    const s0 = position({ captains: [0, 3, 6], crews: [[], [], []], taverns: { 1: [] } });
    const { s, events } = run(s0, ...chooseAll(1, 2, 3));
    expect(ofType(events, 'tavernEmpty')).toEqual([{ type: 'tavernEmpty', seat: 0, space: 1 }]);
    expect(s.crews[0]).toEqual([]);
  });
});

describe('Halunken: the auction', () => {
  const auction = (order: Seat[], crews: SailorCard[][]) =>
    position({
      variant: 'standard',
      captains: [2, 4, 6],
      crews,
      blackJack: 0,
      phase: { name: 'auction', order, bids: [], passed: [] },
    });

  it('each player once, in seat order from the opener, passes or beats the best offer; the best offer is paid into the harbour', () => {
    const s0 = auction(
      [1, 2, 0],
      [
        [v(5), r(15)],
        [y(5), r(9)],
        [y(6), g(5)],
      ],
    );
    expect(halunken.toAct(s0)).toEqual([1]);
    const afterFirst = halunken.apply(s0, 1, { type: 'bid', card: y(5) });
    expect(halunken.legalActions(afterFirst, 2)).toEqual([{ type: 'pass' }, { type: 'bid', card: y(6) }]);
    expect(() => halunken.apply(afterFirst, 2, { type: 'bid', card: g(5) })).toThrow(IllegalAction);
    const { s, events } = run(afterFirst, [2, { type: 'bid', card: y(6) }], [0, { type: 'bid', card: r(15) }]);
    expect(ofType(events, 'hired')).toEqual([{ type: 'hired', seat: 0, card: r(15) }]);
    expect(s.harbour).toEqual([r(15)]);
    expect(s.crews[0]).toEqual([v(5)]);
    // Outbid offers stay with their players.
    expect(s.crews[1]).toEqual([y(5), r(9)]);
    expect(s.hirer).toBe(0);
    expect(s.phase).toEqual({ name: 'choose' });
  });

  it('a player whose time ran out passes rather than paying into the harbour', () => {
    const s0 = auction(
      [1, 2, 0],
      [
        [v(5), r(15)],
        [y(5), r(9)],
        [y(6), g(5)],
      ],
    );
    expect(halunken.timeoutAction?.(s0, 1)).toEqual({ type: 'pass' });
  });

  it('a player who cannot beat the best offer passes without being asked, and the event says he could not bid', () => {
    const s0 = auction([1, 2, 0], [[v(14)], [r(15)], [y(3)]]);
    const { s, events } = run(s0, [1, { type: 'bid', card: r(15) }]);
    expect(events.map((e) => e.type)).toEqual(['bid', 'passed', 'passed', 'hired']);
    expect(ofType(events, 'passed')).toEqual([
      { type: 'passed', seat: 2, couldNotBid: true },
      { type: 'passed', seat: 0, couldNotBid: true },
    ]);
    expect(s.hirer).toBe(1);
    // A pass chosen by a player who could have bid says nothing more.
    const chosen = halunken.apply(s0, 1, { type: 'pass' });
    expect(ofType(chosen.events, 'passed')).toEqual([{ type: 'passed', seat: 1 }]);
  });

  it('nobody hires when all pass', () => {
    const { s, events } = run(auction([0, 1, 2], [[y(1)], [y(2)], [y(3)]]), [0, { type: 'pass' }], [1, { type: 'pass' }], [2, { type: 'pass' }]);
    expect(ofType(events, 'notHired')).toHaveLength(1);
    expect(s.hirer).toBeNull();
    expect(s.harbour).toEqual([]);
  });

  it('the highest starting card opens until someone hires; afterwards the last hirer opens', () => {
    // A quiet round: all lay 1 and stay at empty taverns, Black Jack steps 1 past nobody.
    const quietRound = (lastHirer: Seat | null) =>
      position({
        variant: 'standard',
        captains: [2, 4, 6],
        crews: [[y(1)], [y(2)], [y(3)]],
        taverns: { 2: [], 4: [], 6: [] },
        blackJack: 0,
        blackJackDeck: [5, 1],
        firstBidder: 2,
        lastHirer,
      });
    expect(run(quietRound(null), ...chooseAll(1, 1, 1)).s.phase).toMatchObject({ name: 'auction', order: [2, 0, 1] });
    expect(run(quietRound(1), ...chooseAll(1, 1, 1)).s.phase).toMatchObject({ name: 'auction', order: [1, 2, 0] });
  });
});
