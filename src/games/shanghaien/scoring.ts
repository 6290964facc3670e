import type { Seat } from '../../engine/index.js';
import { JOKER_VALUE, NATIONS, type Crew, type Nation } from './cards.js';

/**
 * The two calculations of Shanghaien that need no game state: who gets each tavern card when a
 * round is shanghaied, and the final scoring per nationality. Both are for exactly two seats.
 */

export const ROW_SIZE = 6;

/** Which outer card of the row (as laid on the table, index 0 on the left) is card 1 this round. */
export type RowEnd = 'left' | 'right';

/** The card number (1..6, the pips a die needs to go there) of the row slot at `index`. */
export function positionOf(index: number, first: RowEnd): number {
  return first === 'left' ? index + 1 : ROW_SIZE - index;
}

/** The row slot of card number `position` (1..6). */
export function indexOf(position: number, first: RowEnd): number {
  return first === 'left' ? position - 1 : ROW_SIZE - position;
}

/**
 * Why a card went where it went:
 * - no-dice: nobody placed a die there, the card leaves the game;
 * - only-dice: only one player placed dice there;
 * - more-dice: both did, one placed more;
 * - neighbour-pips: equal dice, the player with more pips on the neighbouring cards wins;
 * - tie: equal dice and equal neighbour pips, the card leaves the game.
 */
export type ClaimReason = 'no-dice' | 'only-dice' | 'more-dice' | 'neighbour-pips' | 'tie';

export interface Claim {
  /** Card number 1..6. */
  position: number;
  /** Row slot, 0..5, left to right. */
  index: number;
  /** Dice of each seat on this card. */
  dice: number[];
  /** Each seat's pips on the neighbouring cards; only computed when the dice were equal. */
  neighbourPips: number[] | null;
  /** Who gets the card; null: it leaves the game. */
  to: Seat | null;
  reason: ClaimReason;
}

/**
 * Distributes the row. `dice[seat][index]` counts that seat's dice at row slot `index`; every die
 * there shows the card's number, so pips are dice × card number. Claims come in card-number order.
 */
export function distribute(dice: number[][], first: RowEnd): Claim[] {
  const countAt = (seat: Seat, index: number) => dice[seat]?.[index] ?? 0;
  const pipsAt = (seat: Seat, index: number) => (index < 0 || index >= ROW_SIZE ? 0 : countAt(seat, index) * positionOf(index, first));
  const claims: Claim[] = [];
  for (let position = 1; position <= ROW_SIZE; position++) {
    const index = indexOf(position, first);
    const counts = [countAt(0, index), countAt(1, index)] as [number, number];
    const claim: Claim = { position, index, dice: counts, neighbourPips: null, to: null, reason: 'no-dice' };
    if (counts[0] === 0 && counts[1] === 0) claim.reason = 'no-dice';
    else if (counts[0] === 0 || counts[1] === 0) {
      claim.to = counts[0] > 0 ? 0 : 1;
      claim.reason = 'only-dice';
    } else if (counts[0] !== counts[1]) {
      claim.to = counts[0] > counts[1] ? 0 : 1;
      claim.reason = 'more-dice';
    } else {
      // The outer cards have one neighbour only: pipsAt is 0 beyond the row.
      const pips = [0, 1].map((seat) => pipsAt(seat, index - 1) + pipsAt(seat, index + 1)) as [number, number];
      claim.neighbourPips = pips;
      if (pips[0] === pips[1]) claim.reason = 'tie';
      else {
        claim.to = pips[0] > pips[1] ? 0 : 1;
        claim.reason = 'neighbour-pips';
      }
    }
    claims.push(claim);
  }
  return claims;
}

/**
 * One nationality at the end:
 * - alone: only one player has it and keeps his sum;
 * - stronger: both have it, the higher sum scores the weaker crew's sum (his own leaves the game);
 * - tie: equal sums, both crews leave the game.
 */
export interface NationScore {
  nation: Nation;
  /** Each seat's sum (sailor values plus 2 per joker). */
  sums: number[];
  points: number[];
  /** Who scores this nationality; null on a tie. */
  winner: Seat | null;
  outcome: 'alone' | 'stronger' | 'tie';
}

export interface FinalScoring {
  /** Only nationalities somebody has, in the fixed nation order. */
  nations: NationScore[];
  /** 1 point per unused trick card. */
  tricks: number[];
  totals: number[];
}

/** A seat's sum in one nationality. */
export function crewSum(crew: Crew, nation: Nation): number {
  const sailors = crew.sailors.filter((c) => c.nation === nation).reduce((sum, c) => sum + c.value, 0);
  return sailors + crew.jokers.filter((j) => j.nation === nation).length * JOKER_VALUE;
}

export function finalScoring(crews: Crew[]): FinalScoring {
  const nations: NationScore[] = [];
  for (const nation of NATIONS) {
    const sums = crews.map((crew) => crewSum(crew, nation));
    const [a, b] = sums as [number, number];
    if (a === 0 && b === 0) continue;
    if (a === 0 || b === 0) {
      nations.push({ nation, sums, points: sums, winner: a > 0 ? 0 : 1, outcome: 'alone' });
    } else if (a === b) {
      nations.push({ nation, sums, points: [0, 0], winner: null, outcome: 'tie' });
    } else {
      const winner: Seat = a > b ? 0 : 1;
      const points = [0, 0];
      points[winner] = Math.min(a, b);
      nations.push({ nation, sums, points, winner, outcome: 'stronger' });
    }
  }
  const tricks = crews.map((crew) => crew.tricks.length);
  const totals = crews.map((_, seat) => nations.reduce((sum, n) => sum + (n.points[seat] as number), 0) + (tricks[seat] as number));
  return { nations, tricks, totals };
}
