/**
 * The conformance suite's JSON check (tests/support/game-suite/stored-checks.ts) can fail: Nim
 * passes it, and Nim whose states carry one thing JSON does not keep (a Set, a field left
 * undefined) fails it, as such a game would fail once the store read it back.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameDefinition, GameDefinition } from '../../src/engine/index.js';
import { playRandomGame } from '../support/game-suite/random-games.js';
import { expectStatesSurviveJson } from '../support/game-suite/stored-checks.js';
import { nimGame } from '../support/nim/game.js';
import { nim, type NimAction, type NimOptions, type NimState, type NimView } from '../support/nim/rules.js';

const shortGame = nimGame.cases[0] as (typeof nimGame.cases)[number];

/** Nim whose every state also carries `field`, set to `value()` afresh at each step. */
function nimCarrying(field: string, value: () => unknown): AnyGameDefinition {
  const add = (state: NimState) => ({ ...state, [field]: value() });
  const def: GameDefinition<NimState, NimAction, NimOptions, NimView> = {
    ...nim,
    setup: (args) => add(nim.setup(args)),
    apply: (state, seat, action) => add(nim.apply(state, seat, action)),
    resign: (state, seat) => add(nim.resign(state, seat)),
  };
  return def as AnyGameDefinition;
}

const check = (def: AnyGameDefinition) => () =>
  expectStatesSurviveJson(
    def,
    [0, 1, 2].map((i) => playRandomGame(def, shortGame, i)),
  );

describe("the conformance suite's JSON check", () => {
  it('passes a game whose states are plain JSON', () => {
    expect(check(nim as AnyGameDefinition)).not.toThrow();
  });

  it('fails a game whose state holds a Set', () => {
    expect(check(nimCarrying('seen', () => new Set([1, 2])))).toThrow(/read back from JSON/);
  });

  it('fails a game whose state has a field left undefined', () => {
    expect(check(nimCarrying('note', () => undefined))).toThrow(/read back from JSON/);
  });
});
