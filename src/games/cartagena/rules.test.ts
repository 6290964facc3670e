import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import { cartagena, CARDS_PER_SYMBOL, SHIP, START, SYMBOLS, occupancy, type CartagenaAction, type CartagenaState, type CartagenaSymbol } from './rules.js';
import { S, act, countAllCards, exampleTunnel, playRandomly, position, tunnelOf, wonByAnnsHat } from './test-positions.js';

const lastMove = (s: CartagenaState) => s.events.find((e) => e.type === 'forward' || e.type === 'back');

describe('Cartagena: the rulebook examples', () => {
  // Seats: 0 yellow, 1 red, 2 blue.
  const board = () =>
    position({
      tunnel: exampleTunnel,
      pirates: [
        [9, 6, START, START, START, START],
        [8, 6, 12, START, START, START],
        [17, START, START, START, START, START],
      ],
      hands: [[S.skull], [S.hat], [S.key]],
    });

  it("yellow's skull card takes his pirate from 9 to 23, skipping the occupied skulls on 12 and 17", () => {
    const s = act(board(), { type: 'forward', card: S.skull, from: 9 });
    expect(s.pirates[0]).toContain(23);
    expect(s.pirates[0]).not.toContain(9);
    expect(lastMove(s)).toMatchObject({ type: 'forward', seat: 0, card: S.skull, from: 9, to: 23 });
    expect(s.hands[0]).toEqual([]);
    expect(s.discardPile).toEqual([S.skull]);
  });

  it('red moves back from 8 to 6, where two pirates stand, and draws two cards', () => {
    const s = act({ ...board(), current: 1 }, { type: 'back', from: 8 });
    expect(s.pirates[1]).toEqual([6, 6, 12, START, START, START]);
    expect(occupancy(s, 6)).toBe(3);
    expect(s.hands[1]).toHaveLength(3);
    expect(lastMove(s)).toMatchObject({ type: 'back', from: 8, to: 6, drawCount: 2 });
  });

  // The Tortuga picture: blue (seat 0) to move; red holds 17 twice; yellow 12 and bottle 27; green bottle 33.
  const blueTunnel = tunnelOf(
    [S.skull, S.key, S.bottle, S.pistol, S.hat, S.dagger],
    [S.dagger, S.skull, S.key, S.bottle, S.pistol, S.hat],
    [S.skull, S.bottle, S.dagger, S.key, S.pistol, S.hat],
    [S.skull, S.bottle, S.key, S.pistol, S.hat, S.dagger],
    [S.skull, S.key, S.bottle, S.dagger, S.pistol, S.hat],
    [S.skull, S.key, S.bottle, S.dagger, S.pistol, S.hat],
  );
  const row: CartagenaSymbol[] = [S.key, S.dagger, S.dagger, S.hat, S.skull, S.pistol, S.key, S.hat, S.skull, S.pistol, S.key, S.hat];
  const blueBoard = () =>
    position({
      version: 'tortuga',
      tunnel: blueTunnel,
      pirates: [
        [START, 6, 6, 17, 18, 20],
        [17, 17, START, START, START, START],
        [12, 27, START, START, START, START],
        [33, START, START, START, START, START],
      ],
      hands: [[S.dagger, S.dagger, S.dagger, S.dagger, S.bottle], [S.key], [S.hat], [S.pistol]],
      row,
    });

  it("blue's first idea: three daggers take pirates to 7, 15 and 24", () => {
    const s = act(
      blueBoard(),
      { type: 'forward', card: S.dagger, from: START },
      { type: 'forward', card: S.dagger, from: 6 },
      { type: 'forward', card: S.dagger, from: 6 },
    );
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([7, 15, 17, 18, 20, 24]);
    expect(s.current).toBe(1); // three actions end the turn
  });

  it("blue's second idea: three moves back draw 1 + 2 + 2 = 5 cards from the row", () => {
    const s = act(blueBoard(), { type: 'back', from: 17 }, { type: 'back', from: 18 }, { type: 'back', from: 17 });
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([START, 6, 6, 12, 12, 20]);
    expect(s.hands[0]).toHaveLength(5 + 5);
    expect(s.hands[0]?.slice(5)).toEqual(row.slice(0, 5)); // drawn in the row's order
    expect(s.row).toEqual(row.slice(5));
  });

  it("blue's third idea: bottle to the ship, back from 18 to 17 for two cards, dagger to 7", () => {
    const s = act(
      blueBoard(),
      { type: 'forward', card: S.bottle, from: 17 },
      { type: 'back', from: 18 },
      { type: 'forward', card: S.dagger, from: START },
    );
    expect([...(s.pirates[0] as number[])].sort((a, b) => a - b)).toEqual([6, 6, 7, 17, 20, SHIP]);
    expect(s.hands[0]).toHaveLength(5 - 2 + 2);
  });
});

