import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, seedRng, type Seat } from '../../engine/index.js';
import {
  BLACK_JACK,
  halunken,
  halunkenOptions,
  seatRange,
  type HalunkenAction,
  type HalunkenEvent,
  type HalunkenOptions,
  type HalunkenState,
  type Phase,
} from './rules.js';
import {
  BLACK_JACK_CARDS,
  CAPTAIN_CARDS,
  COLOURS,
  RUM,
  SAILOR_CARDS,
  SAILOR_VALUES,
  sameCard,
  scoreCrew,
  type MovementCard,
  type SailorCard,
} from './cards.js';
import { SPACES } from './board.js';

// Sailor cards by colour: y(5) is the yellow 5, g grey, v violet, r red.
const y = (value: number): SailorCard => ({ colour: 'yellow', value });
const g = (value: number): SailorCard => ({ colour: 'grey', value });
const v = (value: number): SailorCard => ({ colour: 'violet', value });
const r = (value: number): SailorCard => ({ colour: 'red', value });

/**
 * A hand-made position, in the choose phase of round 1 unless told otherwise. Sailor cards not
 * placed anywhere are spread over the taverns that were not given, so all 42 stay in play.
 */
function position(p: {
  variant?: HalunkenOptions['variant'];
  captains: (number | null)[];
  crews?: SailorCard[][];
  /** Tavern contents by space, top card last. */
  taverns?: Record<number, SailorCard[]>;
  harbour?: SailorCard[];
  blackJack?: number | null;
  /** Top card last. */
  blackJackDeck?: MovementCard[];
  hirer?: Seat | null;
  lastHirer?: Seat | null;
  firstBidder?: Seat | null;
  round?: number;
  hands?: MovementCard[][];
  phase?: Phase;
  tavernsOpen?: boolean;
}): HalunkenState {
  const seats = p.captains.length;
  const variant = p.variant ?? 'beginner';
  const twoPlayer = variant === 'standard' && seats === 2;
  const crews = p.crews ?? p.captains.map(() => []);
  const given = p.taverns ?? {};
  const used = [...crews.flat(), ...Object.values(given).flat(), ...(p.harbour ?? [])];
  for (const card of used) expect(used.filter((c) => sameCard(c, card))).toHaveLength(1);
  const rest = SAILOR_CARDS.filter((card) => !used.some((c) => sameCard(c, card)));
  const open = Array.from({ length: SPACES }, (_, i) => i).filter((space) => !(space in given));
  const taverns = Array.from({ length: SPACES }, (_, space) => [...(given[space] ?? [])]);
  rest.forEach((card, i) => taverns[open[i % open.length] as number]?.push(card));
  const hands = p.hands ?? p.captains.map(() => [...CAPTAIN_CARDS]);
  const defaultDeck = variant === 'beginner' ? [] : twoPlayer ? [...CAPTAIN_CARDS] : [...BLACK_JACK_CARDS];
  return {
    variant,
    long: false,
    seats,
    twoPlayer,
    rng: seedRng('test'),
    game: 1,
    games: 1,
    round: p.round ?? 1,
    phase: p.phase ?? { name: 'choose' },
    taverns,
    tavernsOpen: p.tavernsOpen ?? true,
    crews: crews.map((c) => [...c]),
    harbour: [...(p.harbour ?? [])],
    removed: [],
    captains: [...p.captains],
    blackJack: p.blackJack ?? null,
    startCards: crews.map((c) => c[0] ?? null),
    firstBidder: p.firstBidder ?? null,
    lastHirer: p.lastHirer ?? p.hirer ?? null,
    hirer: p.hirer ?? null,
    hands: hands.map((h) => [...h]),
    played: hands.map((h) => CAPTAIN_CARDS.filter((c) => !h.includes(c))),
    choices: p.captains.map(() => null),
    blackJackChoice: null,
    blackJackDeck: p.blackJackDeck ?? defaultDeck,
    blackJackPlayed: [],
    laid: [],
    queue: [],
    totals: p.captains.map(() => 0),
    gameScores: [],
    resigned: p.captains.map(() => false),
    events: [],
  };
}

