import { scoreCrew } from './cards.js';
import { ROUNDS, type HalunkenState } from './state.js';

/** A lead of this many points counts as about three to one in the last round... */
const LEAD_SCALE = 10;
/** ...and this many more per round still to come. */
const LEAD_SCALE_PER_ROUND = 4;

/**
 * For bot players: how a cut-off game looks for each seat, in [0, 1]. A seat's score is what it
 * would have if the game ended now (its crew's final score, plus finished games in a long game);
 * against each other seat a lead counts as in a logistic curve, flatter the more rounds are left,
 * and the seat gets the mean over them, like the share of others it would finish ahead of.
 * A seat that left counts as behind all.
 */
export function estimate(s: HalunkenState): number[] {
  const scores = s.crews.map((crew, seat) => (s.resigned[seat] ? Number.NEGATIVE_INFINITY : (s.totals[seat] ?? 0) + scoreCrew(crew).score));
  const roundsLeft = Math.max(0, ROUNDS - s.round) + ROUNDS * Math.max(0, s.games - s.game);
  const scale = (LEAD_SCALE + LEAD_SCALE_PER_ROUND * roundsLeft) / Math.log(3);
  return scores.map((mine, seat) => {
    let share = 0;
    scores.forEach((theirs, other) => {
      if (other === seat) return;
      if (mine === theirs) share += 0.5;
      else if (!Number.isFinite(mine) || !Number.isFinite(theirs)) share += mine > theirs ? 1 : 0;
      else share += 1 / (1 + Math.exp(-(mine - theirs) / scale));
    });
    return s.seats > 1 ? share / (s.seats - 1) : 0.5;
  });
}
