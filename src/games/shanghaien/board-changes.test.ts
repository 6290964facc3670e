import { describe, expect, it } from 'vitest';
import { seedRng } from '../../engine/index.js';
import { freshFlags, turnChanges } from './board-changes.js';
import { shanghaien, type ShanghaienState } from './rules.js';
import { act, position, sailor, trick } from './test-positions.js';

const view = (s: ShanghaienState) => shanghaien.view(s, null);

describe('Shanghaien: what the latest turn changed', () => {
  it('keeps a whole turn in the view, from the roll to the placement, until the next turn begins', () => {
    const start = shanghaien.setup({ seats: 2, seed: 'turn', options: {} });
    expect(view(start).turn.map((e) => e.type)).toEqual(['round-started']);
    const seat = start.current;
    const rolled = act(start, { type: 'roll' });
    const [a] = rolled.rolled as [number, number];
    const placed = act(rolled, { type: 'orient', first: 'left' }, { type: 'place', pips: a });
    // The step's own events are only the placement; the turn holds the roll and the numbering too.
    expect(view(placed).events.map((e) => e.type)).toEqual(['placed']);
    expect(view(placed).turn.map((e) => e.type)).toEqual(['rolled', 'oriented', 'placed']);
    const changes = turnChanges(view(placed));
    expect(changes).toMatchObject({ seat, roll: rolled.rolled, placed: [a], trick: null, numbered: true, distribution: null });
    // The other player's roll starts his turn.
    const next = act(placed, { type: 'roll' });
    expect(view(next).turn.map((e) => e.type)).toEqual(['rolled']);
    expect(turnChanges(view(next)).seat).toBe(1 - seat);
  });

  it('tells the trick of the turn: ±1 with the die it changed, a joker with its nation', () => {
    const adjusted = act(position({ rolled: [3, 5], crews: [{ tricks: [trick('adjust')] }, {}] }), { type: 'adjust', from: 3, to: 4 });
    expect(turnChanges(view(adjusted))).toMatchObject({ seat: 0, placed: [4], trick: { effect: 'adjust', from: 3, to: 4 } });
    const joker = act(
      position({ rolled: [3, 5], crews: [{ sailors: [sailor('dutch', 3)], tricks: [trick('reroll')] }, {}] }),
      { type: 'joker', effect: 'reroll', nation: 'dutch' },
      { type: 'place', pips: 5 },
    );
    const changes = turnChanges(view(joker));
    expect(changes.trick).toEqual({ effect: 'joker', nation: 'dutch', card: 'reroll' });
    expect(changes.received[0]?.jokers).toEqual([{ nation: 'dutch', effect: 'reroll' }]);
  });

  it('tells a shanghai: who ended which round, and the cards each player just received', () => {
    const s = act(position({ dice: [[1, 1], [2]], crews: [{ sailors: [sailor('american', 3)] }, {}] }), { type: 'shanghai' });
    const changes = turnChanges(view(s));
    expect(changes.distribution).toMatchObject({ seat: 0, round: 4 });
    expect(changes.received[0]?.cards).toEqual([sailor('american', 1)]);
    expect(changes.received[1]?.cards).toEqual([sailor('french', 2)]);
    expect(changes.placed).toEqual([]);
  });

  it('reads a state stored before turns were kept from its latest events', () => {
    const s = act(position({ rolled: [2, 6] }), { type: 'place', pips: 6 });
    const { turn: _turn, ...old } = s;
    expect(view(old as ShanghaienState).turn).toEqual(s.events);
  });

  it('holds nothing hidden: a new round dealt by a shanghai looks the same whatever the order of the rest of the pile', () => {
    const s = act(position({ dice: [[1, 1], [2]] }), { type: 'shanghai' });
    const other = { ...s, drawPile: [...s.drawPile].reverse(), rng: seedRng('other') };
    expect(view(other).turn).toEqual(view(s).turn);
  });

  it('rings the last equal cards of a crew for the cards just received', () => {
    const same = (x: number, y: number) => x === y;
    expect(freshFlags([1, 2, 2, 3], [2], same)).toEqual([false, false, true, false]);
    expect(freshFlags([1, 2, 2, 3], [2, 2, 3], same)).toEqual([false, true, true, true]);
    expect(freshFlags([1, 2], [], same)).toEqual([false, false]);
  });
});
