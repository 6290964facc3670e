import { bestIndex, type HeuristicPlayer } from '../../ai/heuristic.js';
import { randomInt, type Seat } from '../../engine/index.js';
import { backTargetIn, forwardTargetIn, occupancies } from './board.js';
import { SHIP, type CartagenaAction, type CartagenaView } from './rules.js';

/*
 * Cartagena's sparring partner: one step ahead, greedy. Each action (a turn is up to three of them,
 * and "end turn") is judged by the seat's position after it: how far its pirates have come, the
 * rearmost counting extra (a game is won by the last pirate aboard), plus what its cards are worth
 * as fuel for moves to come. A card is worth more the fewer are left, so a short hand moves back to
 * draw, preferably onto a space of two pirates (two cards), and a long one plays its cards.
 */

/** Spaces the n-th card in hand is worth (index n - 1): a card moves a pirate about six spaces. */
const CARD_WORTH = [7, 6, 5, 4, 3.5, 3, 2.5, 2];
/** What each card beyond those is worth. */
const SPARE_CARD_WORTH = 1.5;
/** The rearmost pirate's position counts this much more than the others'. */
const REAR_WEIGHT = 0.5;
/**
 * A pirate aboard counts this much beyond space 37: the ship is where he must end, and one step
 * from the last space to the ship is no small step (nor one to take back for two cards).
 */
const ABOARD_BONUS = 8;
/**
 * After this many turns the game is taken to be stuck in a loop that one step ahead cannot see out
 * of (say, its last pirate can draw only one card at a time behind a full space, and the others
 * have nothing to move): every fourth choice or so is then drawn at random.
 */
const STUCK_AFTER_TURNS = 400;
const STUCK_RANDOM_SHARE = 4;
/** Playing the last card of a symbol leaves fewer choices next turn: a little extra cost. */
const LAST_OF_SYMBOL = 0.5;

function handWorth(cards: number): number {
  let worth = 0;
  for (let k = 0; k < cards; k++) worth += CARD_WORTH[k] ?? SPARE_CARD_WORTH;
  return worth;
}

/** How good the seat's pirates and hand are: positions, the rearmost once more, and the cards. */
function positionWorth(pirates: readonly number[], cards: number): number {
  if (pirates.every((p) => p === SHIP)) return Number.POSITIVE_INFINITY;
  let sum = 0;
  let rearmost = SHIP;
  for (const p of pirates) {
    sum += p === SHIP ? p + ABOARD_BONUS : p;
    rearmost = Math.min(rearmost, p);
  }
  return sum + REAR_WEIGHT * rearmost + handWorth(cards);
}

export const cartagenaHeuristic: HeuristicPlayer<CartagenaView, CartagenaAction> = (view, legal, seat: Seat, rng) => {
  const own = view.pirates[seat] ?? [];
  const hand = view.hands[seat] ?? [];
  const counts = occupancies(view);
  const moved = (from: number, to: number) => {
    const pirates = [...own];
    pirates[pirates.indexOf(from)] = to;
    return pirates;
  };
  if (view.turn > STUCK_AFTER_TURNS && randomInt(rng, STUCK_RANDOM_SHARE) === 0) return randomInt(rng, legal.length);
  return bestIndex(
    legal,
    (action) => {
      switch (action.type) {
        case 'end':
          return positionWorth(own, hand.length);
        case 'forward': {
          const to = forwardTargetIn(view.tunnel, counts, action.from, action.card);
          const lastOfSymbol = hand.filter((card) => card === action.card).length === 1 ? LAST_OF_SYMBOL : 0;
          return positionWorth(moved(action.from, to), hand.length - 1) - lastOfSymbol;
        }
        case 'back': {
          const to = backTargetIn(counts, action.from) as number;
          // Cards run short only when the deck and the discards are both empty.
          const drawn = Math.min(counts[to] as number, view.drawPileSize + view.discardPileSize + view.row.length);
          return positionWorth(moved(action.from, to), hand.length + drawn);
        }
      }
    },
    rng,
  );
};
