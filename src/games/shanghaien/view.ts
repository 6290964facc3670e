import type { Seat } from '../../engine/index.js';
import type { Crew, TavernCard } from './cards.js';
import { finalScoring, positionOf, type FinalScoring, type RowEnd } from './scoring.js';
import { ROUNDS, placedDice, supplyDice, type ShanghaienEvent, type ShanghaienState } from './state.js';

/** One card of the tavern row with its number and the dice at it. */
export interface RowSlot {
  card: TavernCard;
  /** Card number 1..6; null until the start player has chosen which end is 1. */
  position: number | null;
  /** Dice of each seat at this card. */
  dice: number[];
}

/** What a seat (or a spectator) sees: everything but the order of the draw pile. */
export interface ShanghaienView {
  viewer: Seat | null;
  round: number;
  rounds: number;
  startPlayer: Seat;
  current: Seat;
  /** turn: roll or shanghai; rolled: the dice wait to be placed (or a trick played); over. */
  phase: 'turn' | 'rolled' | 'over';
  first: RowEnd | null;
  /** Left to right as on the table. */
  row: RowSlot[];
  rolled: [number, number] | null;
  /** Dice in each seat's supply and placed this round. */
  supply: number[];
  placed: number[];
  trickUsed: boolean[];
  crews: Crew[];
  drawPileSize: number;
  discarded: TavernCard[];
  over: boolean;
  resigned: Seat | null;
  /** The final scoring once the game is over (also after a resignation: what each had then). */
  scoring: FinalScoring | null;
  events: ShanghaienEvent[];
  /** The latest turn's events, its roll included, until the next turn begins (all public). */
  turn: ShanghaienEvent[];
}

export function view(s: ShanghaienState, viewer: Seat | null): ShanghaienView {
  // Plain data throughout, so a structured copy keeps callers from reaching into the state.
  const copy = structuredClone({ ...s, rng: undefined, drawPile: undefined });
  return {
    viewer,
    round: s.round,
    rounds: ROUNDS,
    startPlayer: s.startPlayer,
    current: s.current,
    phase: s.over ? 'over' : s.rolled === null ? 'turn' : 'rolled',
    first: s.first,
    row: copy.row.map((card, index) => ({
      card,
      position: s.first === null ? null : positionOf(index, s.first),
      dice: copy.dice.map((d) => d[index] as number),
    })),
    rolled: copy.rolled,
    supply: [0, 1].map((seat) => supplyDice(s, seat)),
    placed: [0, 1].map((seat) => placedDice(s, seat)),
    trickUsed: copy.trickUsed,
    crews: copy.crews,
    drawPileSize: s.drawPile.length,
    discarded: copy.discarded,
    over: s.over,
    resigned: s.resigned,
    scoring: s.over ? finalScoring(s.crews) : null,
    events: copy.events,
    turn: copy.turn ?? copy.events,
  };
}
