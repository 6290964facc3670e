import { actionKey, nextUint32, randomInt, seedRng, type AnyGameDefinition, type RngState, type Seat } from '../engine/index.js';
import { rewardsOf } from './reward.js';

/**
 * Single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012).
 *
 * Every iteration draws a complete state from what the searching seat knows (the game's
 * `determinize`), walks the one tree of action sequences shared by all determinizations
 * (choosing among the actions available in this one, by UCB with availability counts), adds one
 * node, plays the rest of the game out at random and credits each node's mover with his result.
 * The real state is never searched: only its determinizations, so the choice depends on nothing
 * the seat cannot know.
 *
 * Simultaneous choices (several seats to act at once): the other seats choose by the playout
 * policy before the searching seat, outside the tree, so that the tree never lets anyone see a
 * choice made at the same moment. Where the game asks for it (`othersByPolicy`), every choice of
 * the other seats is made that way, on the drawn state, and the tree holds the searching seat's
 * choices only.
 */
export interface SearchLimits {
  /** Iterations to run; the search is deterministic for a seed when this bound is what stops it. */
  iterations: number;
  /** Stops earlier when this much time has passed (ms). */
  budgetMs: number;
  /** UCB exploration constant. */
  exploration: number;
  /** Steps a playout takes before it is cut off and the game's `estimate` (or a draw) stands in. */
  maxPlayoutSteps: number;
  /**
   * The share of decisions (0 to 1) in which the root's action is drawn, with a chance in
   * proportion to its visits squared, instead of taken as the most visited: a weaker level mostly
   * plays what its search liked best but now and then a move it liked less, as a beginner does.
   */
  slips: number;
  /**
   * Whether the game's exact search (`solve`, on one determinization) decides where it can
   * instead of this search.
   */
  solves: boolean;
}

interface Node {
  /** The seat whose action led here (its rewards are summed), -1 at the root. */
  seat: Seat;
  visits: number;
  /** Times this node's action was available when its parent was passed through. */
  available: number;
  reward: number;
  children: Map<string, Node>;
}

const newNode = (seat: Seat): Node => ({ seat, visits: 0, available: 0, reward: 0, children: new Map() });

/** The playout policy: the game's own (`playoutAction`), else a uniformly random legal action of `seat`. */
function playoutAction(def: AnyGameDefinition, state: unknown, seat: Seat, rng: RngState): unknown {
  const legal = def.legalActions(state, seat) as unknown[];
  if (legal.length === 1) return legal[0];
  return def.playoutAction ? def.playoutAction(state, seat, legal, rng) : legal[randomInt(rng, legal.length)];
}

/** The game's obvious step for `seat` here (judged from his view), if it names one. */
export function obviousStepOf(def: AnyGameDefinition, state: unknown, seat: Seat, legal: unknown[]): unknown {
  if (!def.obviousStep || legal.length < 2) return undefined;
  return def.obviousStep(def.view(state, seat), legal);
}

/** The actions the tree tries: the game's choice among the legal ones (`searchActions`), else all. */
function searchedActions(def: AnyGameDefinition, state: unknown, mover: Seat, legal: unknown[]): unknown[] {
  if (!def.searchActions || legal.length < 2) return legal;
  const tried = def.searchActions(state, mover, legal) as unknown[];
  return tried.length > 0 ? tried : legal;
}

/**
 * The seat to act in the tree, after the others of a simultaneous choice have chosen by policy
 * and every obvious step has been taken (those are no choice: the tree does not branch on them).
 */
function treeMover(def: AnyGameDefinition, state: unknown, searcher: Seat, rng: RngState): { state: unknown; mover: Seat | null; legal: unknown[] } {
  let current = state;
  for (;;) {
    if (def.isOver(current)) return { state: current, mover: null, legal: [] };
    const movers = def.toAct(current);
    const other = movers.length > 1 ? movers.find((m) => m !== searcher) : undefined;
    if (other !== undefined) {
      current = def.apply(current, other, playoutAction(def, current, other, rng));
      continue;
    }
    const mover = movers[0] as Seat;
    if (mover !== searcher && def.othersByPolicy?.(current) === true) {
      current = def.apply(current, mover, playoutAction(def, current, mover, rng));
      continue;
    }
    const legal = def.legalActions(current, mover) as unknown[];
    const obvious = obviousStepOf(def, current, mover, legal);
    if (obvious === undefined) return { state: current, mover, legal: searchedActions(def, current, mover, legal) };
    current = def.apply(current, mover, obvious);
  }
}

