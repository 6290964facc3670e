/**
 * The conformance suite's checks of hidden information: what the spectator and each seat are
 * shown, the bots' `determinize`, and undo. The honest generic tool is `determinize(state, seat,
 * seed)`: a state the seat cannot tell from the real one, with everything hidden from it drawn
 * again. Whatever differs between the two is what that seat must not be shown.
 */
import { expect } from 'vitest';
import { expectFairDeterminization } from '../../../src/ai/fairness-testing.js';
import type { AnyGameDefinition, Seat } from '../../../src/engine/index.js';
import type { GameCase } from '../../../src/games/define-game.js';
import { isListed, isResign, sampleStates, type RandomGame } from './random-games.js';

/** Determinizations per seat and state: the states vary enough that more add little. */
const DRAWS = 1;

function determinizeOf(def: AnyGameDefinition): NonNullable<AnyGameDefinition['determinize']> {
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`${def.id} has no determinize`);
  return determinize;
}

/**
 * The state less its generator and its last step's events (which a determinization may strip of
 * what the seat did not see): what a determinization must sometimes draw again, the hidden cards.
 */
const withoutGenerator = (state: unknown) => JSON.stringify({ ...(state as object), rng: null, events: null });

/**
 * In any determinization for any seat, that seat and the spectator are shown exactly what they are
 * shown in the real state: the spectator's view holds no card of anyone's hand, no order of a
 * face-down pile, and a seat's view holds nothing of another's secrets. And determinizations do
 * redraw something besides the generator now and then, or this would prove nothing.
 */
export function expectHiddenStaysHidden(def: AnyGameDefinition, games: RandomGame[], statesPerGame: number): void {
  const determinize = determinizeOf(def);
  let redrawn = 0;
  for (const game of games) {
    for (const state of sampleStates(game, statesPerGame)) {
      if (def.isOver(state)) continue;
      const spectator: unknown = def.view(state, null);
      for (let seat = 0; seat < game.seats; seat++) {
        for (let draw = 0; draw < DRAWS; draw++) {
          const drawn: unknown = determinize(state, seat, `${game.seed}/hidden/${draw}`);
          expect(def.view(drawn, null), `${game.seed}: the spectator sees what seat ${seat} does not know`).toEqual(spectator);
          expect(def.view(drawn, seat), `${game.seed}: seat ${seat} sees what it does not know`).toEqual(def.view(state, seat));
          if (withoutGenerator(drawn) !== withoutGenerator(state)) redrawn++;
        }
      }
    }
  }
  expect(redrawn, 'determinize never drew anything hidden again: it copies the real hidden cards').toBeGreaterThan(0);
}

/**
 * `determinize` is fair (src/ai/fairness-testing.ts): it keeps what the seat sees and depends on nothing
 * else. The look-alike is another determinization: generic, but weaker than a game's own
 * hand-made one, so `expectHiddenStaysHidden` adds that something hidden is really drawn again.
 */
export function expectFairDeterminize(def: AnyGameDefinition, c: GameCase, games: RandomGame[], runs: number): void {
  const determinize = determinizeOf(def);
  const lengths = games.map((game) => game.steps.length).sort((a, b) => a - b);
  const maxSteps = lengths[Math.floor(lengths.length / 2)] ?? 0;
  expectFairDeterminization(
    def,
    { seats: c.seats, options: c.options, maxSteps, lookAlike: (state: unknown, seat: Seat, seed: string): unknown => determinize(state, seat, seed) },
    runs,
  );
}

/**
 * Undo takes back only what showed nobody anything (docs/architecture.md, src/service/undo.ts).
 * For every step `undoable` allows: the game still waits for someone; and each seat, in any
 * state it cannot tell from the one before (a determinization for it), would be shown after the
 * same move exactly what it is shown now, and the spectator too: the move showed no card, no
 * die, nothing but itself. Whether a move may be taken back (an Undo button, what others are
 * shown meanwhile) depends only on what its player knows.
 */
export function expectUndoShowsNothing(def: AnyGameDefinition, games: RandomGame[], stepsPerGame: number): void {
  const undoable = def.undoable?.bind(def);
  if (!undoable) throw new Error(`${def.id} has no undoable`);
  const determinize = def.determinize?.bind(def);
  let undoables = 0;
  let compared = 0;
  for (const game of games) {
    // A close look (determinizations) at about `stepsPerGame` steps, and at as many undoable ones.
    const stride = Math.max(1, Math.ceil(game.steps.length / stepsPerGame));
    let undoablesHere = 0;
    for (const [i, { seat, action, before, after }] of game.steps.entries()) {
      if (isResign(action)) continue;
      const where = `${game.seed} step ${i}: ${JSON.stringify(action)} by seat ${seat}`;
      const may = undoable(before, after, seat);
      if (may) {
        undoables++;
        expect(def.toAct(after), `${where}: undoable, but nobody is waited for`).not.toEqual([]);
      }
      const close = may ? undoablesHere++ % stride === 0 : i % stride === 0;
      if (!determinize || !close) continue;
      const mine: unknown = determinize(before, seat, `${game.seed}/undo/${i}`);
      expect(undoable(mine, def.apply(mine, seat, action), seat), `${where}: whether it may be taken back depends on what its player does not know`).toBe(may);
      if (!may) continue;
      for (let viewer = 0; viewer < game.seats; viewer++) {
        for (let draw = 0; draw < DRAWS; draw++) {
          const drawn: unknown = determinize(before, viewer, `${game.seed}/undo/${i}/${viewer}/${draw}`);
          // The others cannot know the mover's hidden cards: in some draws he cannot make this move.
          if (!isListed(def.legalActions(drawn, seat) as unknown[], action)) continue;
          const drawnAfter: unknown = def.apply(drawn, seat, action);
          expect(def.view(drawnAfter, viewer), `${where}: showed seat ${viewer} something new`).toEqual(def.view(after, viewer));
          expect(def.view(drawnAfter, null), `${where}: showed the spectator something new`).toEqual(def.view(after, null));
          compared++;
        }
      }
    }
  }
  expect(undoables, 'random play never made a move that may be taken back: the case does not exercise undo').toBeGreaterThan(0);
  if (determinize) expect(compared).toBeGreaterThan(0);
}
