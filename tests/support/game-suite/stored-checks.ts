/**
 * The conformance suite's check that a game survives its store: the store keeps a state as JSON
 * and hands back what it reads, parsed and frozen (src/db/storage.ts), so a game must go on from a
 * state read back exactly as from the one in memory (as OpenSpiel's basic tests serialize and
 * deserialize every state of their random games).
 */
import { expect } from 'vitest';
import type { AnyGameDefinition, Seat } from '../../../src/engine/index.js';
import { deepFreeze } from '../../../src/db/version-cache.js';
import { isResign, statesOf, type RandomGame } from './random-games.js';

/** A state as the store hands it back: its JSON text parsed, and frozen. */
export const readBack = (state: unknown): unknown => deepFreeze(JSON.parse(JSON.stringify(state)));

/**
 * Every state of every game, read back from its JSON, is the same state (no Set, Map, Date or class
 * instance, no field left undefined, no NaN or Infinity: JSON keeps none of them) and goes on the
 * same: who is to act, each seat's legal actions, every view, the result, and the next step of the
 * game played from it reaches the same state.
 */
export function expectStatesSurviveJson(def: AnyGameDefinition, games: RandomGame[]): void {
  for (const game of games) {
    const seats: Seat[] = [...Array(game.seats).keys()];
    statesOf(game).forEach((state, i) => {
      const where = `${game.seed}, the state after step ${i} read back from JSON`;
      const stored = readBack(state);
      expect(stored, where).toStrictEqual(state);
      expect(def.isOver(stored), `${where}: isOver`).toBe(def.isOver(state));
      expect(def.toAct(stored), `${where}: toAct`).toStrictEqual(def.toAct(state));
      expect(def.result(stored), `${where}: the result`).toStrictEqual(def.result(state));
      for (const seat of seats) expect(def.legalActions(stored, seat), `${where}: seat ${seat}'s actions`).toStrictEqual(def.legalActions(state, seat));
      for (const viewer of [null, ...seats])
        expect(def.view(stored, viewer), `${where}: the view of ${viewer ?? 'a spectator'}`).toStrictEqual(def.view(state, viewer));
      const next = game.steps[i];
      if (next === undefined) return;
      const after: unknown = isResign(next.action) ? def.resign(stored, next.seat) : def.apply(stored, next.seat, next.action);
      expect(after, `${where}: step ${i + 1} played from it`).toStrictEqual(next.after);
    });
  }
}
