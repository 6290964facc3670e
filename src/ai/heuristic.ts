/**
 * Heuristic players: each game's sparring partner, a quick rule of thumb that the bot levels are
 * measured against. A heuristic player is a pure function of what one seat may know: its view
 * (`def.view(state, seat)`) and its legal actions; it never receives the state. It returns the
 * index of its choice among the legal actions and may draw from `rng` (to break ties), so the
 * same view, actions and generator give the same choice.
 */
import { nextUint32, type GameDefinition, type RngState, type Seat } from '../engine/index.js';

export type HeuristicPlayer<V, A> = (view: V, legal: readonly A[], seat: Seat, rng: RngState) => number;

/** Any game's heuristic, with its types erased (as `AnyGameDefinition` erases a game's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased on purpose: `unknown` would refuse every real heuristic (its parameters are contravariant)
export type AnyHeuristicPlayer = HeuristicPlayer<any, any>;

/**
 * The heuristic's choice for `seat` in `state`: one of its legal actions. The state is used only
 * to build the seat's view and legal actions, which are all the player is given.
 */
export function playHeuristic<S, A, O, V>(def: GameDefinition<S, A, O, V>, player: HeuristicPlayer<V, A>, state: S, seat: Seat, rng: RngState): A {
  const legal = def.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has nothing to do in game ${def.id}`);
  if (legal.length === 1) return legal[0] as A;
  const index = player(def.view(state, seat), legal, seat, rng);
  const action = legal[index];
  if (!Number.isInteger(index) || action === undefined) throw new Error(`the ${def.id} heuristic chose ${index} of ${legal.length} actions`);
  return action;
}

/** Scores within this of the best count as equal: the choice among them is drawn. */
const TIE = 1e-9;

/**
 * The index of the item with the highest score (items scored -Infinity are never chosen unless all
 * are); equal best scores are broken at random, so that a heuristic does not always lean one way.
 */
export function bestIndex<T>(items: readonly T[], score: (item: T, index: number) => number, rng: RngState): number {
  let best = Number.NEGATIVE_INFINITY;
  let chosen = 0;
  let ties = 0;
  items.forEach((item, index) => {
    const value = score(item, index);
    if (value > best + TIE) {
      best = value;
      chosen = index;
      ties = 1;
    } else if (value >= best - TIE) {
      // Reservoir sampling: each of the tied items ends up chosen with equal chance.
      ties++;
      if (nextUint32(rng) % ties === 0) chosen = index;
    }
  });
  return chosen;
}
