import { describe, expect, it } from 'vitest';
import { type Seat } from '../../engine/index.js';
import { BLACK_JACK, halunken, type HalunkenAction, type HalunkenEvent, type HalunkenOptions, type HalunkenState } from './rules.js';
import { RUM, scoreCrew, type SailorCard } from './cards.js';
import { y, g, v, r, position, run, chooseAll, ofType, BLUE, RED, GREEN, YELLOW } from './test-positions.js';

describe('Halunken: the rulebook example of moving (blue 5, red 3, green 5, yellow Rum as 1)', () => {
  // Yellow (on 4) will land on red (on 5); red, displaced to 6, then walks 3 to 9.
  const start = () =>
    position({
      captains: [0, 5, 11, 4],
      crews: [[y(1)], [g(2), g(3), v(3)], [y(2)], [y(3)]],
      taverns: { 0: [g(4)], 11: [g(5)], 5: [y(4), v(4)], 6: [v(6)], 9: [r(4)] },
    });

  it('Rum may be any number 1-7 that no one else laid, cancelled fives included', () => {
    const { s } = run(start(), ...chooseAll(5, 3, 5, RUM));
    expect(s.phase).toEqual({ name: 'rum', seat: YELLOW, piece: YELLOW });
    expect(halunken.toAct(s)).toEqual([YELLOW]);
    expect(halunken.legalActions(s, YELLOW)).toEqual([1, 2, 4, 6, 7].map((number) => ({ type: 'rum', number })));
    expect(s.laid).toEqual([
      { piece: BLUE, card: 5, cancelled: true, steps: null },
      { piece: RED, card: 3, cancelled: false, steps: 3 },
      { piece: GREEN, card: 5, cancelled: true, steps: null },
      { piece: YELLOW, card: RUM, cancelled: false, steps: null },
    ]);
  });

  it('blue and green stay and take first; yellow moves 1 onto red, takes the tavern card, may rob red, then red moves on', () => {
    const before = run(start(), ...chooseAll(5, 3, 5, RUM), [YELLOW, { type: 'rum', number: 1 }]);
    const s = before.s;
    expect(s.crews[BLUE]).toEqual([y(1), g(4)]);
    expect(s.crews[GREEN]).toEqual([y(2), g(5)]);
    expect(s.captains[YELLOW]).toBe(5);
    expect(s.crews[YELLOW]).toEqual([y(3), v(4)]);
    // Two cards against red's three: yellow may take one of red's, or none.
    expect(s.phase).toEqual({ name: 'decide', decision: { kind: 'landingSteal', seat: YELLOW, victim: RED, by: 'captain' } });
    expect(halunken.legalActions(s, YELLOW)).toEqual([
      { type: 'steal', card: g(2) },
      { type: 'steal', card: g(3) },
      { type: 'steal', card: v(3) },
      { type: 'skipSteal' },
    ]);
    const after = run(s, [YELLOW, { type: 'steal', card: v(3) }]);
    expect(after.s.crews[YELLOW]).toEqual([y(3), v(4), v(3)]);
    // Red was put one space on (6, no card there), and walked 3 from there to 9.
    expect(after.s.captains[RED]).toBe(9);
    expect(after.s.crews[RED]).toEqual([g(2), g(3), r(4)]);
    expect(after.s.taverns[6]).toEqual([v(6)]);
    const events = [...before.events, ...after.events].filter((e) => ['tookTavernCard', 'moved', 'stole', 'displaced'].includes(e.type));
    expect(events).toEqual([
      { type: 'tookTavernCard', seat: BLUE, space: 0, card: g(4), nextTop: null },
      { type: 'tookTavernCard', seat: GREEN, space: 11, card: g(5), nextTop: null },
      { type: 'moved', piece: YELLOW, from: 4, to: 5, steps: 1 },
      { type: 'tookTavernCard', seat: YELLOW, space: 5, card: v(4), nextTop: y(4) },
      { type: 'stole', seat: YELLOW, from: RED, card: v(3), by: 'captain' },
      { type: 'displaced', piece: RED, from: 5, to: 6 },
      { type: 'moved', piece: RED, from: 6, to: 9, steps: 3 },
      { type: 'tookTavernCard', seat: RED, space: 9, card: r(4), nextTop: null },
    ]);
    expect(after.s.round).toBe(2);
    expect(after.s.played.map((p) => p)).toEqual([[5], [3], [5], [RUM]]);
  });
});