describe('Cartagena: moving forward', () => {
  it('boards the ship when no free space with the symbol lies ahead', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [[30, START, START, START, START, START], [36, START, START, START, START, START]],
      hands: [[S.hat], []],
    });
    expect(act(s, { type: 'forward', card: S.hat, from: 30 }).pirates[0]).toContain(SHIP);
  });

  it('offers one action per card symbol and pirate position, none for pirates on the ship', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [[START, START, 5, 5, SHIP, SHIP], [START, START, START, START, START, START]],
      hands: [[S.key, S.key, S.hat], []],
    });
    const forward = cartagena.legalActions(s, 0).filter((a) => a.type === 'forward');
    expect(forward).toEqual([
      { type: 'forward', card: S.key, from: START },
      { type: 'forward', card: S.key, from: 5 },
      { type: 'forward', card: S.hat, from: START },
      { type: 'forward', card: S.hat, from: 5 },
    ]);
  });
});

describe('Cartagena: moving back', () => {
  const tunnel = exampleTunnel;
  it('skips empty spaces and spaces with three pirates', () => {
    const s = position({
      tunnel,
      pirates: [[10, START, START, START, START, START], [8, 8, 8, 4, START, START]],
      hands: [[], []],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.pirates[0]).toContain(4);
    expect(next.hands[0]).toHaveLength(1);
  });

  it('may not pass a one-pirate space to reach a two-pirate space', () => {
    const s = position({
      tunnel,
      pirates: [[10, START, START, START, START, START], [7, 3, 3, START, START, START]],
      hands: [[], []],
    });
    expect(act(s, { type: 'back', from: 10 }).pirates[0]).toContain(7);
  });

  it('is not allowed when no occupied space lies behind: the start area is never a target', () => {
    const s = position({
      tunnel,
      pirates: [[10, START, START, START, START, START], [START, START, START, START, START, START]],
      hands: [[S.key], []],
    });
    expect(cartagena.legalActions(s, 0).some((a) => a.type === 'back')).toBe(false);
    expect(() => cartagena.apply(s, 0, { type: 'back', from: 10 })).toThrow(IllegalAction);
  });

  it('is allowed from the ship', () => {
    const s = position({
      tunnel,
      pirates: [[SHIP, START, START, START, START, START], [30, START, START, START, START, START]],
      hands: [[], []],
    });
    expect(act(s, { type: 'back', from: SHIP }).pirates[0]).toContain(30);
  });

  it('reshuffles the discard pile into a new deck when the deck is empty', () => {
    const s = position({
      tunnel,
      pirates: [[10, START, START, START, START, START], [5, 5, START, START, START, START]],
      hands: [[], []],
      drawPile: [S.key],
      discardPile: [S.hat, S.hat, S.skull],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toHaveLength(2);
    expect(next.hands[0]?.[0]).toBe(S.key);
    expect(next.events).toContainEqual({ type: 'reshuffled' });
    expect(next.drawPile.length + next.discardPile.length).toBe(2);
  });

  it('draws fewer cards when deck and discard pile are both empty', () => {
    const s = position({
      tunnel,
      pirates: [[10, START, START, START, START, START], [5, 5, START, START, START, START]],
      hands: [[], []],
      drawPile: [S.key],
      discardPile: [],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toEqual([S.key]);
    expect(lastMove(next)).toMatchObject({ drawCount: 1, drew: [S.key] });
  });
});

describe("Cartagena: Tortuga's open row", () => {
  it('draws in the row order and lays out twelve new cards when the row runs out', () => {
    const s = position({
      version: 'tortuga',
      tunnel: exampleTunnel,
      pirates: [[10, START, START, START, START, START], [5, 5, START, START, START, START]],
      hands: [[], []],
      row: [S.pistol],
    });
    const deckBefore = s.drawPile.length;
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]?.[0]).toBe(S.pistol);
    expect(next.hands[0]).toHaveLength(2);
    expect(next.row).toHaveLength(11);
    expect(next.drawPile).toHaveLength(deckBefore - 12);
    expect(next.events).toContainEqual({ type: 'row-laid-out', cards: 12 });
  });

  it('reshuffles the discards when the deck cannot fill a row, and lays out what there is when still short', () => {
    const s = position({
      version: 'tortuga',
      tunnel: exampleTunnel,
      pirates: [[10, START, START, START, START, START], [5, START, START, START, START, START]],
      hands: [[], []],
      row: [S.pistol],
      drawPile: [S.key, S.key],
      discardPile: [S.hat, S.hat, S.hat],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toEqual([S.pistol]);
    expect(next.row).toHaveLength(5);
    expect(next.drawPile).toEqual([]);
    expect(next.discardPile).toEqual([]);
  });

  it('shows every hand to everyone', () => {
    const s = cartagena.setup({ seats: 3, seed: 'open', options: { version: 'tortuga' } });
    const v = cartagena.view(s, null);
    expect(v.hands).toEqual(s.hands);
    expect(v.row).toHaveLength(12);
  });
});

describe('Cartagena: turns and the end', () => {
  const base = () =>
    position({
      tunnel: exampleTunnel,
      pirates: [[START, START, START, START, START, START], [START, START, START, START, START, START]],
      hands: [[S.key, S.key, S.key, S.key], [S.hat]],
    });

  it('"end turn" is offered only after at least one action', () => {
    expect(cartagena.legalActions(base(), 0)).not.toContainEqual({ type: 'end' });
    const s = act(base(), { type: 'forward', card: S.key, from: START });
    expect(cartagena.legalActions(s, 0)).toContainEqual({ type: 'end' });
    const ended = act(s, { type: 'end' });
    expect(ended.current).toBe(1);
    expect(cartagena.toAct(ended)).toEqual([1]);
  });

  it('passes the turn after three actions', () => {
    const card = { type: 'forward', card: S.key, from: START } as const;
    const s = act(base(), card, card, card);
    expect(s.current).toBe(1);
    expect(s.hands[0]).toEqual([S.key]);
  });

  it('passes the turn when no action is left, and skips a player who cannot act', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [[START, START, START, START, START, START], [START, START, START, START, START, START], [START, START, START, START, START, START]],
      hands: [[S.key], [], [S.hat]],
    });
    const next = act(s, { type: 'forward', card: S.key, from: START });
    expect(next.current).toBe(2);
    expect(next.events).toContainEqual({ type: 'skipped', seat: 1 });
  });

  it('refuses actions out of turn and cards not in hand', () => {
    expect(() => cartagena.apply(base(), 1, { type: 'forward', card: S.hat, from: START })).toThrow(IllegalAction);
    expect(() => cartagena.apply(base(), 0, { type: 'forward', card: S.hat, from: START })).toThrow(IllegalAction);
    expect(() => cartagena.apply(base(), 0, { type: 'end' })).toThrow(IllegalAction);
  });

  it('takes a listed action whatever the order of its fields, and refuses it with a field of its own', () => {
    const forward = { type: 'forward', card: S.key, from: START } as const;
    expect(cartagena.legalActions(base(), 0)).toContainEqual(forward);
    expect(cartagena.apply(base(), 0, { from: START, card: S.key, type: 'forward' })).toEqual(cartagena.apply(base(), 0, forward));
    expect(() => cartagena.apply(base(), 0, { ...forward, extra: 1 } as CartagenaAction)).toThrow(IllegalAction);
    const moved = act(base(), forward);
    expect(() => cartagena.apply(moved, 0, { type: 'end', extra: 1 } as CartagenaAction)).toThrow(IllegalAction);
  });

  it('ends at once when a player has all six pirates aboard, ranking the rest by pirates aboard then progress', () => {
    const over = wonByAnnsHat();
    expect(over.winner).toBe(0);
    expect(cartagena.isOver(over)).toBe(true);
    expect(cartagena.toAct(over)).toEqual([]);
    expect(cartagena.legalActions(over, 0)).toEqual([]);
    expect(cartagena.result(over)).toEqual({ scores: [6, 1, 1], ranking: [[0], [2], [1]] });
  });

  it('lets a player resign: his pirates and cards leave, his turns are skipped, the last one left wins', () => {
    const s = cartagena.setup({ seats: 3, seed: 'resign', options: { version: 'jamaica' } });
    const leaver = s.current;
    const after = cartagena.resign(s, leaver);
    expect(after.pirates[leaver]).toEqual([]);
    expect(after.hands[leaver]).toEqual([]);
    expect(countAllCards(after)).toBe(102);
    expect(after.current).toBe((leaver + 1) % 3);
    expect(cartagena.isOver(after)).toBe(false);
    const last = cartagena.resign(after, (leaver + 1) % 3);
    expect(last.winner).toBe((leaver + 2) % 3);
    expect(cartagena.result(last)?.ranking[0]).toEqual([(leaver + 2) % 3]);
    expect(cartagena.result(last)?.ranking.at(-1)).toEqual([leaver, (leaver + 1) % 3].sort());
    expect(() => cartagena.resign(last, leaver)).toThrow(IllegalAction);
  });

  it('has no result before the end', () => {
    expect(cartagena.result(base())).toBeNull();
  });

  it("keeps the latest turn's moves for the board, until the next turn makes one", () => {
    const key = { type: 'forward', card: S.key, from: START } as const;
    const one = act(base(), key);
    expect(cartagena.view(one, null).lastMoves).toEqual({ turn: 1, seat: 0, moves: [{ type: 'forward', seat: 0, card: S.key, from: START, to: 1 }] });
    const turn = act(one, key, { type: 'end' });
    expect(turn.current).toBe(1);
    // The turn has passed: its moves stay, in order, for the post that follows.
    expect(turn.lastMoves?.moves.map((m) => [m.from, m.to])).toEqual([[START, 1], [START, 8]]);
    const next = act(turn, { type: 'forward', card: S.hat, from: START });
    expect(next.lastMoves).toEqual({ turn: 2, seat: 1, moves: [{ type: 'forward', seat: 1, card: S.hat, from: START, to: 4 }] });
    // The state before is untouched: its moves are not shared.
    expect(turn.lastMoves?.moves).toHaveLength(2);
  });

  it("keeps the cards drawn from Tortuga's open row with the moves back, as everyone saw them", () => {
    let seen = 0;
    let k = 0;
    playRandomly(3, 'open-draws', 'tortuga', (n) => (k++ * 7) % n, (s) => {
      for (const e of s.events) {
        if (e.type !== 'back') continue;
        expect(s.lastMoves?.moves.at(-1)).toEqual(e);
        seen++;
      }
    });
    expect(seen).toBeGreaterThan(0);
  });
});

describe('Cartagena: properties of random legal play', () => {
  const game = fc.record({
    seats: fc.integer({ min: 2, max: 5 }),
    seed: fc.string(),
    version: fc.constantFrom('jamaica' as const, 'tortuga' as const),
    picks: fc.infiniteStream(fc.nat()),
  });

  it('always ends with a winner (or, if nobody can move any more, a stalemate) and a full ranking', () => {
    fc.assert(
      fc.property(game, ({ seats, seed, version, picks }) => {
        const stream = picks[Symbol.iterator]();
        const s = playRandomly(seats, seed, version, (n) => (stream.next().value as number) % n);
        const result = cartagena.result(s);
        expect(result).not.toBeNull();
        expect(result?.ranking.flat().sort()).toEqual(Array.from({ length: seats }, (_, i) => i));
        if (s.winner !== null) {
          expect(s.pirates[s.winner]?.every((p) => p === SHIP)).toBe(true);
          expect(result?.ranking[0]).toEqual([s.winner]);
        } else expect(s.stalemate).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('accounts for all 102 cards, 17 per symbol, and never puts more than three pirates on a space', () => {
    fc.assert(
      fc.property(game, ({ seats, seed, version, picks }) => {
        const stream = picks[Symbol.iterator]();
        playRandomly(seats, seed, version, (n) => (stream.next().value as number) % n, (s) => {
          expect(countAllCards(s)).toBe(102);
          const all = [...s.hands.flat(), ...s.drawPile, ...s.discardPile, ...s.row];
          for (const symbol of SYMBOLS) expect(all.filter((c) => c === symbol)).toHaveLength(CARDS_PER_SYMBOL);
          for (let space = 1; space <= 36; space++) expect(occupancy(s, space)).toBeLessThanOrEqual(3);
        });
      }),
      { numRuns: 25 },
    );
  });

  it('apply refuses every action that legalActions does not list', () => {
    const anyAction: fc.Arbitrary<CartagenaAction> = fc.oneof(
      fc.record({ type: fc.constant('forward' as const), card: fc.constantFrom(...SYMBOLS), from: fc.integer({ min: -1, max: 38 }) }),
      fc.record({ type: fc.constant('back' as const), from: fc.integer({ min: -1, max: 38 }) }),
      fc.constant({ type: 'end' as const }),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 5 }), fc.nat(60), fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 30 }), (seed, seats, steps, probes) => {
        let i = 0;
        const s = (() => {
          let state = cartagena.setup({ seats, seed, options: { version: 'jamaica' } });
          for (let k = 0; k < steps && !cartagena.isOver(state); k++) {
            const legal = cartagena.legalActions(state, state.current);
            state = cartagena.apply(state, state.current, legal[(k * 7 + i++) % legal.length] as CartagenaAction);
          }
          return state;
        })();
        for (const [seat, action] of probes) {
          const listed = cartagena.legalActions(s, seat % seats).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => cartagena.apply(s, seat % seats, action)).not.toThrow();
          else expect(() => cartagena.apply(s, seat % seats, action)).toThrow(IllegalAction);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a spectator's view of Jamaica holds no hand card, not even in the events of a draw", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 5 }), fc.infiniteStream(fc.nat()), (seed, seats, picks) => {
        const stream = picks[Symbol.iterator]();
        playRandomly(seats, seed, 'jamaica', (n) => (stream.next().value as number) % n, (s) => {
          const v = cartagena.view(s, null);
          expect(v.hands.every((h) => h === null)).toBe(true);
          for (const e of v.events) if (e.type === 'back') expect(e.drew).toEqual([]);
          // The last turn's moves, kept for the board, name no drawn card either (the state does not hold them).
          for (const m of [...(v.lastMoves?.moves ?? []), ...(s.lastMoves?.moves ?? [])]) if (m.type === 'back') expect(m.drew).toEqual([]);
          const own = cartagena.view(s, 0);
          expect(own.hands[0]).toEqual(s.hands[0]);
          expect(own.hands.slice(1).every((h) => h === null)).toBe(true);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('replaying the same seed and actions gives the same state', () => {
    const seed = 'replay';
    const actions: [Seat, CartagenaAction][] = [];
    let s = cartagena.setup({ seats: 3, seed, options: { version: 'tortuga' } });
    for (let k = 0; k < 200 && !cartagena.isOver(s); k++) {
      const legal = cartagena.legalActions(s, s.current);
      const a = legal[(k * 13) % legal.length] as CartagenaAction;
      actions.push([s.current, a]);
      s = cartagena.apply(s, s.current, a);
    }
    let replayed = cartagena.setup({ seats: 3, seed, options: { version: 'tortuga' } });
    for (const [seat, a] of actions) replayed = cartagena.apply(replayed, seat, a);
    expect(replayed).toEqual(s);
  });
});
