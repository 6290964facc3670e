import { describe, expect, it } from 'vitest';
import { type Seat } from '../../engine/index.js';
import { halunken, type HalunkenAction } from './rules.js';
import { type SailorCard } from './cards.js';
import { y, g, v, r, position, run } from './test-positions.js';

describe('Halunken: setup', () => {
  it('deals three face-down cards on each of the 14 taverns; seat 0 places first', () => {
    const s = halunken.setup({ seats: 3, seed: 'deal', options: { variant: 'standard', long: false } });
    expect(s.taverns).toHaveLength(14);
    expect(s.taverns.every((t) => t.length === 3)).toBe(true);
    expect(halunken.toAct(s)).toEqual([0]);
    expect(halunken.legalActions(s, 0)).toHaveLength(14);
    expect(halunken.legalActions(s, 1)).toEqual([]);
    const spectator = halunken.view(s, null);
    expect(spectator.taverns.every((t) => t.top === null && t.hidden === 3)).toBe(true);
    expect(s.blackJackDeck).toHaveLength(12);
  });

  it('each captain takes the top card of its tavern; the tops are turned up once all are placed', () => {
    let s = halunken.setup({ seats: 3, seed: 'place', options: { variant: 'beginner', long: false } });
    const topOf = (space: number) => s.taverns[space]?.at(-1);
    const first = topOf(4);
    s = halunken.apply(s, 0, { type: 'place', space: 4 });
    expect(s.crews[0]).toEqual([first]);
    expect(s.events).toEqual([{ type: 'captainPlaced', seat: 0, space: 4, card: first }]);
    expect(halunken.view(s, null).taverns[4]).toEqual({ top: null, hidden: 2 });
    expect(halunken.legalActions(s, 1)).not.toContainEqual({ type: 'place', space: 4 });
    s = halunken.apply(s, 1, { type: 'place', space: 9 });
    expect(halunken.view(s, 2).taverns.every((t) => t.top === null)).toBe(true);
    s = halunken.apply(s, 2, { type: 'place', space: 13 });
    expect(s.events.map((e) => e.type)).toEqual(['captainPlaced', 'tavernsOpened', 'roundStarted']);
    const taverns = halunken.view(s, null).taverns;
    expect(taverns[4]).toEqual({ top: s.taverns[4]?.at(-1), hidden: 1 });
    expect(taverns[0]).toEqual({ top: s.taverns[0]?.at(-1), hidden: 2 });
    // Beginner game: no Black Jack, the first round starts with the secret choice.
    expect(s.phase).toEqual({ name: 'choose' });
    expect(halunken.toAct(s)).toEqual([0, 1, 2]);
  });

  const placing = (taverns: Record<number, SailorCard[]>) =>
    position({
      variant: 'standard',
      captains: [null, null, null, null],
      taverns,
      round: 0,
      tavernsOpen: false,
      phase: { name: 'placeCaptain', seat: 0 },
    });

  it('the lowest starting card places Black Jack and the highest opens the first auction; ties go by colour, yellow first', () => {
    // Starting cards: seat 0 red 4, seat 1 yellow 11, seat 2 yellow 4, seat 3 violet 11.
    const s0 = placing({ 0: [r(4)], 1: [y(11)], 2: [y(4)], 3: [v(11)] });
    const { s } = run(
      s0,
      [0, { type: 'place', space: 0 }],
      [1, { type: 'place', space: 1 }],
      [2, { type: 'place', space: 2 }],
      [3, { type: 'place', space: 3 }],
    );
    expect(s.phase).toEqual({ name: 'placeBlackJack', seat: 2 });
    expect(s.firstBidder).toBe(1);
    expect(halunken.legalActions(s, 2).map((a) => (a as { space: number }).space)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const placed = halunken.apply(s, 2, { type: 'placeBlackJack', space: 7 });
    expect(placed.blackJack).toBe(7);
    expect(placed.events.map((e) => e.type)).toEqual(['blackJackPlaced', 'roundStarted', 'auctionStarted']);
    expect(halunken.toAct(placed)).toEqual([1]);
  });

  it('the colour order: grey before violet before red', () => {
    const s0 = placing({ 0: [r(9)], 1: [v(9)], 2: [g(9)], 3: [r(15)] });
    const { s } = run(s0, ...[0, 1, 2, 3].map((seat): [Seat, HalunkenAction] => [seat, { type: 'place', space: seat }]));
    expect(s.phase).toEqual({ name: 'placeBlackJack', seat: 2 });
    expect(s.firstBidder).toBe(3);
  });
});