describe('Halunken: landing on a captain', () => {
  // Seat 0 on 1 moves 2 onto seat 1 on 3.
  const landing = (crew0: SailorCard[], crew1: SailorCard[], extra: Partial<{ captain2: number }> = {}) =>
    position({
      captains: [1, 3, extra.captain2 ?? 10],
      crews: [crew0, crew1, []],
      taverns: { 3: [y(12)], 4: [g(13)] },
    });

  it('may rob when holding as many cards as the victim after taking the tavern card', () => {
    const { s } = run(landing([y(1)], [y(2), y(3)]), ...chooseAll(2, 7, 5));
    expect(s.phase).toMatchObject({ name: 'decide', decision: { kind: 'landingSteal', seat: 0, victim: 1 } });
  });

  it('may not rob when holding more cards; the victim is displaced all the same', () => {
    const { s, events } = run(landing([y(1), y(4)], [y(2), y(3)]), ...chooseAll(2, 7, 5));
    expect(ofType(events, 'noSteal')).toEqual([{ type: 'noSteal', seat: 0, from: 1, by: 'captain', reason: 'moreCards' }]);
    expect(s.crews[1]?.slice(0, 2)).toEqual([y(2), y(3)]);
    expect(ofType(events, 'displaced')).toEqual([{ type: 'displaced', piece: 1, from: 3, to: 4 }]);
  });

  it('a victim without cards cannot be robbed', () => {
    const { events } = run(landing([], []), ...chooseAll(2, 7, 5));
    expect(ofType(events, 'noSteal')).toEqual([{ type: 'noSteal', seat: 0, from: 1, by: 'captain', reason: 'noCards' }]);
  });

  it('robbing is optional; the victim is displaced either way, and gets no card on his new space', () => {
    const { s, events } = run(landing([y(1)], [y(2), y(3)]), ...chooseAll(2, 7, 5), [0, { type: 'skipSteal' }]);
    expect(ofType(events, 'declinedSteal')).toEqual([{ type: 'declinedSteal', seat: 0, from: 1 }]);
    expect(ofType(events, 'displaced')).toEqual([{ type: 'displaced', piece: 1, from: 3, to: 4 }]);
    expect(s.crews[0]).toEqual([y(1), y(12)]);
    // Seat 1 moved 7 later from 4, so he ends on 11 with the card there, not the grey 13 on 4.
    expect(s.captains[1]).toBe(11);
    expect(s.crews[1]).not.toContainEqual(g(13));
  });

  it('the displaced captain goes to the next free space, skipping occupied ones', () => {
    // Seats 1-3 cancel and stay; the empty tavern leaves seat 1 without cards, so nothing to rob.
    const s0 = position({ captains: [1, 3, 4, 5], crews: [[], [], [], []], taverns: { 3: [] } });
    const { s, events } = run(s0, ...chooseAll(2, 6, 6, 6));
    expect(ofType(events, 'displaced')).toEqual([{ type: 'displaced', piece: 1, from: 3, to: 6 }]);
    expect(s.captains).toEqual([3, 6, 4, 5]);
  });

  it('a captain that has already moved is displaced without moving again', () => {
    // Seat 1 moves 1 (3 to 4), then seat 0 moves 3 (1 to 4) onto him; seat 0 holds more, so no theft.
    const s0 = position({ captains: [1, 3, 10], crews: [[y(1), y(2)], [], []], taverns: { 4: [g(4)] } });
    const { s, events } = run(s0, ...chooseAll(3, 1, 6));
    expect(ofType(events, 'moved').map((e) => e.piece)).toEqual([1, 0, 2]);
    expect(s.captains).toEqual([4, 5, 2]);
  });
});

