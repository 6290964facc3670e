/**
 * What the last move changed, read from the public events every view carries: where pieces came
 * from and where they arrived, the sailor cards that joined or left a crew or the harbour, and the
 * movement cards just revealed. The board marks these so that a post shows what happened.
 */
import type { Seat } from '../../engine/index.js';
import type { MovementCard, SailorCard } from './cards.js';
import { BLACK_JACK, type HalunkenView, type LaidCard, type Piece } from './rules.js';

export interface BoardChanges {
  /** Where each piece that moved stood before the move. */
  cameFrom: Map<Piece, number>;
  /** Pieces that moved or were placed: their spot is marked. */
  arrived: Set<Piece>;
  /** Sailor cards that joined each crew ("colour:value"). */
  gained: Map<Seat, Set<string>>;
  /** Sailor cards that left each crew. */
  lost: Map<Seat, SailorCard[]>;
  /** Cards that came into the harbour. */
  intoHarbour: Set<string>;
  /** The movement cards revealed in the last move (this round's, or the round just finished). */
  laid: LaidCard[];
  /** Black Jack's card drawn from his deck in the last move (three or four players). */
  blackJackCard: MovementCard | null;
  /** Black Jack was hired in the last move. */
  hired: boolean;
}

export const cardKey = (card: SailorCard): string => `${card.colour}:${card.value}`;

/**
 * The changes of the last move, or of the whole round a post covers: `earlier` are the views at the
 * end of the turns before it (see GamePresenter.render), whose moves count first.
 */
export function changesOf(view: HalunkenView, earlier: readonly HalunkenView[] = []): BoardChanges {
  const all = [...earlier.flatMap((v) => v.events), ...view.events];
  // A new deal of a long game starts afresh: what came before it happened on another table.
  const start = all.map((e) => e.type).lastIndexOf('gameStarted');
  const events = all.slice(start + 1);
  const changes: BoardChanges = {
    cameFrom: new Map(),
    arrived: new Set(),
    gained: new Map(),
    lost: new Map(),
    intoHarbour: new Set(),
    laid: [],
    blackJackCard: null,
    hired: false,
  };
  // Net count of each card per crew over the move: a card taken and robbed again never showed.
  const net = new Map<Seat, Map<string, { card: SailorCard; count: number }>>();
  const count = (seat: Seat, card: SailorCard, by: number) => {
    const crew = net.get(seat) ?? new Map<string, { card: SailorCard; count: number }>();
    net.set(seat, crew);
    const entry = crew.get(cardKey(card)) ?? { card, count: 0 };
    entry.count += by;
    crew.set(cardKey(card), entry);
  };
  const moved = (piece: Piece, from: number) => {
    if (!changes.cameFrom.has(piece)) changes.cameFrom.set(piece, from);
    changes.arrived.add(piece);
  };
  for (const e of events) {
    switch (e.type) {
      case 'captainPlaced':
        changes.arrived.add(e.seat);
        count(e.seat, e.card, 1);
        break;
      case 'blackJackPlaced':
        changes.arrived.add(BLACK_JACK);
        break;
      case 'hired':
        count(e.seat, e.card, -1);
        changes.intoHarbour.add(cardKey(e.card));
        changes.hired = true;
        break;
      case 'revealed':
        changes.laid = e.laid;
        break;
      case 'moved':
      case 'displaced':
        moved(e.piece, e.from);
        break;
      case 'blackJackMoved':
        moved(BLACK_JACK, e.from);
        changes.blackJackCard = e.card;
        break;
      case 'tookTavernCard':
        count(e.seat, e.card, 1);
        break;
      case 'stole':
        count(e.seat, e.card, 1);
        count(e.from, e.card, -1);
        break;
      case 'tookFromHarbour':
        count(e.seat, e.card, 1);
        changes.intoHarbour.delete(cardKey(e.card));
        break;
      case 'gave':
        count(e.seat, e.card, -1);
        changes.intoHarbour.add(cardKey(e.card));
        break;
      default:
        break;
    }
  }
  for (const [piece, from] of changes.cameFrom) {
    const now = piece === BLACK_JACK ? view.blackJack : (view.captains[piece] ?? null);
    // Back where it started (moved and displaced round the ring): nothing to show but the spot.
    if (now === from) changes.cameFrom.delete(piece);
  }
  for (const [seat, crew] of net) {
    for (const { card, count: n } of crew.values()) {
      if (n > 0) changes.gained.set(seat, (changes.gained.get(seat) ?? new Set()).add(cardKey(card)));
      else if (n < 0) changes.lost.set(seat, [...(changes.lost.get(seat) ?? []), card]);
    }
  }
  return changes;
}

/** Whether the board has any mark of change to explain. */
export function anyChange(c: BoardChanges): boolean {
  return c.cameFrom.size > 0 || c.arrived.size > 0 || c.gained.size > 0 || c.lost.size > 0 || c.intoHarbour.size > 0;
}
