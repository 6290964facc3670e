import { describe, expect, it } from 'vitest';
import { decideAction } from '../../ai/index.js';
import { nextUint32, seedRng, type Seat } from '../../engine/index.js';
import { everyCardKnown, solveEndgame } from './endgame.js';
import { honderden, pointsOf, type HonderdenAction, type HonderdenState } from './rules.js';

/*
 * The exact search of two players' last tricks, held to a plain search over the rules themselves
 * (every play tried with `honderden.apply`; stuk declared and "ik dek" said as soon as they can
 * be, as the exact search assumes of both players).
 */

const determinize = (s: HonderdenState, seat: Seat, seed: string) => honderden.determinize?.(s, seat, seed) as HonderdenState;

/** States of random two-player matches in which the seat to act knows every card, with at most `cards` in hand. */
function endgames(matches: number, cards: number, target = 5): [HonderdenState, Seat][] {
  const out: [HonderdenState, Seat][] = [];
  for (let m = 0; m < matches; m++) {
    const rng = seedRng(`endgame-${m}`);
    let s = honderden.setup({ seats: 2, seed: `endgame-${m}`, options: { target } });
    for (let step = 0; step < 2000 && !honderden.isOver(s); step++) {
      const seat = honderden.toAct(s)[0] as Seat;
      if (everyCardKnown(s, seat) && (s.hands[seat] as unknown[]).length <= cards) out.push([s, seat]);
      // At random, but no wrong claim: hands then reach their last tricks.
      const legal = honderden.legalActions(s, seat).filter((a) => a.type !== 'claim' || pointsOf(s, seat).total >= 100);
      s = honderden.apply(s, seat, legal[nextUint32(rng) % legal.length] as HonderdenAction);
    }
  }
  return out;
}

/** The hand's worth for `seat` as the exact search counts it, worked out by trying every play with the rules. */
function plainValue(s: HonderdenState, seat: Seat, hand: number, gamePoints: number[]): number {
  if (s.hand !== hand || honderden.isOver(s)) {
    const result = s.lastResult;
    if (!result) throw new Error('the hand ended without a result');
    if (result.winner === null) {
      if (result.next === 'replay') return 0;
      const other = 1 - seat;
      return (result.points[seat]?.total ?? 0) - (result.points[other]?.total ?? 0);
    }
    const gained = (gamePoints[result.winner] as number) + result.gamePoints >= s.target ? 3 : result.gamePoints;
    const margin = ((result.points[seat]?.total ?? 0) - (result.points[1 - seat]?.total ?? 0)) / 4;
    return (result.winner === seat ? 1 : -1) * 1000 * gained + margin;
  }
  const mover = honderden.toAct(s)[0] as Seat;
  const legal = honderden.legalActions(s, mover);
  const forced = legal.find((a) => a.type === 'stuk') ?? legal.find((a) => a.type === 'claim' && pointsOf(s, mover).total >= 100);
  const options = forced ? [forced] : legal.filter((a) => a.type === 'play');
  const values = options.map((a) => plainValue(honderden.apply(s, mover, a), seat, hand, gamePoints));
  return mover === seat ? Math.max(...values) : Math.min(...values);
}

describe('Honderden exact endgame', () => {
  it('chooses a play worth as much as the best the rules allow (up to four cards each)', () => {
    let checked = 0;
    for (const [s, seat] of endgames(40, 4).filter((_, i) => i % 3 === 0)) {
      const action = solveEndgame(s, seat);
      if (action === undefined) continue;
      const value = (a: HonderdenAction) => plainValue(honderden.apply(s, seat, a), seat, s.hand, s.gamePoints);
      const plays = honderden.legalActions(s, seat).filter((a) => a.type === 'play');
      if (action.type === 'play') expect(value(action)).toBe(Math.max(...plays.map(value)));
      else expect(['claim', 'stuk']).toContain(action.type);
      if (action.type === 'claim') expect(pointsOf(s, seat).total).toBeGreaterThanOrEqual(100);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('decides the same for the state and for any determinization of it (every card is known to the seat)', () => {
    for (const [s, seat] of endgames(10, 9, 1).filter((_, i) => i % 4 === 0)) {
      const action = solveEndgame(s, seat);
      for (const seed of ['a', 'b']) expect(solveEndgame(determinize(s, seat, seed), seat)).toEqual(action);
    }
  });

  it("is the bot's decision there, the same for the real state and for a determinization (no search run)", () => {
    let solved = 0;
    for (const [s, seat] of endgames(10, 6, 1).filter((_, i) => i % 5 === 0)) {
      const decision = decideAction(honderden, s, seat, { level: 'hard', seed: 'decide' });
      if (solveEndgame(s, seat) === undefined) continue;
      solved++;
      expect(decision.iterations).toBe(0);
      expect(decideAction(honderden, determinize(s, seat, 'other'), seat, { level: 'hard', seed: 'decide' })).toEqual(decision);
    }
    expect(solved).toBeGreaterThan(5);
  });

  it('leaves positions with hidden cards to the search: the stock still there, or three players', () => {
    for (const seats of [2, 3]) {
      const rng = seedRng(`open-${seats}`);
      let s = honderden.setup({ seats, seed: `open-${seats}`, options: { target: 5 } });
      for (let step = 0; step < 300 && !honderden.isOver(s); step++) {
        const seat = honderden.toAct(s)[0] as Seat;
        if (seats === 3 || s.stock.length > 0) expect(solveEndgame(s, seat)).toBeUndefined();
        const legal = honderden.legalActions(s, seat);
        s = honderden.apply(s, seat, legal[nextUint32(rng) % legal.length] as HonderdenAction);
      }
    }
  });
});
