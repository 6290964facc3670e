import { randomInt, type RngState, type Seat } from '../../engine/index.js';
import { cardPoints, trickStrength, type Card, type Suit } from './cards.js';
import { countedPoints } from './heuristic.js';
import { bestCombo, categoryOf, compareCombos, findCombos, sameCategory, totalPoints, type Combo, type RoemCategory } from './roem.js';
import { HUNDRED, pointsOf, type HonderdenAction, type HonderdenState } from './state.js';
import { beats } from './tricks.js';
import type { HonderdenView } from './view.js';

/*
 * Help for the bot players' search (src/ai/ismcts.ts): the steps that are no real choice, taken
 * outside the search tree, and the cheap policy of its simulated games.
 *
 * Obvious steps, judged from the seat's view only:
 * - "ik dek" when the points the view proves (carried, counted roem, stuk, the last trick when the
 *   seat won it) make 100: the hand is won at once. Never on a guess.
 * - Swapping the trump 7 for the open trump card: a higher trump for the lowest, and the open card
 *   kept from whoever would draw it; in the first trick only when it breaks no roem in hand.
 * - Roem: every combination held, the highest first. Declaring is never worse than silence: a
 *   higher roem of another player takes the points either way (he rejects a declaration, or
 *   declares and cannot be rejected), and a lower one may be rejected only if it is declared
 *   first. A rejection that fails costs nothing a silent player would have kept (only the cards
 *   shown), and further combinations make a statement harder to reject and its roem no smaller.
 *   Roem of 100 or more at once is a game point, the hand played on.
 * - Stuk: two players at once (20 points; the claim stays open at every step). Three players may
 *   claim only in the turn they declare stuk, so there it waits until the claim the view proves
 *   comes with it, or until every card the seat may play is the trump king or queen.
 */

function cardsCombos(cards: readonly Card[]): Combo[] {
  return findCombos(cards);
}

/** The seat's best combination of a category (the one a statement of that category would name). */
function bestOf(combos: readonly Combo[], category: RoemCategory, trump: Suit): Combo | undefined {
  const fitting = combos.filter((c) => sameCategory(categoryOf(c), category));
  return fitting.length > 0 ? bestCombo(fitting, trump) : undefined;
}

/** The roem step to take: the category whose combination ranks highest. */
function roemStep(view: HonderdenView, seat: Seat, legal: readonly HonderdenAction[]): HonderdenAction | undefined {
  const steps = legal.filter((a): a is Extract<HonderdenAction, { type: 'declare' | 'reject' }> => a.type === 'declare' || a.type === 'reject');
  if (steps.length === 0) return undefined;
  if (steps.length === 1) return steps[0];
  const cards = [...(view.hand ?? [])];
  const trick = view.tricksPlayed === 0 ? view.trick : view.lastTrick;
  const own = trick?.plays.find((p) => p.seat === seat);
  if (own) cards.push(own.card);
  const combos = cardsCombos(cards);
  let best = steps[0] as (typeof steps)[number];
  let bestCombo_ = bestOf(combos, best.roem, view.trump);
  for (const step of steps.slice(1)) {
    const combo = bestOf(combos, step.roem, view.trump);
    if (combo && (!bestCombo_ || compareCombos(combo, 0, bestCombo_, 0, view.trump) > 0)) {
      best = step;
      bestCombo_ = combo;
    }
  }
  return best;
}

/** Whether the swap breaks no roem the seat could still declare (first trick only). */
function swapPays(view: HonderdenView): boolean {
  if (view.tricksPlayed > 0 || !view.roemTrick || view.trumpCard === null) return true;
  const hand = view.hand ?? [];
  const seven: Card = `7${view.trump}`;
  const after = hand.filter((c) => c !== seven);
  after.push(view.trumpCard);
  return totalPoints(cardsCombos(after)) >= totalPoints(cardsCombos(hand));
}

export function obviousStep(view: HonderdenView, legal: HonderdenAction[]): HonderdenAction | undefined {
  const seat = view.viewer;
  if (seat === null || view.hand === null) return undefined;
  const has = (type: HonderdenAction['type']) => legal.find((a) => a.type === type);
  const claim = has('claim');
  const counted = countedPoints(view, seat);
  if (claim && counted >= HUNDRED) return claim;
  const swap = has('swap');
  if (swap && swapPays(view)) return swap;
  const roem = roemStep(view, seat, legal);
  if (roem) return roem;
  const stuk = has('stuk');
  if (stuk) {
    if (view.rules === 'two') return stuk;
    // Three players: the claim comes only with the stuk.
    if (counted + 20 >= HUNDRED) return stuk;
    const trumpKing: Card = `K${view.trump}`;
    const trumpQueen: Card = `Q${view.trump}`;
    if (legal.every((a) => a.type !== 'play' || a.card === trumpKing || a.card === trumpQueen)) return stuk;
  }
  return undefined;
}

