import { rulesOf, type Seat } from '../../engine/index.js';
import { ACTIONS_PER_TURN, isOver, type CartagenaEvent, type CartagenaOptions, type CartagenaState, type CartagenaSymbol, type LastMoves } from './state.js';

/** What one seat (or a spectator, null) sees: Jamaica hides the others' hands and what they drew. */
export interface CartagenaView {
  version: CartagenaOptions['version'];
  /** The rules version, public so that the board can say when an empty row is laid out again. */
  rules: number;
  seats: number;
  viewer: Seat | null;
  tunnel: CartagenaSymbol[];
  pirates: number[][];
  /** Hands visible to this viewer: every hand in Tortuga, only the viewer's own in Jamaica. */
  hands: (CartagenaSymbol[] | null)[];
  handSizes: number[];
  row: CartagenaSymbol[];
  drawPileSize: number;
  discardPileSize: number;
  current: Seat;
  actionsThisTurn: number;
  actionsLeft: number;
  turn: number;
  winner: Seat | null;
  resigned: boolean[];
  over: boolean;
  events: CartagenaEvent[];
  /** The moves of the latest turn that made any (public: no card drawn in Jamaica); null before the first. */
  lastMoves: LastMoves | null;
}

export function view(s: CartagenaState, viewer: Seat | null): CartagenaView {
  const open = s.version === 'tortuga';
  const mayKnowDraw = (seat: Seat) => open || seat === viewer;
  return {
    version: s.version,
    rules: rulesOf(s),
    seats: s.seats,
    viewer,
    tunnel: [...s.tunnel],
    pirates: s.pirates.map((p) => [...p]),
    hands: s.hands.map((hand, seat) => (mayKnowDraw(seat) ? [...hand] : null)),
    handSizes: s.hands.map((hand) => hand.length),
    row: [...s.row],
    drawPileSize: s.drawPile.length,
    discardPileSize: s.discardPile.length,
    current: s.current,
    actionsThisTurn: s.actionsThisTurn,
    actionsLeft: isOver(s) ? 0 : ACTIONS_PER_TURN - s.actionsThisTurn,
    turn: s.turn,
    winner: s.winner,
    resigned: [...s.resigned],
    over: isOver(s),
    events: s.events.map((e) => (e.type === 'back' && !mayKnowDraw(e.seat) ? { ...e, drew: [] } : { ...e })),
    lastMoves: s.lastMoves ? { ...s.lastMoves, moves: s.lastMoves.moves.map((m) => ({ ...m })) } : null,
  };
}