/** Applies the actions in order and collects the events of those actions. */
function run(s: HalunkenState, ...moves: [Seat, HalunkenAction][]): { s: HalunkenState; events: HalunkenEvent[] } {
  const events: HalunkenEvent[] = [];
  for (const [seat, action] of moves) {
    s = halunken.apply(s, seat, action);
    events.push(...s.events);
  }
  return { s, events };
}

/** Every seat chooses its card, seat 0 first. */
const chooseAll = (...cards: MovementCard[]): [Seat, HalunkenAction][] =>
  cards.map((card, seat) => [seat, { type: 'choose', card }]);

const ofType = <T extends HalunkenEvent['type']>(events: HalunkenEvent[], type: T) =>
  events.filter((e): e is Extract<HalunkenEvent, { type: T }> => e.type === type);

const countCards = (s: HalunkenState) =>
  s.taverns.flat().length + s.crews.flat().length + s.harbour.length + s.removed.length;

// Captains of the rulebook's examples, by seat.
const BLUE = 0;
const RED = 1;
const GREEN = 2;
const YELLOW = 3;

// ---------------------------------------------------------------------------------------------

describe('Halunken: the cards', () => {
  it('has 42 sailor cards: yellow 1-12, grey 2-11 and 13, violet 3-11 and 14, red 4-11 and 15', () => {
    expect(SAILOR_CARDS).toHaveLength(42);
    expect(SAILOR_VALUES.yellow).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(SAILOR_VALUES.grey).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
    expect(SAILOR_VALUES.violet).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 14]);
    expect(SAILOR_VALUES.red).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 15]);
    expect(new Set(SAILOR_CARDS.map((c) => `${c.colour}${c.value}`)).size).toBe(42);
  });

  it('doubles the colour with the most cards (the rulebook: 3 violet, 2 yellow, 5 grey doubles grey)', () => {
    const crew = [v(3), v(4), v(5), y(1), y(2), g(2), g(3), g(4), g(5), g(6)];
    expect(scoreCrew(crew)).toEqual({ cards: 10, sum: 12 + 3 + 20, doubled: 'grey', bonus: 20, score: 55 });
  });

  it('on a tie in cards doubles the colour worth most to the player, also when every colour has one card', () => {
    expect(scoreCrew([y(1), y(2), r(15), r(4), g(13)])).toMatchObject({ doubled: 'red', bonus: 19, score: 35 + 19 });
    expect(scoreCrew([y(12), g(2), v(14), r(4)])).toMatchObject({ doubled: 'violet', score: 32 + 14 });
    // Equal worth: the same score either way; the colour order names one.
    expect(scoreCrew([y(5), g(5)])).toMatchObject({ doubled: 'yellow', score: 15 });
  });

  it('a third card of a weak colour makes it the one that is doubled', () => {
    expect(scoreCrew([r(15), r(11), y(1), y(2)]).score).toBe(29 + 26);
    expect(scoreCrew([r(15), r(11), y(1), y(2), y(3)]).score).toBe(32 + 6);
  });

  it('an empty crew scores nothing', () => {
    expect(scoreCrew([])).toEqual({ cards: 0, sum: 0, doubled: null, bonus: 0, score: 0 });
  });
});