describe('Halunken: the rulebook example of Black Jack (yellow moves him 8, past red and yellow, onto blue)', () => {
  // Black Jack on 0; red 3, yellow 5, blue 8, green 12. Everyone lays 7, so all stay and take a
  // card: then, as in the rulebook, yellow holds 4, red 5 and blue 4.
  const start = () =>
    position({
      variant: 'standard',
      captains: [8, 3, 12, 5],
      crews: [[y(1), y(2), y(3)], [g(2), g(3), g(4), g(5)], [v(3)], [r(4), r(5), r(8)]],
      taverns: { 8: [y(4)], 3: [g(6)], 12: [v(4)], 5: [r(6)] },
      harbour: [r(7)],
      blackJack: 0,
      blackJackDeck: [12, 11, 8],
      hirer: YELLOW,
    });

  it('lands on blue and goes one further; all three captains count as passed, in order', () => {
    const { s, events } = run(start(), ...chooseAll(7, 7, 7, 7));
    expect(s.crews.map((c) => c.length)).toEqual([4, 5, 2, 4]);
    expect(ofType(events, 'blackJackMoved')).toEqual([{ type: 'blackJackMoved', card: 8, from: 0, to: 9, passed: [RED, YELLOW, BLUE], hirer: YELLOW }]);
    expect(s.blackJack).toBe(9);
  });

  it('robs red, whom he passes first; then may not rob blue, since yellow now holds more; never robs yellow', () => {
    const reached = run(start(), ...chooseAll(7, 7, 7, 7));
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'robbery', seat: YELLOW, victim: RED } });
    expect(halunken.toAct(reached.s)).toEqual([YELLOW]);
    // The hirer chooses any of red's cards; robbing is not optional.
    expect(halunken.legalActions(reached.s, YELLOW)).toEqual([g(2), g(3), g(4), g(5), g(6)].map((card) => ({ type: 'steal', card })));
    const done = run(reached.s, [YELLOW, { type: 'steal', card: g(6) }]);
    expect(done.s.crews[YELLOW]).toContainEqual(g(6));
    expect(done.s.crews.map((c) => c.length)).toEqual([4, 4, 2, 5]);
    expect(ofType(done.events, 'stole')).toEqual([{ type: 'stole', seat: YELLOW, from: RED, card: g(6), by: 'blackJack' }]);
    expect(ofType(done.events, 'noSteal')).toEqual([{ type: 'noSteal', seat: YELLOW, from: BLUE, by: 'blackJack', reason: 'moreCards' }]);
    // The round is over; the next auction is opened by the last hirer.
    expect(done.s.round).toBe(2);
    expect(done.s.phase).toMatchObject({ name: 'auction', order: [YELLOW, BLUE, RED, GREEN] });
  });
});

