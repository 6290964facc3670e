import type { Seat } from '../../engine/index.js';
import { HAND_SIZE_TWO, type Card, type HonderdenView } from './rules.js';

/**
 * What the last step changed, as the board marks it: read from the view's public events (those of
 * the latest action) and the public state, never from anything hidden.
 *
 * A post goes out when the turn passes, so a turn's earlier steps (a roem statement, stuk, the
 * swap) are not among the latest events when the board is drawn. Roem said in the first trick is
 * found anyway: a player says it in his own turn, just before his card, so the statement of the
 * player whose card is the one just played in the first trick is new.
 */
export interface BoardChanges {
  /** The card just played (in the trick, or in the last trick when it completed one). */
  played: Card | null;
  /** The trick just won, and who took it. */
  trickWon: { seat: Seat; trick: number } | null;
  /** Hidden cards just drawn from the stock, per seat (only their number is public). */
  drew: number[];
  /** Cards just taken openly (the last draw): both are shown as they are taken. */
  took: Card[];
  /**
   * Two players: the last draw was made in this turn (the chooser takes a card, then leads; the
   * post comes after his lead), so the stock has just run out.
   */
  stockEmptied: boolean;
  /** The open trump card just swapped for the trump 7. */
  swapped: boolean;
  /** Seats whose roem line changed: just said, judged, told or shown. */
  roem: Set<Seat>;
  /** Seats that just declared stuk. */
  stuk: Set<Seat>;
}

export function changesOf(view: HonderdenView): BoardChanges {
  const changes: BoardChanges = {
    played: null,
    trickWon: null,
    drew: view.handSizes.map(() => 0),
    took: [],
    stockEmptied: false,
    swapped: false,
    roem: new Set(),
    stuk: new Set(),
  };
  let playedBy: Seat | null = null;
  for (const e of view.events) {
    switch (e.type) {
      case 'played':
        changes.played = e.card;
        playedBy = e.seat;
        break;
      case 'trickWon':
        changes.trickWon = { seat: e.seat, trick: e.trick };
        break;
      case 'drew':
        changes.drew[e.seat] = (changes.drew[e.seat] ?? 0) + 1;
        break;
      case 'took':
        changes.took.push(e.card);
        break;
      case 'stockEmpty':
        changes.stockEmptied = true;
        break;
      case 'swapped':
        changes.swapped = true;
        break;
      case 'stuk':
        changes.stuk.add(e.seat);
        break;
      case 'declared':
      case 'rejecting':
      case 'noRejection':
      case 'roemHundred':
        changes.roem.add(e.seat);
        break;
      case 'rejection':
        changes.roem.add(e.seat).add(e.of);
        break;
      case 'roemTold':
      case 'roemShown':
        for (const st of e.statements) changes.roem.add(st.seat);
        break;
      case 'handDealt':
        // A new hand: nothing on the table is left from the step before.
        changes.played = null;
        changes.trickWon = null;
        playedBy = null;
        break;
      default:
        break;
    }
  }
  // The chooser's lead after the last draw: the trick after it, its first card just played.
  const lastDrawTrick = view.tricksPerHand - HAND_SIZE_TWO;
  if (view.rules === 'two' && view.trumpCard === null && view.tricksPlayed === lastDrawTrick && view.trick.plays.length === 1 && playedBy === view.trick.leader)
    changes.stockEmptied = true;
  // The first trick's card just played ends its player's turn, and with it his roem statement.
  const firstTrick = view.tricksPlayed === 0 || changes.trickWon?.trick === 1;
  if (playedBy !== null && firstTrick && view.roem.some((st) => st.seat === playedBy)) changes.roem.add(playedBy);
  return changes;
}