describe('Halunken: options and seats', () => {
  it('defaults to the standard game, one game long', () => {
    expect(halunkenOptions.parse({})).toEqual({ variant: 'standard', long: false });
  });

  it('allows 2-4 seats in the standard game and 3-4 in the beginner game', () => {
    expect(seatRange({ variant: 'standard' })).toEqual({ min: 2, max: 4 });
    expect(seatRange({ variant: 'beginner' })).toEqual({ min: 3, max: 4 });
    expect(halunken.minSeats).toBe(2);
    expect(halunken.maxSeats).toBe(4);
    expect(() => halunken.setup({ seats: 2, seed: 'x', options: { variant: 'beginner', long: false } })).toThrow(RangeError);
    expect(() => halunken.setup({ seats: 5, seed: 'x', options: { variant: 'standard', long: false } })).toThrow(RangeError);
    expect(() => halunken.setup({ seats: 1, seed: 'x', options: { variant: 'standard', long: false } })).toThrow(RangeError);
    expect(halunken.setup({ seats: 2, seed: 'x', options: { variant: 'standard', long: false } }).twoPlayer).toBe(true);
    expect(halunken.setup({ seats: 3, seed: 'x', options: { variant: 'standard', long: false } }).twoPlayer).toBe(false);
  });

  it('declares its id and rules version', () => {
    expect(halunken.id).toBe('halunken');
    expect(halunken.rulesVersion).toBe(1);
  });
});

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
    const events = [...before.events, ...after.events].filter((e) =>
      ['tookTavernCard', 'moved', 'stole', 'displaced'].includes(e.type),
    );
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

  it('a Rum named as a number moves in that number\'s place in the order', () => {
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
    expect(ofType(events, 'blackJackMoved')).toEqual([
      { type: 'blackJackMoved', card: 8, from: 0, to: 9, passed: [RED, YELLOW, BLUE], hirer: YELLOW },
    ]);
    expect(s.blackJack).toBe(9);
  });

  it('robs red, whom he passes first; then may not rob blue, since yellow now holds more; never robs yellow', () => {
    const reached = run(start(), ...chooseAll(7, 7, 7, 7));
    expect(reached.s.phase).toEqual({ name: 'decide', decision: { kind: 'robbery', seat: YELLOW, victim: RED } });
    expect(halunken.toAct(reached.s)).toEqual([YELLOW]);
    // The hirer chooses any of red's cards; robbing is not optional.
    expect(halunken.legalActions(reached.s, YELLOW)).toEqual(
      [g(2), g(3), g(4), g(5), g(6)].map((card) => ({ type: 'steal', card })),
    );
    const done = run(reached.s, [YELLOW, { type: 'steal', card: g(6) }]);
    expect(done.s.crews[YELLOW]).toContainEqual(g(6));
    expect(done.s.crews.map((c) => c.length)).toEqual([4, 4, 2, 5]);
    expect(ofType(done.events, 'stole')).toEqual([{ type: 'stole', seat: YELLOW, from: RED, card: g(6), by: 'blackJack' }]);
    expect(ofType(done.events, 'noSteal')).toEqual([
      { type: 'noSteal', seat: YELLOW, from: BLUE, by: 'blackJack', reason: 'moreCards' },
    ]);
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
    const s0 = auction([1, 2, 0], [[v(5), r(15)], [y(5), r(9)], [y(6), g(5)]]);
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
    const s0 = auction([1, 2, 0], [[v(5), r(15)], [y(5), r(9)], [y(6), g(5)]]);
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

describe('Halunken: the end of a game', () => {
  it('lasts 8 rounds; Black Jack moves 8 times and 4 of his cards stay unused', () => {
    let s = halunken.setup({ seats: 3, seed: 'eight', options: { variant: 'standard', long: false } });
    const events: HalunkenEvent[] = [...s.events];
    while (!halunken.isOver(s)) {
      const seat = halunken.toAct(s)[0] as Seat;
      s = halunken.apply(s, seat, halunken.legalActions(s, seat)[0] as HalunkenAction);
      events.push(...s.events);
    }
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
    const s0 = position({ captains: [0, 4, 8], crews: [[], [], []], hands: [[3, 5], [3, 7], [RUM, 2]], round: 7 });
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
      hands: [[1, 2], [1, 2], [1, 2]],
      round: 8,
      taverns: { 0: [], 4: [], 8: [] },
    });
    const { s } = run(s0, ...chooseAll(1, 1, 1));
    expect(halunken.result(s)).toEqual({ scores: [10, 10, 30], ranking: [[2], [0, 1]] });
  });
});

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
    const s0 = auction([[y(3), r(8), y(12)], [y(5), r(10), g(13)]]);
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

  it('the hirer chooses his own card, then one of Black Jack\'s; the opponent never sees which', () => {
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

  it('the opponent landing on Black Jack takes the tavern card, then a harbour card or (standard condition) one of the hirer\'s', () => {
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

  it('Black Jack\'s Rum is named by his hirer', () => {
    const { s } = run(hired(), [A, { type: 'choose', card: 2 }], [A, { type: 'chooseForBlackJack', card: RUM }], [B, { type: 'choose', card: 5 }]);
    expect(s.phase).toEqual({ name: 'rum', seat: A, piece: BLACK_JACK });
    expect(halunken.legalActions(s, A)).toEqual([1, 3, 4, 6, 7].map((number) => ({ type: 'rum', number })));
  });

  it('hired by nobody: his top card is turned after both chose, he moves in the order, and a captain he lands on gives a card to the harbour', () => {
    // B (1 card) against A (3): counts do not matter. Black Jack 4 from 5 lands on B at 9.
    const s0 = hired({ hirer: null, lastHirer: null, blackJackDeck: [4], crews: [[y(1), y(5), y(6)], [y(2), y(3)]] });
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

  it('plays 8 rounds and uses all 8 of Black Jack\'s cards', () => {
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

describe('Halunken: the long game', () => {
  it('plays three games with fresh deals, placement opened by the next seat each time, and adds the scores', () => {
    let s = halunken.setup({ seats: 3, seed: 'long', options: { variant: 'beginner', long: true } });
    const events: HalunkenEvent[] = [...s.events];
    while (!halunken.isOver(s)) {
      const seat = halunken.toAct(s)[0] as Seat;
      s = halunken.apply(s, seat, halunken.legalActions(s, seat)[0] as HalunkenAction);
      events.push(...s.events);
    }
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

describe('Halunken: players leaving', () => {
  it('a beginner game left with two players ends; the leaver ranks last', () => {
    const s0 = position({ captains: [0, 4, 8], crews: [[y(5)], [g(13)], [r(15)]] });
    const s = halunken.resign(s0, 2);
    expect(halunken.isOver(s)).toBe(true);
    expect(s.phase).toEqual({ name: 'over', reason: 'tooFewPlayers' });
    expect(s.removed).toEqual([r(15)]);
    expect(halunken.result(s)).toEqual({ scores: [10, 26, 0], ranking: [[1], [0], [2]] });
    expect(() => halunken.resign(s, 0)).toThrow(IllegalAction);
  });

  it('a standard game goes on without him: captain gone, crew out of play, his choice void', () => {
    const s0 = position({ variant: 'standard', captains: [0, 4, 8, 11], crews: [[y(1)], [y(2)], [y(3)], [y(4)]], blackJack: 13 });
    const chosen = run(s0, [0, { type: 'choose', card: 2 }], [1, { type: 'choose', card: 3 }], [3, { type: 'choose', card: 4 }]).s;
    const left = halunken.resign(chosen, 3);
    expect(left.captains[3]).toBeNull();
    expect(left.removed).toEqual([y(4)]);
    expect(countCards(left)).toBe(42);
    expect(halunken.toAct(left)).toEqual([2]);
    const next = halunken.apply(left, 2, { type: 'choose', card: 5 });
    expect(ofType(next.events, 'revealed')[0]?.laid.map((l) => l.piece)).toEqual([0, 1, 2]);
    expect(halunken.legalActions(next, 3)).toEqual([]);
    expect(() => halunken.resign(next, 3)).toThrow(IllegalAction);
  });

  it('in the auction his offer is withdrawn, and his turn is skipped', () => {
    const s0 = position({
      variant: 'standard',
      captains: [0, 4, 8],
      crews: [[y(5)], [y(9)], [y(2), r(15)]],
      blackJack: 12,
      phase: { name: 'auction', order: [0, 1, 2], bids: [], passed: [] },
    });
    const bid = run(s0, [0, { type: 'bid', card: y(5) }], [1, { type: 'bid', card: y(9) }]).s;
    expect(halunken.toAct(bid)).toEqual([2]);
    const bidderLeft = halunken.resign(bid, 1);
    expect(halunken.legalActions(bidderLeft, 2)).toEqual([{ type: 'pass' }, { type: 'bid', card: r(15) }]);
    const passed = halunken.apply(bidderLeft, 2, { type: 'pass' });
    expect(passed.hirer).toBe(0);
    expect(passed.harbour).toEqual([y(5)]);
    const lastLeft = halunken.resign(bid, 2);
    expect(lastLeft.hirer).toBe(1);
    expect(lastLeft.harbour).toEqual([y(9)]);
  });

  it('when the hirer leaves, Black Jack works for nobody: the passed captains give to the harbour', () => {
    const s0 = position({
      variant: 'standard',
      captains: [2, 4, 6],
      crews: [[y(1)], [y(2), y(3)], [y(4)]],
      taverns: { 2: [], 4: [], 6: [] },
      blackJack: 0,
      blackJackDeck: [9],
      hirer: 2,
    });
    const chosen = run(s0, [0, { type: 'choose', card: 1 }], [1, { type: 'choose', card: 1 }]).s;
    const s = halunken.resign(chosen, 2);
    expect(s.hirer).toBeNull();
    expect(s.phase).toEqual({ name: 'decide', decision: { kind: 'give', seat: 1 } });
    expect(s.harbour).toEqual([y(1)]); // seat 0 had one card and gave it by itself
  });

  it('a theft from him lapses; his decision lapses', () => {
    const s0 = position({ variant: 'standard', captains: [1, 3, 10], crews: [[y(1)], [y(2), y(3)], []], blackJack: 12, blackJackDeck: [1] });
    const reached = run(s0, ...chooseAll(2, 7, 5)).s;
    expect(reached.phase).toMatchObject({ decision: { kind: 'landingSteal', victim: 1 } });
    const victimLeft = halunken.resign(reached, 1);
    expect(victimLeft.captains[1]).toBeNull();
    expect(victimLeft.round).toBe(2);
    const thiefLeft = halunken.resign(reached, 0);
    expect(thiefLeft.captains[1]).toBe(11); // displaced to 4 all the same, then moved 7
    expect(thiefLeft.round).toBe(2);
  });

  it('while placing: the next player places; if the Black Jack placer leaves, the next-lowest starting card places him', () => {
    const s0 = position({
      variant: 'standard',
      captains: [null, null, null],
      taverns: { 0: [y(3)], 1: [y(2)], 2: [y(9)] },
      round: 0,
      tavernsOpen: false,
      phase: { name: 'placeCaptain', seat: 0 },
    });
    const placed = run(s0, [0, { type: 'place', space: 0 }], [1, { type: 'place', space: 1 }], [2, { type: 'place', space: 2 }]).s;
    expect(placed.phase).toEqual({ name: 'placeBlackJack', seat: 1 });
    const left = halunken.resign(placed, 1);
    expect(left.phase).toEqual({ name: 'placeBlackJack', seat: 0 });
    const early = halunken.resign(halunken.apply(s0, 0, { type: 'place', space: 0 }), 1);
    expect(early.phase).toEqual({ name: 'placeCaptain', seat: 2 });
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  beginner: fc.boolean(),
  long: fc.boolean(),
  seed: fc.string(),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});

function optionsFor(seats: number, beginner: boolean, long: boolean): HalunkenOptions {
  return { variant: beginner && seats >= 3 ? 'beginner' : 'standard', long };
}

/** Plays random legal actions (and now and then a resignation) to the end; checks every state. */
function playRandomly(
  game: { seats: number; beginner: boolean; long: boolean; seed: string; picks: Iterable<number>; resigns: boolean },
  check?: (s: HalunkenState) => void,
): HalunkenState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = halunken.setup({ seats: game.seats, seed: game.seed, options: optionsFor(game.seats, game.beginner, game.long) });
  check?.(s);
  for (let steps = 0; !halunken.isOver(s); steps++) {
    if (steps > 5000) throw new Error('game did not end');
    const waiting = halunken.toAct(s);
    if (game.resigns && pick(150) === 0) {
      const leavers = s.resigned.flatMap((gone, seat) => (gone ? [] : [seat]));
      s = halunken.resign(s, leavers[pick(leavers.length)] as Seat);
    } else {
      const seat = waiting[pick(waiting.length)] as Seat;
      const legal = halunken.legalActions(s, seat);
      s = halunken.apply(s, seat, legal[pick(legal.length)] as HalunkenAction);
    }
    check?.(s);
  }
  return s;
}

const key = (c: SailorCard) => `${c.colour}${c.value}`;

describe('Halunken: properties of random legal play', () => {
  it('always ends, with a score for every seat and a full ranking', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const s = playRandomly(game);
        const result = halunken.result(s);
        expect(result).not.toBeNull();
        expect(result?.scores).toHaveLength(game.seats);
        expect(result?.ranking.flat().sort()).toEqual(Array.from({ length: game.seats }, (_, i) => i));
        expect(halunken.toAct(s)).toEqual([]);
        if (s.phase.name === 'over' && s.phase.reason === 'finished') {
          expect(s.gameScores).toHaveLength(s.games);
          expect(s.round).toBe(8);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('accounts for all 42 sailor cards at every step, waits only for seats that can act, and keeps one piece per space', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          const all = [...s.taverns.flat(), ...s.crews.flat(), ...s.harbour, ...s.removed].map(key).sort();
          expect(all).toEqual(SAILOR_CARDS.map(key).sort());
          const waiting = halunken.toAct(s);
          for (let seat = 0; seat < s.seats; seat++) {
            expect(halunken.legalActions(s, seat).length > 0).toBe(waiting.includes(seat));
          }
          if (!halunken.isOver(s)) expect(waiting.length).toBeGreaterThan(0);
          if (s.phase.name === 'resolve') throw new Error('resolution left half done');
          const spaces = [...s.captains, s.blackJack].filter((x) => x !== null);
          // Only while a lander decides does he share the space with the piece he landed on (a
          // match that ends mid-decision, by a resignation, leaves them so).
          const shared = spaces.length - new Set(spaces).size;
          expect(shared).toBeLessThanOrEqual(s.phase.name === 'decide' || halunken.isOver(s) ? 1 : 0);
          expect(s.blackJack === null).toBe(s.variant === 'beginner' || s.round === 0);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('apply refuses every action that legalActions does not list', () => {
    const card = fc.record({ colour: fc.constantFrom(...COLOURS), value: fc.integer({ min: 0, max: 16 }) });
    const movement = fc.oneof(fc.integer({ min: 0, max: 13 }), fc.constant(RUM as MovementCard));
    const anyAction: fc.Arbitrary<HalunkenAction> = fc.oneof(
      fc.record({ type: fc.constant('place' as const), space: fc.integer({ min: -1, max: 14 }) }),
      fc.record({ type: fc.constant('placeBlackJack' as const), space: fc.integer({ min: -1, max: 14 }) }),
      fc.record({ type: fc.constant('bid' as const), card }),
      fc.constant({ type: 'pass' as const }),
      fc.record({ type: fc.constant('choose' as const), card: movement }),
      fc.record({ type: fc.constant('chooseForBlackJack' as const), card: movement }),
      fc.record({ type: fc.constant('rum' as const), number: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ type: fc.constant('steal' as const), card }),
      fc.constant({ type: 'skipSteal' as const }),
      fc.record({ type: fc.constant('takeFromHarbour' as const), card }),
      fc.record({ type: fc.constant('give' as const), card }),
    );
    fc.assert(
      fc.property(anyGame, fc.nat(150), fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 30 }), (game, stop, probes) => {
        let steps = 0;
        let s = halunken.setup({ seats: game.seats, seed: game.seed, options: optionsFor(game.seats, game.beginner, game.long) });
        const stream = game.picks[Symbol.iterator]();
        while (steps++ < stop && !halunken.isOver(s)) {
          const waiting = halunken.toAct(s);
          const seat = waiting[(stream.next().value as number) % waiting.length] as Seat;
          const legal = halunken.legalActions(s, seat);
          s = halunken.apply(s, seat, legal[(stream.next().value as number) % legal.length] as HalunkenAction);
        }
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = halunken.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => halunken.apply(s, seat, action)).not.toThrow();
          else expect(() => halunken.apply(s, seat, action)).toThrow(IllegalAction);
        }
        // Every listed action is accepted, and apply leaves its input alone.
        const before = JSON.stringify(s);
        for (const seat of halunken.toAct(s)) for (const a of halunken.legalActions(s, seat)) halunken.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('no view but his own reveals a chosen movement card, hidden tavern cards or the order of Black Jack\'s deck', () => {
    const viewers = (s: HalunkenState) => [null, ...Array.from({ length: s.seats }, (_, i) => i)];
    const sameViews = (a: HalunkenState, b: HalunkenState, except: Seat | null) => {
      for (const viewer of viewers(a)) {
        if (viewer !== null && viewer === except) continue;
        expect(JSON.stringify(halunken.view(b, viewer))).toBe(JSON.stringify(halunken.view(a, viewer)));
      }
    };
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          // Another choice (own or for Black Jack) would look the same to everyone else.
          s.choices.forEach((choice, seat) => {
            const other = s.hands[seat]?.find((c) => c !== choice);
            if (choice === null || other === undefined) return;
            const choices = [...s.choices];
            choices[seat] = other;
            sameViews(s, { ...s, choices }, seat);
          });
          if (s.blackJackChoice !== null) {
            const other = s.blackJackDeck.find((c) => c !== s.blackJackChoice);
            if (other !== undefined) sameViews(s, { ...s, blackJackChoice: other }, s.hirer);
          }
          // Cards beneath the tops (all of them during placement) and Black Jack's deck order are secret.
          const shuffledTaverns = s.taverns.map((t) => {
            const hidden = s.tavernsOpen ? t.slice(0, -1) : t;
            const rest = s.tavernsOpen ? t.slice(-1) : [];
            return [...hidden.reverse(), ...rest];
          });
          sameViews(s, { ...s, taverns: shuffledTaverns, blackJackDeck: [...s.blackJackDeck].reverse() }, null);
          // The events of the latest action name no chosen card.
          for (const e of s.events) if (e.type === 'chose') expect(Object.keys(e).sort()).toEqual(['forBlackJack', 'seat', 'type']);
        });
      }),
      { numRuns: 25 },
    );
  });

  it('replaying the same seed and actions gives the same state', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const log: ([Seat, HalunkenAction] | Seat)[] = [];
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        const options = optionsFor(game.seats, game.beginner, game.long);
        let s = halunken.setup({ seats: game.seats, seed: game.seed, options });
        for (let k = 0; k < 400 && !halunken.isOver(s); k++) {
          if (game.resigns && pick(100) === 0) {
            const leaver = s.resigned.indexOf(false);
            log.push(leaver);
            s = halunken.resign(s, leaver);
            continue;
          }
          const waiting = halunken.toAct(s);
          const seat = waiting[pick(waiting.length)] as Seat;
          const legal = halunken.legalActions(s, seat);
          const a = legal[pick(legal.length)] as HalunkenAction;
          log.push([seat, JSON.parse(JSON.stringify(a)) as HalunkenAction]);
          s = halunken.apply(s, seat, a);
        }
        // Replayed from JSON, as the store does.
        let replayed = JSON.parse(JSON.stringify(halunken.setup({ seats: game.seats, seed: game.seed, options }))) as HalunkenState;
        for (const entry of log) {
          replayed = typeof entry === 'number' ? halunken.resign(replayed, entry) : halunken.apply(replayed, entry[0], entry[1]);
          replayed = JSON.parse(JSON.stringify(replayed)) as HalunkenState;
        }
        expect(replayed).toEqual(JSON.parse(JSON.stringify(s)));
      }),
      { numRuns: 40 },
    );
  });
});
