/**
 * Shanghaien's state, actions and events, its constants and the small questions every part of the
 * game asks of a state (whose dice are where): kept apart from the rules so that the bots' files
 * import them without importing the rules back.
 */
import { z } from 'zod';
import type { RngState, Seat } from '../../engine/index.js';
import type { Crew, DieEffect, Nation, TavernCard } from './cards.js';
import type { Claim, FinalScoring, RowEnd } from './scoring.js';

export const SEATS = 2;
export const ROUNDS = 8;
export const DICE_PER_PLAYER = 6;
/** A roll takes two dice from the supply, and shanghai needs two dice placed. */
export const DICE_PER_ROLL = 2;
/**
 * The rules of newly opened games. 2: the start player numbers the row right after his first roll
 * of the round, before any dirty trick (version 1 allowed roll again and a joker first).
 */
export const RULES_VERSION = 2;

export const shanghaienOptions = z.object({});
export type ShanghaienOptions = z.infer<typeof shanghaienOptions>;

export type ShanghaienAction =
  /** Roll two dice from the supply (needs at least two there). */
  | { type: 'roll' }
  /** End the round and distribute the row (needs at least two own dice placed). */
  | { type: 'shanghai' }
  /** The round's start player, after his first roll: which outer card is card 1. */
  | { type: 'orient'; first: RowEnd }
  /** Place one of the rolled dice at the card with that number; the other die returns. */
  | { type: 'place'; pips: number }
  /** Trick "±1": change a rolled die from `from` to `to` and place it at card `to`. */
  | { type: 'adjust'; from: number; to: number }
  /** Trick "place both dice". */
  | { type: 'place-both' }
  /** Trick "roll again": both dice are rolled again; the new result stands. */
  | { type: 'reroll' }
  /** The trick card with this die effect becomes a joker of a nation the player already has a sailor of. */
  | { type: 'joker'; effect: DieEffect; nation: Nation };

/** A tavern card as it was distributed. */
export type DistributedCard = Claim & { card: TavernCard };

/** What happened, in order. Everything is public. */
export type ShanghaienEvent =
  | { type: 'round-started'; round: number; startPlayer: Seat; row: TavernCard[] }
  | { type: 'rolled'; seat: Seat; dice: [number, number] }
  | { type: 'oriented'; seat: Seat; first: RowEnd; /** The card that became card 1. */ card: TavernCard }
  | { type: 'placed'; seat: Seat; pips: number; card: TavernCard }
  | { type: 'trick'; seat: Seat; effect: 'adjust'; from: number; to: number }
  | { type: 'trick'; seat: Seat; effect: 'place-both'; dice: [number, number] }
  | { type: 'trick'; seat: Seat; effect: 'reroll'; dice: [number, number] }
  | { type: 'joker'; seat: Seat; effect: DieEffect; nation: Nation }
  | { type: 'shanghai'; seat: Seat; round: number; forced: boolean }
  | { type: 'distributed'; seat: Seat; cards: DistributedCard[] }
  | { type: 'game-over'; scoring: FinalScoring }
  | { type: 'resigned'; seat: Seat; winner: Seat };

export interface ShanghaienState {
  /** The rules version the game was opened under (see `rulesOf`). */
  rules: number;
  rng: RngState;
  /** Face-down tavern cards; the top card is the last element. */
  drawPile: TavernCard[];
  /** The tavern: six face-up cards, index 0 on the left. Empty once the game is over. */
  row: TavernCard[];
  /** Which outer card is card 1 this round; null until the start player chooses after his first roll. */
  first: RowEnd | null;
  /** dice[seat][index]: how many of that seat's dice lie at row slot `index`. */
  dice: number[][];
  /** 1..8. */
  round: number;
  startPlayer: Seat;
  current: Seat;
  /** The current player's roll, waiting to be placed; null when he must roll or shanghai. */
  rolled: [number, number] | null;
  /** Whether each seat has played a dirty trick this round (his captain stands beside the row). */
  trickUsed: boolean[];
  crews: Crew[];
  /** Cards out of the game: unclaimed tavern cards and spent trick cards. */
  discarded: TavernCard[];
  over: boolean;
  /** The seat that resigned, if the game ended that way. */
  resigned: Seat | null;
  /** Events of the most recent `apply` (or of `setup`). */
  events: ShanghaienEvent[];
  /**
   * The public events of the latest turn, from its roll to its placement (or a shanghai), kept
   * until the next turn begins: the board marks what the turn changed. Absent in states stored
   * before it was kept; the view then falls back to `events`.
   */
  turn?: ShanghaienEvent[];
}

export function otherSeat(seat: Seat): Seat {
  return 1 - seat;
}

/** Dice this seat has placed this round. */
export function placedDice(s: ShanghaienState, seat: Seat): number {
  return (s.dice[seat] as number[]).reduce((a, b) => a + b, 0);
}

/** Dice still in this seat's supply. */
export function supplyDice(s: ShanghaienState, seat: Seat): number {
  return DICE_PER_PLAYER - placedDice(s, seat);
}
