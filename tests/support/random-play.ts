/**
 * Random legal play for a game's own tests (each game's presenter-testing.ts): from a state, at most
 * `steps` actions, each by a seat to act, stopping when the game is over. How the action is chosen
 * is the game's: its tests want roem, rings or tricks to come up, not uniform play.
 */
import type fc from 'fast-check';
import type { GameDefinition, Seat } from '../../src/engine/index.js';

/** One step of the play: an action, or a resignation (`action` null). */
export interface RandomStep<S, A> {
  before: S;
  seat: Seat;
  action: A | null;
  after: S;
}

export interface RandomPlay<S, A> {
  steps: number;
  /** A random whole number below `n`: needed unless `choose` picks by itself and `seat` is 'first'. */
  pick?: (n: number) => number;
  /** Who of the seats to act moves: the first (as in a game of turns), or any one by `pick`. */
  seat?: 'first' | 'any';
  /** The action among the legal ones, at the step's number: uniform by `pick` when absent. */
  choose?: (legal: readonly A[], state: S, step: number) => A;
  /** A seat that resigns instead of this step, or null: asked before every step when given. */
  resign?: (state: S) => Seat | null;
  /** Sees every step as it is played. */
  each?: (step: RandomStep<S, A>) => void;
}

/** Numbers from fast-check's stream as `pick` takes them: each one modulo `n`. */
export function picksFrom(stream: fc.Stream<number>): (n: number) => number {
  const numbers = stream[Symbol.iterator]();
  return (n) => (numbers.next().value as number) % n;
}

/** Plays from `start` as `play` says; returns the state reached. */
export function playRandomSteps<S, A, O, V>(def: GameDefinition<S, A, O, V>, start: S, play: RandomPlay<S, A>): S {
  const pick =
    play.pick ??
    (() => {
      throw new Error('playRandomSteps: a random pick is needed, but none was given');
    });
  const choose = play.choose ?? ((legal: readonly A[]) => legal[pick(legal.length)] as A);
  let state = start;
  for (let step = 0; step < play.steps && !def.isOver(state); step++) {
    const leaver = play.resign?.(state) ?? null;
    if (leaver !== null) {
      const after = def.resign(state, leaver);
      play.each?.({ before: state, seat: leaver, action: null, after });
      state = after;
      continue;
    }
    const toAct = def.toAct(state);
    const seat = (play.seat === 'any' ? toAct[pick(toAct.length)] : toAct[0]) as Seat;
    const action = choose(def.legalActions(state, seat), state, step);
    const after = def.apply(state, seat, action);
    play.each?.({ before: state, seat, action, after });
    state = after;
  }
  return state;
}
