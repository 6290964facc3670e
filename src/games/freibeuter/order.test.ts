import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Seat } from '../../engine/index.js';
import {
  FIELDS,
  FIELD_POINTS,
  POINT_FIELDS,
  fieldCapacity,
  fieldIndex,
  freibeuter,
  paymentPerBoat,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterState,
  type Token,
} from './rules.js';
import {
  ANNE,
  B2,
  B3,
  C2,
  C3,
  CARL,
  MARC,
  PIRATE,
  apply,
  loans,
  ofType,
  onePayerTwoShips,
  order,
  place,
  player,
  position,
  rulebookRings,
  ship,
  treasures,
  twoRichPayers,
} from './test-positions.js';

/** The order of resolution when one move closes several rings: the mover chooses whenever two orders end differently for anyone. */

describe('Freibeuter: the order of resolution', () => {
  it('the mover chooses when the order changes a loan: the pirate treasure first spares Marc the credit example', () => {
    const s = apply(rulebookRings(), ANNE, place('C3'));
    expect(s.phase).toBe('order');
    expect(s.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'orderChoice']);
    expect(treasures(s)).toEqual([20, 2, 20]);
    expect(freibeuter.legalActions(s, ANNE)).toEqual([order(B2, B3), order(B3, B2)]);
    expect(freibeuter.legalActions(s, MARC)).toEqual([]);
    // Everybody sees what each order leads to: it follows from public treasure and boats.
    const outcome = (treasure: number[], marcLoans: number[]) =>
      treasure.map((t, seat) => ({ seat, treasure: t, loans: seat === MARC ? marcLoans : [], markers: seat === MARC ? marcLoans.length : 0 }));
    expect(freibeuter.view(s, null).orders).toEqual([
      { points: [B2, B3], lead: [B2], outcome: outcome([28, 8, 23], [7]) },
      { points: [B3, B2], lead: [B3], outcome: outcome([28, 1, 23], []) },
    ]);

    // Marc's ship first: the rulebook's credit, he borrows 7 and lays a boat aside; then the treasure pays him 8.
    const shipFirst = apply(s, ANNE, order(B2, B3));
    expect(shipFirst.events.map((e) => e.type)).toEqual(['captured', 'credit', 'pirateTreasure']);
    expect(ofType(shipFirst.events, 'captured')[0]?.payments).toEqual([
      { seat: CARL, boats: 1, amount: 3 },
      { seat: ANNE, boats: 2, amount: 6 },
    ]);
    expect(treasures(shipFirst)).toEqual([28, 8, 23]);
    expect(loans(shipFirst)).toEqual([[], [7], []]);
    expect(player(shipFirst, MARC).lost).toBe(1);
    expect(shipFirst.phase).toBe('draw');

    // The treasure first: Marc pays the 9 from his 10.
    const treasureFirst = apply(s, ANNE, order(B3, B2));
    expect(treasureFirst.events.map((e) => e.type)).toEqual(['pirateTreasure', 'captured']);
    expect(treasures(treasureFirst)).toEqual([28, 1, 23]);
    expect(loans(treasureFirst)).toEqual([[], [], []]);
    expect(player(treasureFirst, MARC).ships).toEqual([15]);
  });

  it('one payer owing for two ships: the cheap one first needs one loan, the dear one first two', () => {
    const s = apply(onePayerTwoShips(), ANNE, place('C3'));
    expect(freibeuter.legalActions(s, ANNE)).toEqual([order(B2, B3), order(B3, B2)]);
    const dearFirst = apply(s, ANNE, order(B2, B3));
    expect(loans(dearFirst)).toEqual([[], [2, 4], []]);
    expect(player(dearFirst, MARC).lost).toBe(2);
    const cheapFirst = apply(s, ANNE, order(B3, B2));
    expect(loans(cheapFirst)).toEqual([[], [6], []]);
    expect(player(cheapFirst, MARC).lost).toBe(1);
    // The same treasure either way: only the loans and the boats lost differ.
    expect(treasures(dearFirst)).toEqual(treasures(cheapFirst));
  });

  it('a capture owing nothing gives a boat back, which can then mark a loan: that too is a choice', () => {
    // Marc has no boat in supply. Anne's Dutchman on C3 closes his 5/1 at B2-C3, around which only
    // his own boats lie, and his 10/2 at B3-C4, owing Anne 4 and Carl 4 with nothing in hand.
    const s0 = position({
      current: ANNE,
      boats: { B2: [MARC], B3: [MARC], C2: [MARC], B4: [ANNE, ANNE], C4: [CARL, CARL] },
      tokens: { [B2]: ship(5), [B3]: ship(10) },
      boarded: { [B2]: MARC, [B3]: MARC },
      treasure: [20, 0, 20],
      supply: [20, 0, 20],
      hands: [{ sea: ['E5', 'E6'], dutchman: ['C'] }],
    });
    const s = apply(s0, ANNE, { type: 'dutchman', line: 'C', field: 'C3' });
    expect(freibeuter.legalActions(s, ANNE)).toEqual([order(B2, B3), order(B3, B2)]);
    const freeFirst = apply(s, ANNE, order(B2, B3));
    expect([player(freeFirst, MARC).lost, player(freeFirst, MARC).boats]).toEqual([1, 1]);
    expect(ofType(freeFirst.events, 'credit')[0]?.marker).toBe(true);
    const owedFirst = apply(s, ANNE, order(B3, B2));
    expect([player(owedFirst, MARC).lost, player(owedFirst, MARC).boats]).toEqual([0, 2]);
    expect(ofType(owedFirst.events, 'credit')[0]?.marker).toBe(false);
    expect(loans(freeFirst)).toEqual(loans(owedFirst));
  });

  it('when every order ends the same there is no choice: board order, even with two payers', () => {
    const s = apply(twoRichPayers(), ANNE, place('C3'));
    expect(s.phase).toBe('draw');
    expect(ofType(s.events, 'orderChoice')).toEqual([]);
    expect(ofType(s.events, 'captured').map((e) => [e.seat, e.point, e.total])).toEqual([
      [MARC, B2, 8],
      [CARL, B3, 8],
    ]);
    expect(treasures(s)).toEqual([28, 16, 16]);
  });

  it('several orders that end the same are offered once, by the first of them in board order', () => {
    // Besides the rulebook's rings, Anne's C3 closes an unboarded ship at C2-D3 and a double at C3-D4:
    // 24 orders, and still two outcomes (the pirate treasure before Marc's ship or after it).
    const s0 = position({
      current: ANNE,
      boats: { B2: [ANNE], C2: [CARL], B3: [MARC], B4: [MARC], C4: [MARC, MARC], D2: [CARL], D3: [CARL], D4: [CARL] },
      tokens: { [B2]: ship(15), [B3]: PIRATE, [C2]: ship(5), [C3]: { kind: 'double', value: 20 } },
      boarded: { [B2]: MARC },
      treasure: [20, 2, 20],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(ofType(s.events, 'encircled')[0]?.points).toEqual([B2, B3, C2, C3]);
    expect(freibeuter.legalActions(s, ANNE)).toEqual([order(B2, B3, C2, C3), order(B3, B2, C2, C3)]);
    expect(freibeuter.view(s, ANNE).orders.map((o) => o.lead)).toEqual([[B2], [B3]]);
  });

  it('a player leaving while the mover chooses: the choices are worked out again without him', () => {
    const s = apply(rulebookRings(), ANNE, place('C3'));
    // Carl leaves: Marc owes only Anne's 6 now, and still borrows 4 if his ship comes first.
    const carlGone = freibeuter.resign(s, CARL);
    expect(carlGone.phase).toBe('order');
    expect(ofType(carlGone.events, 'orderChoice')).toEqual([]);
    expect(freibeuter.view(carlGone, ANNE).orders.map((o) => o.outcome[MARC])).toEqual([
      { seat: MARC, treasure: 8, loans: [4], markers: 1 },
      { seat: MARC, treasure: 4, loans: [], markers: 0 },
    ]);
    // Marc leaves: his boarding boat goes home, the ship escapes, and no order matters any more.
    const marcGone = freibeuter.resign(s, MARC);
    expect(marcGone.events.map((e) => e.type)).toEqual(['resigned', 'escaped', 'pirateTreasure']);
    expect(marcGone.phase).toBe('draw');
  });
});

describe('Freibeuter: the move that takes the last pirate treasure', () => {
  // The four other pirate treasures are ships here: the one at B3-C4 is the last.
  const lastPirate = () => rulebookRings({ tokens: { 28: ship(5), 29: ship(5), 30: ship(5), 31: ship(5) } });

  it('is completed first, in the order the mover chooses; then nobody draws and the game ends', () => {
    const s = apply(lastPirate(), ANNE, place('C3'));
    expect(s.phase).toBe('order');
    expect(freibeuter.isOver(s)).toBe(false);
    // The treasure first: the ship after it is still taken, then the game ends.
    const treasureFirst = apply(s, ANNE, order(B3, B2));
    expect(treasureFirst.events.map((e) => e.type)).toEqual(['pirateTreasure', 'captured', 'gameOver']);
    expect(treasureFirst.end).toEqual({ reason: 'pirateTreasures', seat: null });
    expect(player(treasureFirst, ANNE).hand.sea).toEqual(['E5']);
    expect(player(treasureFirst, MARC).ships).toEqual([15]);
    expect(freibeuter.result(treasureFirst)?.scores).toEqual([28, 1 + 15, 23]);
    // Marc's ship first: his loan is part of the end.
    const shipFirst = apply(s, ANNE, order(B2, B3));
    expect(shipFirst.events.map((e) => e.type)).toEqual(['captured', 'credit', 'pirateTreasure', 'gameOver']);
    expect(freibeuter.result(shipFirst)?.scores).toEqual([28, 8 + 15 - 14, 23]);
    expect(ofType(shipFirst.events, 'drew')).toEqual([]);
  });

  it('with no choice the whole move resolves in board order and the game ends at once', () => {
    const rich = apply({ ...lastPirate(), players: lastPirate().players.map((p) => ({ ...p, treasure: 20 })) }, ANNE, place('C3'));
    expect(rich.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'captured', 'pirateTreasure', 'gameOver']);
    expect(freibeuter.toAct(rich)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: the choices offered are exactly the distinct outcomes

type Outcome = { treasure: number; loans: number[]; lost: number };

/**
 * The rules of resolution, written out again from docs/rules/freibeuter.md ("Rings", "Loans"):
 * what an order leaves every player with.
 */
function resolveByHand(s: FreibeuterState, points: readonly number[]): Outcome[] {
  const players = s.players.map((p) => ({ treasure: p.treasure, boats: p.boats, loans: [] as number[], lost: 0 }));
  const boats = (point: number) => (POINT_FIELDS[point] as number[]).flatMap((field) => s.sea[field] as Seat[]).filter((seat) => !s.players[seat]?.resigned);
  for (const point of points) {
    const token = s.tokens[point] as Token;
    const owner = s.boarded[point];
    if (token.kind === 'pirate') for (const seat of boats(point)) players[seat]!.treasure += 2;
    if (token.kind !== 'ship' || owner === null || owner === undefined) continue;
    const helpers = boats(point).filter((seat) => seat !== owner);
    const payer = players[owner]!;
    const total = helpers.length * paymentPerBoat(token.value);
    if (payer.treasure < total) {
      payer.loans.push(total - payer.treasure);
      payer.treasure = total;
      if (payer.boats > 0) {
        payer.boats--;
        payer.lost++;
      }
    }
    payer.treasure -= total;
    for (const seat of helpers) players[seat]!.treasure += paymentPerBoat(token.value);
    payer.boats++;
  }
  return players.map((p) => ({ treasure: p.treasure, loans: p.loans, lost: p.lost }));
}

// Loans count by their sum and number: each is repaid double, so their split changes nothing.
const keyOf = (outcome: Outcome[]) => JSON.stringify(outcome.map((o) => [o.treasure, o.loans.reduce((a, b) => a + b, 0), o.loans.length, o.lost]));
const permutations = (xs: number[]): number[][] =>
  xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations(xs.filter((_, k) => k !== i)).map((rest) => [x, ...rest]));

/** Random rings around an inner field: tokens on its four points, boats around them, treasure and supplies low. */
const anyRings = fc
  .record({
    seats: fc.integer({ min: 2, max: 4 }),
    field: fc.constantFrom(...FIELDS.filter((_, field) => FIELD_POINTS[field]?.length === 4)),
    tokens: fc.array(fc.oneof(fc.constant('pirate'), fc.constant('double'), fc.constantFrom(5, 10, 15, 20)), { minLength: 4, maxLength: 4 }),
    boarders: fc.array(fc.option(fc.nat(3), { freq: 5 }), { minLength: 4, maxLength: 4 }),
    // Mostly taken, so that several rings close at once.
    fills: fc.array(fc.oneof({ arbitrary: fc.array(fc.nat(3), { minLength: 1, maxLength: 2 }), weight: 8 }, { arbitrary: fc.constant([]), weight: 1 }), {
      minLength: 8,
      maxLength: 8,
    }),
    treasure: fc.array(fc.nat(12), { minLength: 4, maxLength: 4 }),
    supply: fc.array(fc.nat(2), { minLength: 4, maxLength: 4 }),
    current: fc.nat(3),
    dutchman: fc.boolean(),
  })
  .map((r) => {
    const field = fieldIndex(r.field);
    const points = FIELD_POINTS[field] as number[];
    const tokens: Record<number, Token> = {};
    const boarded: Record<number, Seat> = {};
    points.forEach((point, i) => {
      const kind = r.tokens[i] as 'pirate' | 'double' | 5 | 10 | 15 | 20;
      tokens[point] = kind === 'pirate' ? { kind } : kind === 'double' ? { kind, value: 10 } : ship(kind);
      const boarder = r.boarders[i];
      if (typeof kind === 'number' && boarder !== null && boarder !== undefined) boarded[point] = boarder % r.seats;
    });
    const around = [...new Set(points.flatMap((point) => POINT_FIELDS[point] as number[]))].filter((f) => f !== field);
    const boats: Partial<Record<FieldName, Seat[]>> = {};
    around.forEach((f, i) => {
      boats[FIELDS[f] as FieldName] = (r.fills[i] ?? []).slice(0, fieldCapacity(f)).map((seat) => seat % r.seats);
    });
    const current = r.current % r.seats;
    const supply = r.supply.slice(0, r.seats).map((n, seat) => (seat === current ? n + 1 : n));
    const line = (r.field as string)[0] as 'B';
    const s = position({
      seats: r.seats,
      current,
      boats,
      tokens,
      boarded,
      treasure: r.treasure.slice(0, r.seats),
      supply,
      hands: Array.from({ length: r.seats }, (_, seat) => (seat === current ? { sea: [r.field, 'A1'], dutchman: [line] } : undefined)),
    });
    const move: FreibeuterAction = r.dutchman ? { type: 'dutchman', line, field: r.field } : place(r.field);
    return { s, move, field };
  })
  .filter(({ s, move }) => freibeuter.legalActions(s, s.current).some((a) => JSON.stringify(a) === JSON.stringify(move)));

describe('Freibeuter: the order of resolution, over random rings', () => {
  it('offers one choice per distinct outcome of all orders, and none when all orders end the same', () => {
    let choices = 0;
    let many = 0;
    fc.assert(
      fc.property(anyRings, ({ s: before, move, field }) => {
        const s = apply(before, before.current, move);
        // The position just after the move, before anything resolves, worked out by hand.
        const placed = move.type === 'place';
        const filled: FreibeuterState = {
          ...before,
          sea: before.sea.map((b, f) => (f === field && placed ? [...b, before.current] : b)),
          players: before.players.map((p, seat) => (seat === before.current && placed ? { ...p, boats: p.boats - 1 } : p)),
        };
        const occupied = (f: number) => (filled.sea[f]?.length ?? 0) > 0 || (move.type === 'dutchman' && f === field);
        const pending = (FIELD_POINTS[field] as number[]).filter((point) => filled.tokens[point] && (POINT_FIELDS[point] as number[]).every(occupied));
        const outcomes = new Map(permutations(pending).map((p) => [keyOf(resolveByHand(filled, p)), p]));
        const after = (state: FreibeuterState) =>
          keyOf(
            state.players.map((p, seat) => ({
              treasure: p.treasure,
              loans: p.loans.slice(before.players[seat]?.loans.length),
              lost: p.lost - (before.players[seat]?.lost ?? 0),
            })),
          );
        if (outcomes.size === 1) {
          expect(s.phase).not.toBe('order');
          const resolved = s.events.flatMap((e) => ('point' in e && e.type !== 'boarded' && e.type !== 'credit' ? [e.point] : []));
          expect(resolved).toEqual(pending);
          expect(after(s)).toBe([...outcomes.keys()][0]);
          return;
        }
        choices++;
        if (outcomes.size > 2) many++;
        expect(s.phase).toBe('order');
        const legal = freibeuter.legalActions(s, s.current);
        const view = freibeuter.view(s, s.current);
        expect(view.orders.map((o) => ({ type: 'order', points: o.points }))).toEqual(legal);
        const reached = legal.map((a) => {
          expect(a.type === 'order' && [...a.points].sort((x, y) => x - y)).toEqual(pending);
          return after(apply(s, s.current, a));
        });
        // Every distinct outcome exactly once.
        expect(new Set(reached).size).toBe(reached.length);
        expect(new Set(reached)).toEqual(new Set(outcomes.keys()));
        // What the view says each leads to is what it does; its lead decides it whatever follows.
        view.orders.forEach((o, i) => {
          expect(keyOf(o.outcome.map((x) => ({ treasure: x.treasure, loans: x.loans, lost: x.markers })))).toBe(reached[i]);
          const moving = (p: number[]) =>
            p.filter((point) => filled.tokens[point]?.kind === 'pirate' || (filled.tokens[point]?.kind === 'ship' && filled.boarded[point] !== null));
          for (const p of permutations(pending)) {
            if (o.lead.every((point, k) => moving(p)[k] === point)) expect(keyOf(resolveByHand(filled, p))).toBe(reached[i]);
          }
        });
      }),
      { numRuns: 400 },
    );
    // The random rings do reach real choices, some with more than two outcomes.
    expect(choices).toBeGreaterThan(40);
    expect(many).toBeGreaterThan(5);
  });
});
