import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../ai/index.js';
import { nextUint32, seedRng, type Seat } from '../../engine/index.js';
import { estimate } from './estimate.js';
import { playoutAction, searchActions } from './playout.js';
import { freibeuter, type FreibeuterState } from './rules.js';
import { B2, position } from './test-positions.js';

/** Random games (the policy playing every other step), checking the policy in every state on the way. */
function eachRandomState(seats: number, games: number, check: (s: FreibeuterState) => void): void {
  for (let game = 0; game < games; game++) {
    const rng = seedRng(`policy-${seats}-${game}`);
    let s = freibeuter.setup({ seats, seed: `policy-${seats}-${game}`, options: freibeuter.options.parse({}) });
    for (let step = 0; !freibeuter.isOver(s) && step < 400; step++) {
      check(s);
      const seat = freibeuter.toAct(s)[0] as Seat;
      const legal = freibeuter.legalActions(s, seat);
      const action = step % 2 === 0 ? playoutAction(s, seat, legal, rng) : legal[nextUint32(rng) % legal.length];
      s = freibeuter.apply(s, seat, action as (typeof legal)[number]);
    }
    check(s);
  }
}

describe('Freibeuter playout policy and estimate', () => {
  it('the playout policy always chooses a legal action', () => {
    const rng = seedRng('choices');
    for (const seats of [2, 3, 4]) {
      eachRandomState(seats, 6, (s) => {
        if (freibeuter.isOver(s)) return;
        const seat = s.current;
        const legal = freibeuter.legalActions(s, seat);
        const keys = legal.map((a) => JSON.stringify(a));
        for (let k = 0; k < 3; k++) expect(keys).toContain(JSON.stringify(playoutAction(s, seat, legal, rng)));
      });
    }
  });

  it('the playout policy boards no ship with fewer than four boats, and closes a ring that pays', () => {
    const rng = seedRng('few');
    const few = position({ seats: 2, supply: [3, 20], hands: [{ sea: ['A1', 'A2', 'G6', 'G7'], dutchman: ['D'] }] });
    const legal = freibeuter.legalActions(few, 0);
    for (let k = 0; k < 50; k++) expect(playoutAction(few, 0, legal, rng).type).not.toBe('board');
    const ring = position({
      seats: 2,
      boats: { B2: [0], B3: [0], C2: [1] },
      boarded: { [B2]: 0 },
      hands: [{ sea: ['C3', 'A1', 'A2', 'G7'], dutchman: ['D'] }],
    });
    expect(playoutAction(ring, 0, freibeuter.legalActions(ring, 0), rng)).toEqual({ type: 'place', field: 'C3' });
  });

  it('the search tries no boarding the playouts would not, unless nothing else is legal', () => {
    const few = position({ seats: 2, supply: [3, 20], hands: [{ sea: ['A1', 'A2', 'G6', 'G7'], dutchman: ['D'] }] });
    const legal = freibeuter.legalActions(few, 0);
    expect(legal.some((a) => a.type === 'board')).toBe(true);
    const tried = searchActions(few, 0, legal);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.every((a) => a.type !== 'board')).toBe(true);
    // With boats to spare a ring with two empty fields left is worth boarding.
    const ring = position({ seats: 2, boats: { B2: [1], B3: [1] }, hands: [{ sea: ['A1', 'A2', 'G6', 'G7'], dutchman: ['D'] }] });
    expect(searchActions(ring, 0, freibeuter.legalActions(ring, 0))).toContainEqual({ type: 'board', point: B2 });
  });

  it('estimates every state within [0, 1], summing to what the seats share', () => {
    for (const seats of [2, 4]) {
      eachRandomState(seats, 4, (s) => {
        const e = estimate(s);
        expect(e).toHaveLength(seats);
        for (const x of e) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
        }
        expect(e.reduce((a, b) => a + b, 0)).toBeCloseTo(seats / 2, 6);
      });
    }
  });

  it('estimates the seat ahead (treasure, ships, no loans, a ship about to be won) above the others', () => {
    const even = position({ seats: 3 });
    expect(estimate(even)).toEqual([0.5, 0.5, 0.5]);
    const [rich, poor] = estimate(position({ seats: 2, treasure: [40, 20] })) as [number, number];
    expect(rich).toBeGreaterThan(0.5);
    expect(poor).toBeLessThan(0.5);
    const [withShip] = estimate(position({ seats: 2, ships: [[15], []] })) as [number];
    expect(withShip).toBeGreaterThan(0.5);
    const [inDebt] = estimate(position({ seats: 2, loans: [[6], []] })) as [number];
    expect(inDebt).toBeLessThan(0.5);
    const [boarder] = estimate(position({ seats: 2, boats: { B2: [0], B3: [0], C2: [0] }, boarded: { [B2]: 0 } })) as [number];
    expect(boarder).toBeGreaterThan(0.5);
  });

  it('the bot boards no ship when it has no boats to spare', () => {
    // Seat 0 has two boats left and is behind (a player without boats ends the game); the ships'
    // rings are empty, and it may take treasure at A1 and G7, where its boats lie.
    const s = position({
      seats: 2,
      supply: [2, 12],
      treasure: [20, 26],
      boats: { A1: [0], G7: [0] },
      hands: [{ sea: ['A1', 'A2', 'G6', 'G7'], dutchman: ['D'] }],
    });
    expect(freibeuter.legalActions(s, 0).filter((a) => a.type === 'board').length).toBeGreaterThan(20);
    for (const seed of ['a', 'b', 'c']) expect(chooseAction(freibeuter, s, 0, { level: 'normal', seed }).type).not.toBe('board');
  });
});