describe('Halunken: Black Jack in the game for three or four', () => {
  const base = (over: Partial<Parameters<typeof position>[0]> = {}) =>
    position({
      variant: 'standard',
      captains: [2, 4, 6],
      crews: [[y(1)], [y(2), y(3)], [y(4), y(5), y(6)]],
      taverns: { 2: [g(2)], 4: [g(3)], 6: [g(4)] },
      blackJack: 0,
      blackJackDeck: [9, 7],
      ...over,
    });

  it('moves after all captains, by his top card, and his cards are used one per round', () => {
    const { s, events } = run(base({ hirer: 0 }), ...chooseAll(1, 1, 1));
    const types = events.map((e) => e.type);
    expect(types.indexOf('blackJackMoved')).toBeGreaterThan(types.lastIndexOf('tookTavernCard'));
    expect(s.blackJackPlayed).toEqual([7]);
    expect(s.blackJackDeck).toEqual([9]);
    expect(s.blackJack).toBe(7);
  });

  it('robs the passed captains in passing order, each theft counting for the next condition', () => {
    // After staying: seat 0 (the hirer) holds 2, seat 1 holds 3, seat 2 holds 4. He passes 1, then 2.
    const reached = run(base({ hirer: 0 }), ...chooseAll(1, 1, 1));
    expect(reached.s.phase).toMatchObject({ decision: { kind: 'robbery', victim: 1 } });
    const second = run(reached.s, [0, { type: 'steal', card: y(2) }]);
    expect(second.s.phase).toMatchObject({ decision: { kind: 'robbery', victim: 2 } });
    const done = run(second.s, [0, { type: 'steal', card: y(6) }]);
    expect(done.s.crews[0]).toEqual([y(1), g(2), y(2), y(6)]);
    // Seat 2 holding 2 could have been robbed before the first theft, but not after it.
    const fewer = run(base({ hirer: 0, crews: [[y(1)], [y(2), y(3)], [y(4)]] }), ...chooseAll(1, 1, 1));
    const after = run(fewer.s, [0, { type: 'steal', card: y(3) }]);
    expect(ofType(after.events, 'noSteal')).toEqual([{ type: 'noSteal', seat: 0, from: 2, by: 'blackJack', reason: 'moreCards' }]);
    // As many cards as the hirer is enough.
    const equal = run(base({ hirer: 0, crews: [[y(1)], [y(2)], [y(4), y(5)]] }), ...chooseAll(1, 1, 1));
    expect(equal.s.crews.map((c) => c.length)).toEqual([2, 2, 3]);
    expect(equal.s.phase).toMatchObject({ decision: { kind: 'robbery', seat: 0, victim: 1 } });
  });

  it('a captain landing on Black Jack takes the tavern card, then a harbour card of his choice, then Black Jack is displaced', () => {
    const s0 = base({ hirer: 1, harbour: [r(15), v(9)], captains: [12, 4, 6], taverns: { 0: [g(13)] }, blackJackDeck: [1] });
    const reached = run(s0, ...chooseAll(2, 1, 1));
    expect(reached.s.crews[0]).toEqual([y(1), g(13)]);
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'harbour', seat: 0, hirer: null } });
    // Regardless of counts: the harbour is Black Jack's, not a captain's.
    expect(halunken.legalActions(reached.s, 0)).toEqual([
      { type: 'takeFromHarbour', card: v(9) },
      { type: 'takeFromHarbour', card: r(15) },
    ]);
    const done = run(reached.s, [0, { type: 'takeFromHarbour', card: r(15) }]);
    expect(done.s.harbour).toEqual([v(9)]);
    expect(ofType(done.events, 'displaced')).toEqual([{ type: 'displaced', piece: BLACK_JACK, from: 0, to: 1 }]);
    // His own move afterwards starts from the space he was displaced to.
    expect(ofType(done.events, 'blackJackMoved')[0]).toMatchObject({ from: 1, card: 1 });
  });

  it('landing on Black Jack with an empty harbour only displaces him', () => {
    const s0 = base({ captains: [12, 4, 6], blackJackDeck: [3] });
    const { events } = run(s0, ...chooseAll(2, 1, 1));
    expect(ofType(events, 'harbourEmpty')).toEqual([{ type: 'harbourEmpty', seat: 0 }]);
    expect(ofType(events, 'displaced')[0]).toEqual({ type: 'displaced', piece: BLACK_JACK, from: 0, to: 1 });
  });

  it('hired by nobody, he takes a card from every captain he passes, whatever the counts; the victims choose; cards go to the harbour', () => {
    const s0 = base({ crews: [[y(1), y(7)], [], [y(4), y(5), y(6)]], taverns: { 2: [], 4: [], 6: [] } });
    const reached = run(s0, ...chooseAll(1, 1, 1));
    expect(ofType(reached.events, 'blackJackMoved')[0]).toMatchObject({ passed: [0, 1, 2], hirer: null });
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'give', seat: 0 } });
    expect(halunken.toAct(reached.s)).toEqual([0]);
    const second = run(reached.s, [0, { type: 'give', card: y(1) }]);
    // Seat 1 has nothing to give; seat 2 chooses.
    expect(ofType(second.events, 'noSteal')).toEqual([{ type: 'noSteal', seat: null, from: 1, by: 'blackJack', reason: 'noCards' }]);
    expect(second.s.phase).toEqual({ name: 'decide', decision: { kind: 'give', seat: 2 } });
    const done = run(second.s, [2, { type: 'give', card: y(4) }]);
    expect(done.s.harbour).toEqual([y(1), y(4)]);
    expect(done.s.crews[0]).toEqual([y(7)]);
  });

  it('a victim with a single card gives it without being asked', () => {
    const s0 = base({ crews: [[y(1)], [], []], captains: [2, 10, 12], taverns: { 2: [] } });
    const { s, events } = run(s0, ...chooseAll(1, 1, 1));
    expect(ofType(events, 'gave')).toEqual([{ type: 'gave', seat: 0, card: y(1) }]);
    expect(s.round).toBe(2);
  });
});

