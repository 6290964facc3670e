import { bestIndex, type HeuristicPlayer } from '../../../src/ai/heuristic.js';
import { MAX_BY_HAND, type NimAction, type NimView } from './rules.js';

/** Stones the action takes now. */
const takes = (action: NimAction) => (action.type === 'play' ? action.value : action.type === 'take' ? 1 : 0);

/**
 * Nim's sparring partner: take the last stones when it can, else leave a pile that is a multiple of
 * three where it can (the winning habit of by-hand Nim), else anything.
 */
export const nimHeuristic: HeuristicPlayer<NimView, NimAction> = (view, legal, _seat, rng) =>
  bestIndex(
    legal,
    (action) => {
      const left = view.pile - takes(action);
      if (left === 0) return 100;
      const turnEnds = action.type !== 'take' || view.taken + 1 === MAX_BY_HAND;
      return turnEnds && left % 3 === 0 ? 10 : action.type === 'take' ? 1 : 0;
    },
    rng,
  );
