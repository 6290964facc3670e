import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction } from '../../engine/index.js';
import { cartagena, CARDS_PER_SYMBOL, SHIP, START, SYMBOLS, occupancy, type CartagenaAction } from './rules.js';
import { S, act, countAllCards, exampleTunnel, playRandomly, position, wonByAnnsHat } from './test-positions.js';

/** Turns, refusals and the end of the game; the properties of random legal play that are Cartagena's own. */

describe('Cartagena: turns and the end', () => {
  const base = () =>
    position({
      tunnel: exampleTunnel,
      pirates: [
        [START, START, START, START, START, START],
        [START, START, START, START, START, START],
      ],
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
      pirates: [
        [START, START, START, START, START, START],
        [START, START, START, START, START, START],
        [START, START, START, START, START, START],
      ],
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
    expect(turn.lastMoves?.moves.map((m) => [m.from, m.to])).toEqual([
      [START, 1],
      [START, 8],
    ]);
    const next = act(turn, { type: 'forward', card: S.hat, from: START });
    expect(next.lastMoves).toEqual({ turn: 2, seat: 1, moves: [{ type: 'forward', seat: 1, card: S.hat, from: START, to: 4 }] });
    // The state before is untouched: its moves are not shared.
    expect(turn.lastMoves?.moves).toHaveLength(2);
  });

  it("keeps the cards drawn from Tortuga's open row with the moves back, as everyone saw them", () => {
    let seen = 0;
    let k = 0;
    playRandomly(
      3,
      'open-draws',
      'tortuga',
      (n) => (k++ * 7) % n,
      (s) => {
        for (const e of s.events) {
          if (e.type !== 'back') continue;
          expect(s.lastMoves?.moves.at(-1)).toEqual(e);
          seen++;
        }
      },
    );
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
        playRandomly(
          seats,
          seed,
          version,
          (n) => (stream.next().value as number) % n,
          (s) => {
            expect(countAllCards(s)).toBe(102);
            const all = [...s.hands.flat(), ...s.drawPile, ...s.discardPile, ...s.row];
            for (const symbol of SYMBOLS) expect(all.filter((c) => c === symbol)).toHaveLength(CARDS_PER_SYMBOL);
            for (let space = 1; space <= 36; space++) expect(occupancy(s, space)).toBeLessThanOrEqual(3);
          },
        );
      }),
      { numRuns: 25 },
    );
  });

  // Stronger than the conformance suite's refusals: apply finds an action without listing them all,
  // so actions of every shape and in range (any pirate's space, any card) are tried against the list.
  it('apply refuses every action that legalActions does not list, in range or not', () => {
    const anyAction: fc.Arbitrary<CartagenaAction> = fc.oneof(
      fc.record({ type: fc.constant('forward' as const), card: fc.constantFrom(...SYMBOLS), from: fc.integer({ min: -1, max: 38 }) }),
      fc.record({ type: fc.constant('back' as const), from: fc.integer({ min: -1, max: 38 }) }),
      fc.constant({ type: 'end' as const }),
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 2, max: 5 }),
        fc.nat(60),
        fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 30 }),
        (seed, seats, steps, probes) => {
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
        },
      ),
      { numRuns: 200 },
    );
  });
});
