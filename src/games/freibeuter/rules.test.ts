import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import {
  BOATS,
  FIELDS,
  LINES,
  POINT_FIELDS,
  SHIP_VALUES,
  dutchmanDeck,
  fieldCapacity,
  freibeuter,
  seaDeck,
  type FreibeuterAction,
  type FreibeuterState,
} from './rules.js';
import { ANNE, B2, B3, CARL, MARC, apply, boatsAt, ofType, place, player, position, ship, treasures } from './test-positions.js';

/** Players leaving, and the properties of random legal play that are Freibeuter's own, under rules version 1 and 2. */

describe('Freibeuter: players leaving', () => {
  it('his boats stay on the sea, his boarding boats come home, his hand is set aside; the game goes on', () => {
    const s0 = position({ current: MARC, boats: { B2: [MARC], D4: [MARC, ANNE] }, boarded: { [B2]: MARC, 20: MARC } });
    const hand = player(s0, MARC).hand;
    const s = freibeuter.resign(s0, MARC);
    expect(boatsAt(s, 'B2')).toEqual([MARC]);
    expect(boatsAt(s, 'D4')).toEqual([MARC, ANNE]);
    expect(s.boarded[B2]).toBeNull();
    expect(s.boarded[20]).toBeNull();
    expect(player(s, MARC).boats).toBe(player(s0, MARC).boats + 2);
    expect(player(s, MARC).hand).toEqual({ sea: [], dutchman: [] });
    expect(s.setAside).toEqual(hand);
    expect(s.current).toBe(CARL);
    expect(s.events).toEqual([
      { type: 'resigned', seat: MARC, boatsBack: 2 },
      { type: 'turnStarted', seat: CARL, turn: 2 },
    ]);
    expect(freibeuter.legalActions(s, MARC)).toEqual([]);
    expect(freibeuter.view(s, MARC).hand).toBeNull();
    expect(freibeuter.view(s, null).setAside).toBe(5);
    expect(() => freibeuter.resign(s, MARC)).toThrow(IllegalAction);
    // He is skipped from now on.
    const next = apply(s, CARL, { type: 'board', point: 1 });
    expect(next.current).toBe(ANNE);
    const after = apply(next, ANNE, { type: 'board', point: 2 });
    expect(after.current).toBe(CARL);
  });

  it('his boats still encircle, but he is paid nothing; his ship, now unboarded, escapes', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [MARC], B3: [CARL], C2: [MARC], B4: [MARC], C4: [ANNE] },
      tokens: { [B2]: ship(15), [B3]: ship(10) },
      boarded: { [B2]: CARL, [B3]: MARC },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(freibeuter.resign(s0, MARC), ANNE, place('C3'));
    expect(ofType(s.events, 'captured')).toEqual([
      {
        type: 'captured',
        seat: CARL,
        point: B2,
        value: 15,
        perBoat: 3,
        payments: [{ seat: ANNE, boats: 1, amount: 3 }],
        total: 3,
      },
    ]);
    expect(ofType(s.events, 'escaped')).toEqual([{ type: 'escaped', point: B3, value: 10 }]);
    expect(treasures(s)).toEqual([23, 20, 17]);
  });

  it('when the chooser of an order leaves, the tokens resolve in board order and the next player goes on', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [MARC] },
      tokens: { [B2]: ship(10), [B3]: ship(10) },
      boarded: { [B2]: MARC, [B3]: CARL },
      treasure: [20, 4, 4],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const choosing = apply(s0, ANNE, place('C3'));
    expect(choosing.phase).toBe('order');
    const s = freibeuter.resign(choosing, ANNE);
    expect(ofType(s.events, 'captured').map((e) => e.point)).toEqual([B2, B3]);
    expect(ofType(s.events, 'drew')).toEqual([]);
    expect(s.current).toBe(MARC);
    expect(s.phase).toBe('turn');
    // Anne is paid nothing any more: Marc pays Carl 4 only; Carl pays Marc 4.
    expect(treasures(s)).toEqual([20, 4, 4]);
    expect(s.players.map((p) => p.loans)).toEqual([[], [], []]);
  });

  it('ends when one player is left; those who left rank below him', () => {
    const s0 = position({ seats: 2, treasure: [90, 10] });
    const s = freibeuter.resign(s0, ANNE);
    expect(freibeuter.isOver(s)).toBe(true);
    expect(s.end).toEqual({ reason: 'lastPlayer', seat: MARC });
    expect(freibeuter.result(s)).toEqual({ scores: [90, 10], ranking: [[MARC], [ANNE]] });
    expect(() => freibeuter.resign(s, MARC)).toThrow(IllegalAction);
    const three = freibeuter.resign(freibeuter.resign(position({ treasure: [5, 50, 60] }), CARL), MARC);
    expect(freibeuter.result(three)?.ranking).toEqual([[ANNE], [CARL], [MARC]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  seed: fc.string(),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
  // Games opened under rules version 1 keep playing by them: both are played.
  rules: fc.constantFrom(1, 2),
});
type AnyGame = { seats: number; seed: string; picks: Iterable<number>; resigns: boolean; rules: number };

/** Plays random legal actions (and now and then a resignation) to the end; checks every state. */
function playRandomly(game: AnyGame, check?: (s: FreibeuterState) => void): FreibeuterState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
  check?.(s);
  for (let steps = 0; !freibeuter.isOver(s); steps++) {
    if (steps > 2000) throw new Error('game did not end');
    if (game.resigns && pick(120) === 0) {
      const stayed = s.players.flatMap((p, seat) => (p.resigned ? [] : [seat]));
      s = freibeuter.resign(s, stayed[pick(stayed.length)] as Seat);
    } else {
      const waiting = freibeuter.toAct(s);
      const seat = waiting[pick(waiting.length)] as Seat;
      const legal = freibeuter.legalActions(s, seat);
      s = freibeuter.apply(s, seat, legal[pick(legal.length)] as FreibeuterAction);
    }
    check?.(s);
  }
  return s;
}

const sorted = <T>(xs: T[]) => [...xs].sort();

function checkInvariants(s: FreibeuterState): void {
  // Cards: 74 sea cards and 14 Dutchman cards, every one somewhere.
  const hands = s.players.map((p) => p.hand);
  expect(sorted([...hands.flatMap((h) => h.sea), ...s.seaPile, ...s.seaDiscard, ...s.setAside.sea])).toEqual(sorted(seaDeck()));
  expect(sorted([...hands.flatMap((h) => h.dutchman), ...s.dutchmanPile, ...s.dutchmanDiscard, ...s.setAside.dutchman])).toEqual(sorted(dutchmanDeck()));
  // Boats: 25 per player in supply, on the sea, on ships or lost as loan markers.
  s.players.forEach((p, seat) => {
    const onSea = s.sea.flat().filter((x) => x === seat).length;
    const onShips = s.boarded.filter((x) => x === seat).length;
    expect(p.boats + onSea + onShips + p.lost).toBe(BOATS);
    expect(p.boats).toBeGreaterThanOrEqual(0);
    expect(p.lost).toBeLessThanOrEqual(p.loans.length);
  });
  // Fields never hold more boats than their capacity, nor more than the cards of it played.
  s.sea.forEach((boats, field) => {
    expect(boats.length).toBeLessThanOrEqual(fieldCapacity(field));
    expect(boats.length).toBeLessThanOrEqual(s.seaDiscard.filter((c) => c === FIELDS[field]).length);
  });
  // Tokens: 7 ships per value on the board, captured or escaped; each double on the board or taken.
  for (const value of SHIP_VALUES) {
    const onBoard = s.tokens.filter((t) => t?.kind === 'ship' && t.value === value).length;
    const captured = s.players.flatMap((p) => p.ships).filter((v) => v === value).length;
    expect(onBoard + captured + s.escaped.filter((v) => v === value).length).toBe(7);
    const doubles = s.tokens.filter((t) => t?.kind === 'double' && t.value === value).length;
    expect(doubles + s.doubles.filter((v) => v === value).length).toBe(1);
  }
  s.boarded.forEach((owner, point) => {
    if (owner !== null) expect(s.tokens[point]?.kind).toBe('ship');
  });
  // No token left on the board is encircled.
  s.tokens.forEach((token, point) => {
    if (token && s.phase !== 'order' && !freibeuter.isOver(s)) {
      expect(POINT_FIELDS[point]?.every((f) => (s.sea[f]?.length ?? 0) > 0 || s.dutchman === f)).toBe(false);
    }
  });
  // Between actions: five cards (with a sea card) in every hand but the mover's; the Dutchman only during a choice.
  if (!freibeuter.isOver(s)) {
    s.players.forEach((p, seat) => {
      if (p.resigned) return expect(p.hand.sea.length + p.hand.dutchman.length).toBe(0);
      const size = p.hand.sea.length + p.hand.dutchman.length;
      expect(size).toBe(seat === s.current && s.phase !== 'turn' ? 4 : 5);
      if (seat !== s.current || s.phase === 'turn') expect(p.hand.sea.length).toBeGreaterThan(0);
    });
    if (s.phase !== 'order') expect(s.dutchman).toBeNull();
    if (s.phase === 'turn') expect(player(s, s.current).boats).toBeGreaterThan(0);
  }
  // The game waits exactly for the seats that have something to do.
  const waiting = freibeuter.toAct(s);
  for (let seat = 0; seat < s.seats; seat++) {
    expect(freibeuter.legalActions(s, seat).length > 0).toBe(waiting.includes(seat));
  }
  expect(waiting.length === 0).toBe(freibeuter.isOver(s));
}

describe('Freibeuter: properties of random legal play', () => {
  it('always ends, with a score for every seat and a full ranking', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const s = playRandomly(game);
        const result = freibeuter.result(s);
        expect(result).not.toBeNull();
        expect(result?.scores).toHaveLength(game.seats);
        expect(result?.ranking.flat().sort()).toEqual(Array.from({ length: game.seats }, (_, i) => i));
        expect(s.end).not.toBeNull();
        expect(ofType(s.events, 'gameOver')).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });

  it('accounts for all 74 sea cards, 14 Dutchman cards, 25 boats per player and 36 tokens at every step', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, checkInvariants);
      }),
      { numRuns: 40 },
    );
  });

  it('apply refuses every action that legalActions does not list, and never changes its input', () => {
    const point = fc.integer({ min: -1, max: 36 });
    const field = fc.constantFrom(...FIELDS, 'H1', 'A0', '');
    const line = fc.constantFrom(...LINES, 'H', '8');
    const anyAction = fc.oneof(
      fc.record({ type: fc.constant('board' as const), point }),
      fc.record({ type: fc.constant('place' as const), field }),
      fc.record({ type: fc.constant('takeTreasure' as const), field }),
      fc.record({ type: fc.constant('dutchman' as const), line, field }),
      fc.record({ type: fc.constant('resolve' as const), point }),
      fc.record({ type: fc.constant('draw' as const), pile: fc.constantFrom('sea', 'dutchman', 'bank') }),
    ) as unknown as fc.Arbitrary<FreibeuterAction>;
    fc.assert(
      fc.property(anyGame, fc.nat(200), fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 40 }), (game, stop, probes) => {
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        for (let steps = 0; steps < stop && !freibeuter.isOver(s); steps++) {
          const seat = freibeuter.toAct(s)[0] as Seat;
          const legal = freibeuter.legalActions(s, seat);
          s = freibeuter.apply(s, seat, legal[pick(legal.length)] as FreibeuterAction);
        }
        const before = JSON.stringify(s);
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = freibeuter.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => freibeuter.apply(s, seat, action)).not.toThrow();
          else expect(() => freibeuter.apply(s, seat, action)).toThrow(IllegalAction);
        }
        // Every listed action is accepted.
        for (const seat of freibeuter.toAct(s)) for (const a of freibeuter.legalActions(s, seat)) freibeuter.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('every list of choices stays finite and small: at most 28 ships to board, the rest far fewer', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          for (const seat of freibeuter.toAct(s)) {
            const legal = freibeuter.legalActions(s, seat);
            const byType = new Map<string, number>();
            for (const a of legal) byType.set(a.type, (byType.get(a.type) ?? 0) + 1);
            expect(byType.get('board') ?? 0).toBeLessThanOrEqual(28);
            for (const type of ['place', 'takeTreasure', 'resolve', 'draw']) expect(byType.get(type) ?? 0).toBeLessThanOrEqual(5);
            expect(byType.get('dutchman') ?? 0).toBeLessThanOrEqual(4 * 7);
            // Four tokens at most around a field: 24 orders, fewer distinct outcomes.
            expect(byType.get('order') ?? 0).toBeLessThanOrEqual(24);
            expect(JSON.parse(JSON.stringify(legal))).toEqual(legal);
          }
        });
      }),
      { numRuns: 30 },
    );
  });

  it('replaying the same seed, rules version and actions gives the same state, under version 1 and 2', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const log: ([Seat, FreibeuterAction] | Seat)[] = [];
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        for (let k = 0; k < 400 && !freibeuter.isOver(s); k++) {
          if (game.resigns && pick(100) === 0) {
            const leaver = s.players.findIndex((p) => !p.resigned);
            log.push(leaver);
            s = freibeuter.resign(s, leaver);
            continue;
          }
          const seat = freibeuter.toAct(s)[0] as Seat;
          const legal = freibeuter.legalActions(s, seat);
          const a = legal[pick(legal.length)] as FreibeuterAction;
          log.push([seat, JSON.parse(JSON.stringify(a)) as FreibeuterAction]);
          s = freibeuter.apply(s, seat, a);
        }
        // Replayed from JSON, as the store does.
        const fresh = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        let replayed = JSON.parse(JSON.stringify(fresh)) as FreibeuterState;
        for (const entry of log) {
          replayed = typeof entry === 'number' ? freibeuter.resign(replayed, entry) : freibeuter.apply(replayed, entry[0], entry[1]);
          replayed = JSON.parse(JSON.stringify(replayed)) as FreibeuterState;
        }
        expect(replayed).toEqual(JSON.parse(JSON.stringify(s)));
      }),
      { numRuns: 40 },
    );
  });
});
