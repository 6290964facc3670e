/**
 * The conformance suite's checks of the pure rules (src/engine/contract.ts), over seeded random
 * games: results, who acts, refusals, purity, replay, what views carry, and the heuristic player.
 */
import { expect } from 'vitest';
import { playHeuristic, type AnyHeuristicPlayer } from '../../../src/ai/heuristic.js';
import { IllegalAction, seedRng, type AnyGameDefinition, type Seat } from '../../../src/engine/index.js';
import { forgeries, isListed, withExtraField, isResign, pathsWhere, replay, sampleStates, statesOf, type RandomGame } from './random-games.js';

const seatsOf = (game: RandomGame): Seat[] => [...Array(game.seats).keys()];

/** The game ended with a result: a score per seat, and places that name every seat exactly once. */
export function expectResults(def: AnyGameDefinition, games: RandomGame[]): void {
  for (const game of games) {
    for (const { before } of game.steps) expect(def.result(before), `${game.seed}: a result before the end`).toBeNull();
    const result = def.result(game.end);
    expect(result, `${game.seed}: no result at the end`).not.toBeNull();
    if (!result) continue;
    expect(result.scores).toHaveLength(game.seats);
    for (const score of result.scores) expect(Number.isFinite(score)).toBe(true);
    expect(
      result.ranking.every((place) => place.length > 0),
      'an empty place',
    ).toBe(true);
    expect(result.ranking.flat().sort((a, b) => a - b)).toEqual(seatsOf(game));
  }
}

/**
 * At every state: over exactly when nobody is to act; the seats to act are distinct seats of the
 * table, each with an action; a seat not to act has none (the contract's `legalActions` lists a
 * seat's actions, and the service offers a panel's choices to anyone seated).
 */
export function expectTurnsAgree(def: AnyGameDefinition, games: RandomGame[]): void {
  for (const game of games) {
    for (const [i, state] of statesOf(game).entries()) {
      const where = `${game.seed} after step ${i}`;
      const toAct = def.toAct(state);
      expect(def.isOver(state), where).toBe(toAct.length === 0);
      expect(new Set(toAct).size, `${where}: a seat twice in toAct`).toBe(toAct.length);
      for (const seat of seatsOf(game)) {
        const legal = def.legalActions(state, seat) as unknown[];
        if (toAct.includes(seat)) expect(legal.length, `${where}: seat ${seat} must act but has no action`).toBeGreaterThan(0);
        else expect(legal, `${where}: seat ${seat} is not to act but has actions`).toEqual([]);
      }
      for (const seat of toAct) expect(seatsOf(game)).toContain(seat);
    }
  }
}

/** Applying or resigning left every state as it was reached: nothing given to `apply` changed later. */
export function expectStatesUntouched(games: RandomGame[]): void {
  for (const game of games) {
    statesOf(game).forEach((state, i) =>
      expect(JSON.stringify(state), `${game.seed}: the state after step ${i} changed after it was reached`).toBe(game.snapshots[i]),
    );
  }
}

