import { randomInt, type RngState, type Seat } from '../../engine/index.js';
import type { Crew } from './cards.js';
import type { ShanghaienAction, ShanghaienState } from './rules.js';
import { ROUNDS } from './rules.js';
import { distribute, finalScoring, indexOf, type RowEnd } from './scoring.js';

/*
 * For bot players: how a cut-off simulated game looks, and how a simulated game is played.
 *
 * A position is judged as if the round were shanghaied now (the row distributed by the dice as
 * they lie) and the game then scored: a lead counts as in a logistic curve, flatter the more
 * rounds are left to turn it. Simulated players never call shanghai while it loses them points
 * (a random one ends half his rounds on any row, which makes waiting look worse than it is).
 */

/** A lead of this many points counts as about three to one in the last round... */
const LEAD_SCALE = 4;
/** ...and this many more per round still to come. */
const LEAD_SCALE_PER_ROUND = 1.5;

/** The crews if the round were shanghaied now (an unnumbered row has no dice on it). */
export function crewsIfShanghaiedNow(s: ShanghaienState): Crew[] {
  if (s.first === null || s.row.length === 0) return s.crews;
  const crews = s.crews.map((c) => ({ sailors: [...c.sailors], jokers: c.jokers, tricks: [...c.tricks] }));
  for (const claim of distribute(s.dice, s.first)) {
    const card = s.row[claim.index];
    if (claim.to === null || !card) continue;
    const crew = crews[claim.to] as Crew;
    if (card.kind === 'sailor') crew.sailors.push(card);
    else crew.tricks.push(card);
  }
  return crews;
}

/** The seat's final total less the opponent's, with these crews. */
function margin(crews: Crew[], seat: Seat): number {
  const totals = finalScoring(crews).totals;
  return (totals[seat] as number) - (totals[1 - seat] as number);
}

/** Each seat's chance, about, with the row distributed now and the rounds left to come. */
export function estimate(s: ShanghaienState): number[] {
  if (s.resigned !== null) return [0, 1].map((seat) => (seat === s.resigned ? 0 : 1));
  const lead = margin(crewsIfShanghaiedNow(s), 0);
  const roundsLeft = s.over ? 0 : ROUNDS - s.round;
  const scale = (LEAD_SCALE + LEAD_SCALE_PER_ROUND * roundsLeft) / Math.log(3);
  const first = 1 / (1 + Math.exp(-lead / scale));
  return [first, 1 - first];
}

/** The margin if the seat's die went to card `pips` and the round were then shanghaied. */
function marginWithDie(s: ShanghaienState, seat: Seat, pips: number): number {
  const first = s.first as RowEnd;
  const dice = s.dice.map((d) => [...d]);
  const own = dice[seat] as number[];
  own[indexOf(pips, first)] = (own[indexOf(pips, first)] as number) + 1;
  return margin(crewsIfShanghaiedNow({ ...s, dice }), seat);
}

/**
 * The simulated players' policy, a cheap likeness of a sensible player: no shanghai that loses
 * the seat points while he could roll instead; a rolled die placed where it gains most if the
 * round ended then; dirty tricks left unplayed (an unused one scores a point); otherwise random.
 */
export function playoutAction(s: ShanghaienState, seat: Seat, legal: ShanghaienAction[], rng: RngState): ShanghaienAction {
  const [a, b] = legal;
  if (legal.length === 2 && a?.type === 'roll' && b?.type === 'shanghai') {
    return margin(crewsIfShanghaiedNow(s), seat) < margin(s.crews, seat) ? a : legal[randomInt(rng, 2)] as ShanghaienAction;
  }
  if (a?.type === 'place') {
    let best = a;
    let bestMargin = Number.NEGATIVE_INFINITY;
    for (const action of legal) {
      if (action.type !== 'place') continue;
      const m = marginWithDie(s, seat, action.pips);
      if (m > bestMargin || (m === bestMargin && randomInt(rng, 2) === 0)) {
        best = action;
        bestMargin = m;
      }
    }
    return best;
  }
  if (a?.type === 'orient') return legal[randomInt(rng, 2)] as ShanghaienAction;
  return legal[randomInt(rng, legal.length)] as ShanghaienAction;
}
