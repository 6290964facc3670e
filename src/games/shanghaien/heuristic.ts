import { bestIndex, type HeuristicPlayer } from '../../ai/heuristic.js';
import type { Seat } from '../../engine/index.js';
import type { Crew, DieEffect, Nation } from './cards.js';
import type { ShanghaienAction, ShanghaienView } from './rules.js';
import { distribute, finalScoring, indexOf, type RowEnd } from './scoring.js';

/*
 * Shanghaien's sparring partner: one move ahead. A position is judged as if the round were
 * shanghaied now: the row distributed by the dice as they lie, and the crews then scored as at the
 * game's end (the seat's total less the opponent's). A die goes where that gains most (a card won,
 * or a tie made that keeps a card from the opponent); the start player numbers the row for his best
 * placement; a dirty trick is played when its placement beats the plain one by more than
 * the point an unused trick card scores. Shanghai is called when the row as it lies pays the seat
 * and waiting would let the opponent, with at least as many dice left, turn it.
 */

/** An unused trick card scores a point at the end: what playing one for its die effect costs. */
const TRICK_POINT = 1;
/** A shanghai must pay at least this much (points of the final scoring) when the seat could go on. */
const SHANGHAI_MARGIN = 1;

interface Table {
  view: ShanghaienView;
  seat: Seat;
  /** dice[seat][slot], as they lie. */
  dice: number[][];
  first: RowEnd | null;
}

/** The seat's final total less the opponent's, with these crews. */
function crewMargin(crews: readonly Crew[], seat: Seat): number {
  const totals = finalScoring([...crews]).totals;
  return (totals[seat] as number) - (totals[1 - seat] as number);
}

/** The margin if the round were shanghaied with these dice (an unnumbered row: as if numbered from the left). */
function shanghaiMargin(t: Table, dice: readonly number[][], first: RowEnd | null): number {
  const crews = t.view.crews.map((c) => ({ sailors: [...c.sailors], jokers: [...c.jokers], tricks: [...c.tricks] }));
  for (const claim of distribute(
    dice.map((d) => [...d]),
    first ?? 'left',
  )) {
    const card = t.view.row[claim.index]?.card;
    if (claim.to === null || !card) continue;
    if (card.kind === 'sailor') crews[claim.to]?.sailors.push(card);
    else crews[claim.to]?.tricks.push(card);
  }
  return crewMargin(crews, t.seat);
}

/** The seat's dice with more dice at these card numbers. */
function withDice(t: Table, first: RowEnd, pips: readonly number[]): number[][] {
  const dice = t.dice.map((d) => [...d]);
  const own = dice[t.seat] as number[];
  for (const p of pips) own[indexOf(p, first)] = (own[indexOf(p, first)] as number) + 1;
  return dice;
}

/** The best margin for placing one of `rolled` with the row numbered from `first`. */
function bestPlacement(t: Table, first: RowEnd, rolled: readonly number[]): number {
  return Math.max(...rolled.map((pips) => shanghaiMargin(t, withDice(t, first, [pips]), first)));
}

/** Rolling both dice again: the mean of the best placement over the 36 rolls. */
function rerollWorth(t: Table, first: RowEnd): number {
  let sum = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) sum += bestPlacement(t, first, [a, b]);
  return sum / 36;
}

function jokerWorth(t: Table, effect: DieEffect, nation: Nation): number {
  const crews = t.view.crews.map((c, s) =>
    s === t.seat
      ? { ...c, jokers: [...c.jokers, { nation, effect }], tricks: c.tricks.filter((_, i) => i !== c.tricks.findIndex((x) => x.effect === effect)) }
      : c,
  );
  // The roll is still placed as it would have been: only the crews change.
  return crewMargin(crews, t.seat) - crewMargin(t.view.crews, t.seat) + plainWorth(t);
}

/** The plain placement of this roll, as the position after it. */
function plainWorth(t: Table): number {
  return t.first === null || !t.view.rolled ? shanghaiMargin(t, t.dice, t.first) : bestPlacement(t, t.first, t.view.rolled);
}

/** Shanghai now: the row as it lies, against going on when the opponent has the dice to turn it. */
function shanghaiWorth(t: Table, supply: readonly number[]): number {
  const now = shanghaiMargin(t, t.dice, t.first);
  const mine = supply[t.seat] as number;
  const theirs = supply[1 - t.seat] as number;
  if (mine < 2) return Number.POSITIVE_INFINITY;
  const pays = now - crewMargin(t.view.crews, t.seat);
  // Going on is better when the seat has the dice to improve and the opponent fewer to answer.
  return pays >= SHANGHAI_MARGIN && theirs >= mine ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

export const shanghaienHeuristic: HeuristicPlayer<ShanghaienView, ShanghaienAction> = (view, legal, seat, rng) => {
  const dice = [0, 1].map((s) => view.row.map((slot) => slot.dice[s] ?? 0));
  const t: Table = { view, seat, dice, first: view.first };
  const rolled = view.rolled ?? [];
  return bestIndex(
    legal,
    (action) => {
      switch (action.type) {
        case 'roll':
          return 0;
        case 'shanghai':
          return shanghaiWorth(t, view.supply);
        case 'orient':
          return bestPlacement(t, action.first, rolled);
        case 'place':
          return shanghaiMargin(t, withDice(t, t.first ?? 'left', [action.pips]), t.first);
        case 'adjust':
          return shanghaiMargin(t, withDice(t, t.first ?? 'left', [action.to]), t.first) - TRICK_POINT;
        case 'place-both':
          return shanghaiMargin(t, withDice(t, t.first ?? 'left', rolled), t.first) - TRICK_POINT;
        case 'reroll':
          return rerollWorth(t, t.first ?? 'left') - TRICK_POINT;
        case 'joker':
          return jokerWorth(t, action.effect, action.nation);
      }
    },
    rng,
  );
};
