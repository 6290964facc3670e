import { rulesOf, type Seat } from '../../engine/index.js';
import type { DutchmanCard, Hand, SeaCard } from './cards.js';
import { orderChoices, type OrderChoice } from './resolution.js';
import { fieldCapacity, fieldName, pointFieldNames, pointLabel, type FieldName } from './sea.js';
import { isActive, isOver, piratesLeft, playerOf, toAct, type EndReason, type FreibeuterEvent, type FreibeuterState, type Phase } from './state.js';
import { scoreOf, type ShipValue, type Token } from './tokens.js';

/*
 * What one seat (or a spectator) sees of a Freibeuter game: everything but the hands of others and
 * the order of the piles.
 */

export interface FieldView {
  name: FieldName;
  /** Owners of the boats on it, in the order placed. */
  boats: Seat[];
  /** 1 on the border, 2 inside. */
  capacity: number;
}

export interface TokenView {
  point: number;
  /** 'B2-C3': the top-left and bottom-right of its four fields. */
  label: string;
  fields: FieldName[];
  /** null once the token has left the board. */
  token: Token | null;
  /** Whose boat lies on the ship. */
  boardedBy: Seat | null;
}

export interface PlayerView {
  seat: Seat;
  treasure: number;
  /** Boats in supply. */
  boats: number;
  boatsOnSea: number;
  boatsOnShips: number;
  /** Boats set aside as loan markers. */
  lostBoats: number;
  ships: ShipValue[];
  loans: number[];
  /** What his score would be if the game ended now (public: treasure, ships and loans are). */
  score: number;
  handSize: number;
  resigned: boolean;
}

/** What one seat (or a spectator, null) sees. */
export interface FreibeuterView {
  viewer: Seat | null;
  seats: number;
  turn: number;
  current: Seat;
  phase: Phase;
  /** The seats the game waits for (the current player, or nobody once over). */
  waitingFor: Seat[];
  /** 49 fields in board order (A1 .. A7, B1 .. G7). */
  fields: FieldView[];
  /** 36 grid points in board order (A1-B2 .. F6-G7). */
  tokens: TokenView[];
  /** The Flying Dutchman's field while it is on the sea. */
  dutchman: FieldName | null;
  /** Encircled tokens waiting for the current player's choice of order. */
  pending: number[];
  /**
   * The orders he may choose from and what each leads to (public: it follows from public
   * treasure, boats and loans); empty outside that choice and in games under rules version 1.
   */
  orders: OrderChoice[];
  /** Ship values whose double-value token was taken. */
  doubles: ShipValue[];
  escaped: ShipValue[];
  piratesLeft: number;
  seaPile: number;
  dutchmanPile: number;
  /** The played cards, face up. */
  seaDiscard: SeaCard[];
  dutchmanDiscard: DutchmanCard[];
  /** Cards of players who left, face down: how many. */
  setAside: number;
  players: PlayerView[];
  /** The viewer's own hand (null for spectators and players who left). */
  hand: Hand | null;
  over: boolean;
  end: { reason: EndReason; seat: Seat | null } | null;
  events: FreibeuterEvent[];
  /**
   * Every public event of the turn under way, or of the turn just ended when the latest step
   * passed it on: what the board marks as changed (a post comes after the turn's last step,
   * whose own `events` may be only the draw). Filtered like `events`.
   */
  turnEvents: FreibeuterEvent[];
}

export function view(s: FreibeuterState, viewer: Seat | null): FreibeuterView {
  const own = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  const onSea = new Array<number>(s.seats).fill(0);
  for (const boats of s.sea) for (const seat of boats) onSea[seat]!++;
  const onShips = new Array<number>(s.seats).fill(0);
  for (const owner of s.boarded) if (owner !== null) onShips[owner]!++;
  const ownHand = own === null || !isActive(s, own) ? null : playerOf(s, own).hand;
  return {
    viewer,
    seats: s.seats,
    turn: s.turn,
    current: s.current,
    phase: s.phase,
    waitingFor: toAct(s),
    fields: s.sea.map((boats, field) => ({ name: fieldName(field), boats: [...boats], capacity: fieldCapacity(field) })),
    tokens: s.tokens.map((token, point) => ({
      point,
      label: pointLabel(point),
      fields: pointFieldNames(point),
      token: token === null ? null : { ...token },
      boardedBy: s.boarded[point] ?? null,
    })),
    dutchman: s.dutchman === null ? null : fieldName(s.dutchman),
    pending: [...s.pending],
    orders: s.phase === 'order' && rulesOf(s) >= 2 ? orderChoices(s) : [],
    doubles: [...s.doubles],
    escaped: [...s.escaped],
    piratesLeft: piratesLeft(s),
    seaPile: s.seaPile.length,
    dutchmanPile: s.dutchmanPile.length,
    seaDiscard: [...s.seaDiscard],
    dutchmanDiscard: [...s.dutchmanDiscard],
    setAside: s.setAside.sea.length + s.setAside.dutchman.length,
    players: s.players.map((p, seat) => ({
      seat,
      treasure: p.treasure,
      boats: p.boats,
      boatsOnSea: onSea[seat] as number,
      boatsOnShips: onShips[seat] as number,
      lostBoats: p.lost,
      ships: [...p.ships],
      loans: [...p.loans],
      score: scoreOf(p, s.doubles),
      handSize: p.hand.sea.length + p.hand.dutchman.length,
      resigned: p.resigned,
    })),
    hand: ownHand === null ? null : { sea: [...ownHand.sea], dutchman: [...ownHand.dutchman] },
    over: isOver(s),
    end: s.end === null ? null : { ...s.end },
    events: s.events.map((e) => seenBy(e, own)),
    turnEvents: [...(s.earlier ?? []), ...s.events].map((e) => seenBy(e, own)),
  };
}

/** An event as `viewer` sees it: a drawn card only by its drawer. */
function seenBy(e: FreibeuterEvent, viewer: Seat | null): FreibeuterEvent {
  if (e.type === 'drew') return { ...e, card: e.seat === viewer ? e.card : null };
  return structuredClone(e);
}