/** Whether applying throws IllegalAction and leaves the state as it was. */
function expectRefused(def: AnyGameDefinition, state: unknown, seat: Seat, action: unknown, where: string): void {
  const before = JSON.stringify(state);
  let thrown: unknown = undefined;
  try {
    def.apply(state, seat, action);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${where}: ${JSON.stringify(action)} by seat ${seat} was not refused with IllegalAction (${String(thrown)})`).toBeInstanceOf(IllegalAction);
  expect(JSON.stringify(state), `${where}: a refused action changed the state`).toBe(before);
}

/**
 * `apply` refuses, with IllegalAction and without changing the state, every action not listed: a
 * forged one from the seat to act, another seat's action from a seat not to act, anything once the
 * game is over, and a legal action with a field of its own (an action is listed or it is not, by
 * the engine's action identity).
 */
export function expectRefusals(def: AnyGameDefinition, games: RandomGame[], statesPerGame: number): void {
  let refused = 0;
  for (const game of games) {
    for (const state of sampleStates(game, statesPerGame)) {
      const toAct = def.toAct(state);
      for (const seat of seatsOf(game)) {
        const legal = def.legalActions(state, seat) as unknown[];
        const others = toAct.filter((other) => other !== seat).flatMap((other) => (def.legalActions(state, other) as unknown[]).slice(0, 2));
        for (const action of [...forgeries(legal), ...others]) {
          if (isListed(legal, action)) continue;
          expectRefused(def, state, seat, action, game.seed);
          refused++;
        }
        const [first] = legal;
        const extra = withExtraField(first);
        if (extra !== undefined) expectRefused(def, state, seat, extra, `${game.seed} (an extra field)`);
      }
    }
    const last = game.steps.findLast((step) => !isResign(step.action));
    if (last) expectRefused(def, game.end, last.seat, last.action, `${game.seed} at its end`);
  }
  expect(refused).toBeGreaterThan(0);
}

/** The seed, the options and the actions give the same states again: a stored game replays. */
export function expectReplay(def: AnyGameDefinition, games: RandomGame[]): void {
  for (const game of games) {
    expect(JSON.stringify(def.setup({ seats: game.seats, seed: game.seed, options: game.options }))).toBe(game.snapshots[0]);
    const replayed = replay(def, game);
    expect(replayed, game.seed).toEqual(game.end);
    expect(JSON.stringify(replayed), game.seed).toBe(game.snapshots.at(-1));
  }
  // And the seed matters: chance comes from it.
  const [a, b] = games;
  if (a && b) expect(JSON.stringify(def.setup({ seats: b.seats, seed: a.seed, options: b.options }))).not.toBe(JSON.stringify(b.start));
}

/** The generator inside a state, where the games keep it (`rng`, src/engine/random.ts). */
function generatorOf(state: unknown): number[] {
  const rng = (state as { rng?: unknown }).rng;
  expect(Array.isArray(rng) && rng.length === 4, 'the state keeps its generator as `rng`, four numbers').toBe(true);
  return rng as number[];
}

/**
 * Every seat's and the spectator's view is plain JSON (it round-trips), carries its events, and
 * holds no generator: no `rng` field and not the state's generator under another name, which
 * would let a player foresee the dice and draws.
 */
export function expectViewsArePlainData(def: AnyGameDefinition, games: RandomGame[], statesPerGame: number): void {
  for (const game of games) {
    for (const state of sampleStates(game, statesPerGame)) {
      const rng = JSON.stringify(generatorOf(state));
      for (const viewer of [null, ...seatsOf(game)]) {
        const view = def.view(state, viewer) as { events?: unknown };
        const where = `${game.seed}, the view of ${viewer ?? 'a spectator'}`;
        // toEqual: a field left undefined is as good as one left out; NaN, Infinity, a Map or a Date are not.
        expect(JSON.parse(JSON.stringify(view)), where).toEqual(view);
        expect(Array.isArray(view.events), `${where}: no events`).toBe(true);
        expect(
          pathsWhere(view, (key, item) => key === 'rng' || JSON.stringify(item) === rng),
          `${where}: the generator`,
        ).toEqual([]);
      }
    }
  }
}

/** The heuristic sparring partner picks one of the legal actions (a valid index) for every seat to act. */
export function expectHeuristicPlays(def: AnyGameDefinition, heuristic: AnyHeuristicPlayer, games: RandomGame[], statesPerGame: number): void {
  for (const game of games) {
    const rng = seedRng(`heuristic/${game.seed}`);
    for (const state of sampleStates(game, statesPerGame)) {
      for (const seat of def.toAct(state)) expect(def.legalActions(state, seat)).toContainEqual(playHeuristic(def, heuristic, state, seat, rng));
    }
  }
}