/** Three players each taking their first legal action until the game ends: the end, and every event, the deal's included. */
function firstChoicesToTheEnd(seed: string, options: HalunkenOptions): { s: HalunkenState; events: HalunkenEvent[] } {
  let s = halunken.setup({ seats: 3, seed, options });
  const events: HalunkenEvent[] = [...s.events];
  while (!halunken.isOver(s)) {
    const seat = halunken.toAct(s)[0] as Seat;
    s = halunken.apply(s, seat, halunken.legalActions(s, seat)[0] as HalunkenAction);
    events.push(...s.events);
  }
  return { s, events };
}

describe('Halunken: the end of a game', () => {
  it('lasts 8 rounds; Black Jack moves 8 times and 4 of his cards stay unused', () => {
    const { s, events } = firstChoicesToTheEnd('eight', { variant: 'standard', long: false });
    expect(ofType(events, 'roundStarted').map((e) => e.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ofType(events, 'blackJackMoved')).toHaveLength(8);
    expect(s.blackJackDeck).toHaveLength(4);
    expect(s.hands.every((h) => h.length === 0)).toBe(true);
    expect(s.played.every((p) => p.length === 8)).toBe(true);
    const scored = ofType(events, 'gameScored');
    expect(scored).toHaveLength(1);
    expect(s.totals).toEqual(s.crews.map((c) => scoreCrew(c).score));
    expect(halunken.result(s)?.scores).toEqual(s.totals);
    expect(halunken.toAct(s)).toEqual([]);
  });

  it('in the last round everyone has one card left, so it is laid without asking', () => {
    const s0 = position({
      captains: [0, 4, 8],
      crews: [[], [], []],
      hands: [
        [3, 5],
        [3, 7],
        [RUM, 2],
      ],
      round: 7,
    });
    const { s } = run(s0, ...chooseAll(5, 7, 2));
    // Round 8 chose itself: 3, 3 cancel and the Rum needs its number.
    expect(s.round).toBe(8);
    expect(s.phase).toEqual({ name: 'rum', seat: 2, piece: 2 });
    expect(halunken.legalActions(s, 2)).toEqual([1, 2, 4, 5, 6, 7].map((number) => ({ type: 'rum', number })));
    const over = halunken.apply(s, 2, { type: 'rum', number: 7 });
    expect(halunken.isOver(over)).toBe(true);
  });

  it('ranks by score, equal scores sharing a place', () => {
    // The last round: all lay 1, cancel, and stay at empty taverns.
    const s0 = position({
      captains: [0, 4, 8],
      crews: [[y(5)], [g(5)], [r(15)]],
      hands: [
        [1, 2],
        [1, 2],
        [1, 2],
      ],
      round: 8,
      taverns: { 0: [], 4: [], 8: [] },
    });
    const { s } = run(s0, ...chooseAll(1, 1, 1));
    expect(halunken.result(s)).toEqual({ scores: [10, 10, 30], ranking: [[2], [0, 1]] });
  });
});

describe('Halunken: the long game', () => {
  it('plays three games with fresh deals, placement opened by the next seat each time, and adds the scores', () => {
    const { s, events } = firstChoicesToTheEnd('long', { variant: 'beginner', long: true });
    expect(ofType(events, 'gameStarted')).toEqual([
      { type: 'gameStarted', game: 1, firstPlacer: 0 },
      { type: 'gameStarted', game: 2, firstPlacer: 1 },
      { type: 'gameStarted', game: 3, firstPlacer: 2 },
    ]);
    const scored = ofType(events, 'gameScored');
    expect(scored.map((e) => e.game)).toEqual([1, 2, 3]);
    expect(s.gameScores).toHaveLength(3);
    const sums = [0, 1, 2].map((seat) => s.gameScores.reduce((t, g) => t + (g[seat] as number), 0));
    expect(s.totals).toEqual(sums);
    expect(halunken.result(s)?.scores).toEqual(sums);
    expect(ofType(events, 'roundStarted')).toHaveLength(24);
  });
});
