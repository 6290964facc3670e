/**
 * Test support: the properties every game's `determinize` must have, checked over states reached
 * by random legal play. Each game's tests call these with its own seats and variants, and with a
 * look-alike of its own making: another state the seat cannot tell from the real one, built by
 * hand (hidden cards moved, the others' secret choices changed, the generator replaced), so that a
 * `determinize` that copied the real hidden cards would fail.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { nextUint32, seedRng, type AnyGameDefinition, type Seat } from '../engine/index.js';
import { chooseAction, type Level } from './index.js';

export interface FairnessCase {
  seats: number;
  options: unknown;
  /** Most random steps before the state is looked at. */
  maxSteps: number;
  /**
   * Another state `seat` cannot tell from `state` (the same view), made without `determinize`:
   * whatever is hidden from the seat rearranged or redrawn from `seed`, the generator replaced.
   */
  lookAlike(state: never, seat: Seat, seed: string): unknown;
}

/** A state after `steps` random legal actions (fewer if the game ends first). */
export function stateAfter(def: AnyGameDefinition, c: Pick<FairnessCase, 'seats' | 'options'>, seed: string, steps: number): unknown {
  const rng = seedRng(`play/${seed}`);
  let state: unknown = def.setup({ seats: c.seats, seed, options: def.options.parse(c.options) as unknown });
  for (let i = 0; i < steps && !def.isOver(state); i++) {
    const seat = def.toAct(state)[0] as Seat;
    const legal = def.legalActions(state, seat) as unknown[];
    state = def.apply(state, seat, legal[nextUint32(rng) % legal.length]);
  }
  return state;
}

const arbitraryPosition = (c: FairnessCase) =>
  fc.record({ seed: fc.string({ maxLength: 8 }), steps: fc.integer({ min: 0, max: c.maxSteps }), draw: fc.string({ maxLength: 6 }) });

/** The case's look-alike, checked to be one: the seat sees the same. */
function lookAlikeOf(def: AnyGameDefinition, c: FairnessCase, state: unknown, seat: Seat, seed: string): unknown {
  const other = c.lookAlike(state as never, seat, seed);
  expect(def.view(other, seat)).toEqual(def.view(state, seat));
  return other;
}

/**
 * For every seat to act in random reachable states: a determinization looks the same to that seat
 * (its view and its legal actions), and it depends only on what the seat knows: determinizing the
 * real state, a look-alike or a determinization gives the same result for a seed. The look-alikes
 * must differ from the real state now and then, or the check would prove nothing.
 */
export function expectFairDeterminization(def: AnyGameDefinition, c: FairnessCase, numRuns = 60): void {
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`${def.id} has no determinize`);
  let differed = 0;
  fc.assert(
    fc.property(arbitraryPosition(c), ({ seed, steps, draw }) => {
      const state = stateAfter(def, c, seed, steps);
      for (const seat of def.toAct(state)) {
        const drawn: unknown = determinize(state, seat, `other/${draw}`);
        expect(def.view(drawn, seat)).toEqual(def.view(state, seat));
        expect(def.legalActions(drawn, seat)).toEqual(def.legalActions(state, seat));
        const other = lookAlikeOf(def, c, state, seat, `look-alike/${draw}`);
        if (JSON.stringify(other) !== JSON.stringify(state)) differed++;
        const expected: unknown = determinize(state, seat, `again/${draw}`);
        expect(determinize(other, seat, `again/${draw}`)).toEqual(expected);
        expect(determinize(drawn, seat, `again/${draw}`)).toEqual(expected);
      }
    }),
    { numRuns },
  );
  expect(differed, 'the look-alikes never differed from the real state').toBeGreaterThan(0);
}

/**
 * The bot never cheats: in random reachable states it chooses the same action for the real state,
 * for a look-alike and for a determinization, and that action is legal. `level`: easy by default
 * (cheap, so many positions); expert searches far more and takes the games' exact searches too.
 */
export function expectBotIgnoresHidden(def: AnyGameDefinition, c: FairnessCase, numRuns = 8, level: Level = 'easy'): void {
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`${def.id} has no determinize`);
  fc.assert(
    fc.property(arbitraryPosition(c), ({ seed, steps, draw }) => {
      const state = stateAfter(def, c, seed, steps);
      const [seat] = def.toAct(state);
      if (seat === undefined) return;
      const options = { level, seed: `choose/${draw}`, budgetMs: Number.POSITIVE_INFINITY };
      const chosen: unknown = chooseAction(def, state, seat, options);
      expect(def.legalActions(state, seat)).toContainEqual(chosen);
      expect(chooseAction(def, lookAlikeOf(def, c, state, seat, `look-alike/${draw}`), seat, options)).toEqual(chosen);
      expect(chooseAction(def, determinize(state, seat, `other/${draw}`), seat, options)).toEqual(chosen);
    }),
    { numRuns },
  );
}
