import { randomInt, type RngState, type Seat } from '../../engine/index.js';
import { JOKER_VALUE, NATIONS, type Crew, type Nation } from './cards.js';
import type { ShanghaienAction, ShanghaienState } from './state.js';
import { ROUNDS } from './state.js';
import { distribute, indexOf, type RowEnd } from './scoring.js';

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

const add = (xs: number[], index: number, value: number) => {
  xs[index] = (xs[index] as number) + value;
};

const NATION_INDEX = Object.fromEntries(NATIONS.map((nation, index) => [nation, index])) as Record<Nation, number>;

/**
 * The seat's final total less the opponent's (as `finalScoring` counts them) if the round were
 * shanghaied with these dice (none: the crews as they are). Sums per nation in one pass, without
 * copying crews: it runs several times per simulated step.
 */
export function marginIfShanghaied(s: ShanghaienState, seat: Seat, dice: number[][] | null): number {
  const sums = [new Array<number>(NATIONS.length).fill(0), new Array<number>(NATIONS.length).fill(0)];
  const tricks = [0, 0];
  for (let crewSeat = 0; crewSeat < 2; crewSeat++) {
    const crew = s.crews[crewSeat] as Crew;
    const own = sums[crewSeat] as number[];
    for (const card of crew.sailors) add(own, NATION_INDEX[card.nation], card.value);
    for (const joker of crew.jokers) add(own, NATION_INDEX[joker.nation], JOKER_VALUE);
    tricks[crewSeat] = crew.tricks.length;
  }
  if (dice !== null && s.first !== null) {
    for (const claim of distribute(dice, s.first)) {
      const card = s.row[claim.index];
      if (claim.to === null || !card) continue;
      if (card.kind === 'sailor') add(sums[claim.to] as number[], NATION_INDEX[card.nation], card.value);
      else tricks[claim.to] = (tricks[claim.to] as number) + 1;
    }
  }
  let lead = (tricks[0] as number) - (tricks[1] as number);
  const [a, b] = sums as [number[], number[]];
  for (let n = 0; n < NATIONS.length; n++) {
    const x = a[n] as number;
    const y = b[n] as number;
    if (x === 0 || y === 0) lead += x - y;
    else if (x > y) lead += y;
    else if (y > x) lead -= x;
  }
  return seat === 0 ? lead : -lead;
}

/** Each seat's chance, about, with the row distributed now and the rounds left to come. */
export function estimate(s: ShanghaienState): number[] {
  if (s.resigned !== null) return [0, 1].map((seat) => (seat === s.resigned ? 0 : 1));
  const lead = marginIfShanghaied(s, 0, s.dice);
  const roundsLeft = s.over ? 0 : ROUNDS - s.round;
  const scale = (LEAD_SCALE + LEAD_SCALE_PER_ROUND * roundsLeft) / Math.log(3);
  const first = 1 / (1 + Math.exp(-lead / scale));
  return [first, 1 - first];
}

/** The margin if the seat's die went to card `pips` and the round were then shanghaied. */
function marginWithDie(s: ShanghaienState, seat: Seat, pips: number): number {
  const dice = s.dice.map((d) => [...d]);
  const own = dice[seat] as number[];
  const index = indexOf(pips, s.first as RowEnd);
  own[index] = (own[index] as number) + 1;
  return marginIfShanghaied(s, seat, dice);
}

/**
 * The simulated players' policy, a cheap likeness of a sensible player: no shanghai that loses
 * the seat points while he could roll instead; a rolled die placed where it gains most if the
 * round ended then; dirty tricks left unplayed (an unused one scores a point); otherwise random.
 */
export function playoutAction(s: ShanghaienState, seat: Seat, legal: ShanghaienAction[], rng: RngState): ShanghaienAction {
  const [a, b] = legal;
  if (legal.length === 2 && a?.type === 'roll' && b?.type === 'shanghai') {
    return marginIfShanghaied(s, seat, s.dice) < marginIfShanghaied(s, seat, null) ? a : (legal[randomInt(rng, 2)] as ShanghaienAction);
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