/** Picks the child to descend into: an untried action first, else the best by UCB among those available. */
function select(node: Node, keys: string[], exploration: number, rng: RngState): string {
  const untried = keys.filter((k) => !node.children.has(k));
  if (untried.length > 0) return untried[randomInt(rng, untried.length)] as string;
  let best = keys[0] as string;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const key of keys) {
    const child = node.children.get(key) as Node;
    const score = child.reward / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
    if (score > bestScore) {
      bestScore = score;
      best = key;
    }
  }
  return best;
}

/**
 * Plays on at random to the end (or the cut-off) and scores the result for every seat; null for a
 * game cut off that the game cannot estimate (it counts as even for everyone).
 */
function playout(def: AnyGameDefinition, state: unknown, limits: SearchLimits, rng: RngState): number[] | null {
  let current = state;
  const steps = def.estimate && def.playoutSteps !== undefined ? Math.min(def.playoutSteps, limits.maxPlayoutSteps) : limits.maxPlayoutSteps;
  for (let step = 0; step < steps && !def.isOver(current); step++) {
    const mover = def.toAct(current)[0] as Seat;
    current = def.apply(current, mover, playoutAction(def, current, mover, rng));
  }
  const result = def.isOver(current) ? def.result(current) : null;
  if (result) return rewardsOf(result);
  return def.estimate?.(current) ?? null;
}

/**
 * Searches from `state` for `seat` and returns the key of the chosen action (the most visited
 * child of the root) with the iterations run.
 */
export function search(def: AnyGameDefinition, state: unknown, seat: Seat, seed: string, limits: SearchLimits): { key: string; iterations: number } {
  const determinize = def.determinize?.bind(def);
  if (!determinize) throw new Error(`game ${def.id} cannot be searched: it has no determinize`);
  const rng = seedRng(`${seed}/search`);
  const root = newNode(-1);
  const started = performance.now();
  let iterations = 0;
  for (; iterations < limits.iterations; iterations++) {
    if (iterations % 16 === 0 && iterations > 0 && performance.now() - started > limits.budgetMs) break;
    let current: unknown = determinize(state, seat, `${seed}/${iterations}`);
    let node = root;
    const path: Node[] = [];
    let expanded = false;
    while (!expanded) {
      const next = treeMover(def, current, seat, rng);
      current = next.state;
      if (next.mover === null) break;
      const { mover, legal } = next;
      const keys = legal.map(actionKey);
      for (const key of keys) {
        const child = node.children.get(key);
        if (child) child.available++;
      }
      const key = select(node, keys, limits.exploration, rng);
      let child = node.children.get(key);
      if (!child) {
        child = newNode(mover);
        child.available = 1;
        node.children.set(key, child);
        expanded = true;
      }
      current = def.apply(current, mover, legal[keys.indexOf(key)]);
      path.push(child);
      node = child;
    }
    const rewards = playout(def, current, limits, rng);
    for (const visited of path) {
      visited.visits++;
      visited.reward += rewards?.[visited.seat] ?? 0.5;
    }
  }
  return { key: chosenKey(root, limits.slips, seedRng(`${seed}/choice`)), iterations };
}

/** The root's chosen action: the most visited, or in a share `slips` of decisions one drawn by visits (see SearchLimits). */
function chosenKey(root: Node, slips: number, rng: RngState): string {
  const children = [...root.children];
  if (slips > 0 && nextUint32(rng) / 0x100000000 < slips) {
    const weights = children.map(([, child]) => child.visits * child.visits);
    let draw = (nextUint32(rng) / 0x100000000) * weights.reduce((a, b) => a + b, 0);
    for (const [i, [key]] of children.entries()) {
      draw -= weights[i] as number;
      if (draw < 0) return key;
    }
  }
  let bestKey = '';
  let bestVisits = -1;
  for (const [key, child] of children) {
    if (child.visits > bestVisits) {
      bestVisits = child.visits;
      bestKey = key;
    }
  }
  return bestKey;
}
