import { SHIP, type CartagenaState } from './state.js';

/** Spaces a card is worth: about how far one forward move takes a pirate. */
const CARD_WORTH = 3;
/** A lead of this many spaces counts as about three to one. */
const LEAD_SCALE = 12;

/**
 * For bot players: how a cut-off game looks for each seat, in [0, 1]. A seat's progress is how far
 * its pirates have come (the ship counts as 37) plus its cards, the fuel for moves still to come;
 * against each other seat a lead counts as in a logistic curve, and the seat gets the mean over
 * them, like the share of others it would finish ahead of. Resigned seats count as behind all.
 */
export function estimate(s: CartagenaState): number[] {
  const progress = s.pirates.map((own, seat) =>
    s.resigned[seat] ? Number.NEGATIVE_INFINITY : own.reduce((sum, p) => sum + Math.min(p, SHIP), 0) + CARD_WORTH * (s.hands[seat] as unknown[]).length,
  );
  return progress.map((mine, seat) => {
    let share = 0;
    progress.forEach((theirs, other) => {
      if (other === seat) return;
      if (mine === theirs) share += 0.5;
      else share += 1 / (1 + Math.exp(-(mine - theirs) / (LEAD_SCALE / Math.log(3))));
    });
    return s.seats > 1 ? share / (s.seats - 1) : 0.5;
  });
}
