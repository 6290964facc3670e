/**
 * Test support: the properties every game's heuristic player must have, checked over states
 * reached by random legal play. Each game's heuristic.test.ts calls these with its own seats and
 * variants.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { seedRng, type AnyGameDefinition } from '../engine/index.js';
import { stateAfter } from './fairness-testing.js';
import { playHeuristic, type AnyHeuristicPlayer } from './heuristic.js';

export interface PositionCase {
  seats: number;
  options: unknown;
  /** Most random steps before the state is looked at. */
  maxSteps: number;
}

const arbitraryPosition = (c: PositionCase) =>
  fc.record({ seed: fc.string({ maxLength: 8 }), steps: fc.integer({ min: 0, max: c.maxSteps }), draw: fc.string({ maxLength: 6 }) });

/**
 * In random reachable states, for every seat to act: given only its view and its legal actions,
 * the heuristic names one of those actions (an index in range), which `apply` accepts.
 */
export function expectLegalChoices(def: AnyGameDefinition, player: AnyHeuristicPlayer, c: PositionCase, numRuns = 200): void {
  fc.assert(
    fc.property(arbitraryPosition(c), ({ seed, steps, draw }) => {
      const state = stateAfter(def, c, seed, steps);
      for (const seat of def.toAct(state)) {
        const legal = def.legalActions(state, seat) as unknown[];
        const index = player(def.view(state, seat), legal, seat, seedRng(draw));
        expect(Number.isInteger(index) && index >= 0 && index < legal.length, `index ${index} of ${legal.length}`).toBe(true);
        expect(() => def.apply(state, seat, legal[index]) as unknown).not.toThrow();
      }
    }),
    { numRuns },
  );
}

/**
 * The heuristic reads only what the seat may know: for states the seat cannot tell apart (the
 * real one and determinizations of it, whose hidden cards are drawn anew) it makes the same choice
 * with the same generator. The type already keeps the state from it; this checks that its view
 * and actions are all it needs.
 */
export function expectViewOnly(def: AnyGameDefinition, player: AnyHeuristicPlayer, c: PositionCase, numRuns = 60): void {
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`${def.id} has no determinize`);
  fc.assert(
    fc.property(arbitraryPosition(c), ({ seed, steps, draw }) => {
      const state = stateAfter(def, c, seed, steps);
      for (const seat of def.toAct(state)) {
        const chosen: unknown = playHeuristic(def, player, state, seat, seedRng(draw));
        for (const other of ['a', 'b']) {
          const lookAlike: unknown = determinize(state, seat, `${other}/${draw}`);
          expect(def.view(lookAlike, seat)).toEqual(def.view(state, seat));
          expect(playHeuristic(def, player, lookAlike, seat, seedRng(draw))).toEqual(chosen);
        }
      }
    }),
    { numRuns },
  );
}