/** What spending a card costs: its points, and its strength (trumps the dearest). */
function spendCost(card: Card, trump: Suit): number {
  return cardPoints(card, trump) + (card[1] === trump ? 8 + 2 * trickStrength(card, trump) : 0.3 * trickStrength(card, trump));
}

/** Chance of a uniformly random action at a step of a simulated game, so that its games vary. */
const NOISE = 0.1;

/**
 * The simulated games' policy (on a determinized state, so exact points may be counted): never a
 * claim under 100. Two players: claim with 100; swap, declare roem and stuk; in the last draw take
 * a strong open trump card; the last card of a trick takes it with the cheapest winning card when
 * it holds points, else throws the cheapest; other cards at random. Three players: at random
 * otherwise (measured, the two-player policy gained nothing there and took twice the time). No
 * view is built, and little is allocated.
 */
export function playoutAction(s: HonderdenState, seat: Seat, legal: HonderdenAction[], rng: RngState): HonderdenAction {
  if (s.players.length === 3) {
    // Three players: at random (the policy below measured no better there, and slower), but no claim under 100.
    const a = legal[randomInt(rng, legal.length)] as HonderdenAction;
    if (a.type !== 'claim' || pointsOf(s, seat).total >= HUNDRED) return a;
    return legal.find((b) => b.type === 'play') ?? (legal.find((b) => b.type !== 'claim') as HonderdenAction);
  }
  let play = -1;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i] as HonderdenAction;
    switch (a.type) {
      case 'claim':
        if (pointsOf(s, seat).total >= HUNDRED) return a;
        break;
      case 'swap':
      case 'declare':
      case 'reject':
      case 'stuk':
        return a;
      case 'take':
        if (a.card === s.trumpCard && (cardPoints(a.card, s.trump) >= 10 || trickStrength(a.card, s.trump) >= 3)) return a;
        break;
      case 'play':
        if (play < 0) play = i;
        break;
      default:
        break;
    }
  }
  if (play < 0) {
    // The last draw without a strong open card, or `done`: anything but a claim.
    for (const a of legal) if (a.type === 'takeHidden' || a.type === 'done' || (a.type === 'take' && a.card !== s.trumpCard)) return a;
    for (const a of legal) if (a.type !== 'claim') return a;
    return legal[0] as HonderdenAction;
  }
  const count = legal.length - play;
  if (randomInt(rng, 1 / NOISE) === 0) return legal[play + randomInt(rng, count)] as HonderdenAction;
  const plays = s.trick.plays;
  if (plays.length === 0 || plays.length + 1 < s.players.length) return legal[play + randomInt(rng, count)] as HonderdenAction;
  // The last card of the trick.
  const trump = s.trump;
  const led = (plays[0] as { card: Card }).card[1] as Suit;
  let best = (plays[0] as { card: Card }).card;
  let points = cardPoints(best, trump);
  for (let i = 1; i < plays.length; i++) {
    const card = (plays[i] as { card: Card }).card;
    points += cardPoints(card, trump);
    if (beats(card, best, led, trump)) best = card;
  }
  let cheapest = -1;
  let cheapestCost = Infinity;
  let winner = -1;
  let winnerCost = Infinity;
  for (let i = play; i < legal.length; i++) {
    const card = (legal[i] as { card: Card }).card;
    const cost = spendCost(card, trump);
    if (cost < cheapestCost) {
      cheapestCost = cost;
      cheapest = i;
    }
    if (beats(card, best, led, trump) && cost < winnerCost) {
      winnerCost = cost;
      winner = i;
    }
  }
  // Worth taking: points with a plain card, or ten with what a trump brings home itself.
  if (winner >= 0) {
    const card = (legal[winner] as { card: Card }).card;
    if ((points > 0 && card[1] !== trump) || points + cardPoints(card, trump) >= 10) return legal[winner] as HonderdenAction;
  }
  return legal[cheapest] as HonderdenAction;
}
