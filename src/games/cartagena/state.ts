/**
 * Cartagena's state, actions and events, the game's constants and its options: what every part
 * of the game (rules, bots, board) shares, kept apart so that they import none of each other.
 */
import { z } from 'zod';
import type { RngState, Seat } from '../../engine/index.js';

/** The six symbols of the tunnel and the cards. */
export const SYMBOLS = ['skull', 'dagger', 'key', 'bottle', 'pistol', 'hat'] as const;
export type CartagenaSymbol = (typeof SYMBOLS)[number];

export const SPACES = 36;
/** Pirate positions: 0 is the start area, 1..36 the tunnel spaces, 37 the ship. */
export const START = 0;
export const SHIP = SPACES + 1;
export const PIRATES_PER_PLAYER = 6;
export const CARDS_PER_SYMBOL = 17;
export const HAND_SIZE = 6;
export const ACTIONS_PER_TURN = 3;
/** A space never holds more pirates than this. */
export const SPACE_CAPACITY = 3;

export const cartagenaOptions = z.object({
  /** Jamaica: hidden hands, face-down deck. Tortuga: open hands, draws from an open row. */
  version: z.enum(['jamaica', 'tortuga']).default('jamaica'),
});
export type CartagenaOptions = z.infer<typeof cartagenaOptions>;

export type CartagenaAction = { type: 'forward'; card: CartagenaSymbol; from: number } | { type: 'back'; from: number } | { type: 'end' };

/** What happened, in order; `drew` is only visible to the drawer in Jamaica (see `view`). */
export type CartagenaEvent =
  | { type: 'forward'; seat: Seat; card: CartagenaSymbol; from: number; to: number }
  | { type: 'back'; seat: Seat; from: number; to: number; drew: CartagenaSymbol[]; drawCount: number }
  | { type: 'reshuffled' }
  | { type: 'row-laid-out'; cards: number }
  | { type: 'turn-passed'; seat: Seat; reason: 'ended' | 'three-actions' | 'no-action-left' }
  | { type: 'skipped'; seat: Seat }
  | { type: 'won'; seat: Seat }
  | { type: 'resigned'; seat: Seat }
  | { type: 'stalemate' };

export interface CartagenaState {
  version: CartagenaOptions['version'];
  /** The rules version the game was opened under (see `rulesOf`); 2 refills an empty Tortuga row at the next draw. */
  rules: number;
  seats: number;
  rng: RngState;
  /** The symbol of each tunnel space; index 0 is space 1. */
  tunnel: CartagenaSymbol[];
  /** For each seat, the positions of its six pirates (0 start, 1..36 tunnel, 37 ship); none once resigned. */
  pirates: number[][];
  hands: CartagenaSymbol[][];
  /** Face-down deck; the top card is the last element. */
  drawPile: CartagenaSymbol[];
  discardPile: CartagenaSymbol[];
  /** Tortuga's open row, drawn from index 0 onwards (the arrow's direction). Empty in Jamaica. */
  row: CartagenaSymbol[];
  current: Seat;
  actionsThisTurn: number;
  /** Counts turns, so that posts can say "turn 12". */
  turn: number;
  winner: Seat | null;
  /** Seats that left the game: their pirates left the tunnel and their cards went to the discards. */
  resigned: boolean[];
  /** Set when nobody can act any more (no cards anywhere in hands and no move back). */
  stalemate: boolean;
  /** Events of the most recent `apply` (or of `setup`). */
  events: CartagenaEvent[];
  /**
   * The moves of the latest turn that made any, for the board to mark what changed; public only
   * (Jamaica's drawn cards are never kept here). Absent in games saved before it existed.
   */
  lastMoves?: LastMoves;
}

/** A turn's moves in order, as everyone saw them. */
export interface LastMoves {
  turn: number;
  seat: Seat;
  moves: Extract<CartagenaEvent, { type: 'forward' | 'back' }>[];
}

/** Won, or nobody can act any more. */
export function isOver(s: CartagenaState): boolean {
  return s.winner !== null || s.stalemate;
}
