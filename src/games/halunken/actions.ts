import { IllegalAction, indexOfAction, type Seat } from '../../engine/index.js';
import { SPACES } from './board.js';
import { BLACK_JACK_CARDS, CAPTAIN_CARDS, RUM_NUMBERS, compareMovementCards, sortCards } from './cards.js';
import { placeBlackJack, placeCaptain } from './deal.js';
import { beginResolution, decide, runQueue } from './resolution.js';
import { auctionAction, bestBid, choose, nameRum, rumNumbers, stillChoosing } from './round.js';
import { active, crewOf, crewSize, isFree, nextStateOf, type Decision, type HalunkenAction, type HalunkenState, type Phase } from './state.js';

/*
 * Who acts, what he may do, and carrying it out.
 *
 * Decided, for every choice: when the seat the game waits for has exactly one legal action
 * (a pass when no card beats the best offer, the last movement card, a robbery or gift from a
 * one-card crew, the only harbour card), the engine takes it for him at once. `toAct` therefore
 * only ever names seats with a real choice.
 */

export function isOver(s: HalunkenState): boolean {
  return s.phase.name === 'over';
}

export function toAct(s: HalunkenState): Seat[] {
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
    case 'placeBlackJack':
    case 'rum':
      return [p.seat];
    case 'auction':
      return [p.order[0] as Seat];
    case 'choose':
      return stillChoosing(s);
    case 'decide':
      return [p.decision.seat];
    case 'resolve':
    case 'over':
      return [];
  }
}

/*
 * The actions that name no sailor card are listed as shared, frozen objects: the search lists
 * actions at every step, and these lists then build no new objects.
 */
const frozen = <T extends HalunkenAction>(action: T): T => Object.freeze(action);
const PASS = frozen({ type: 'pass' });
const SKIP_STEAL = frozen({ type: 'skipSteal' });
const PLACE = Array.from({ length: SPACES }, (_, space) => frozen({ type: 'place', space }));
const PLACE_BLACK_JACK = Array.from({ length: SPACES }, (_, space) => frozen({ type: 'placeBlackJack', space }));
const MOVEMENT_CARDS = [...new Set([...BLACK_JACK_CARDS, ...CAPTAIN_CARDS])];
const movementActions = <T extends 'choose' | 'chooseForBlackJack'>(type: T) => new Map(MOVEMENT_CARDS.map((card) => [card, frozen({ type, card })]));
const CHOOSE = movementActions('choose');
const CHOOSE_FOR_BLACK_JACK = movementActions('chooseForBlackJack');
const NAME_RUM = new Map(RUM_NUMBERS.map((number) => [number, frozen({ type: 'rum', number })]));

function freeSpaceActions<A>(s: HalunkenState, actions: readonly A[]): A[] {
  const free: A[] = [];
  for (let space = 0; space < SPACES; space++) if (isFree(s, space)) free.push(actions[space] as A);
  return free;
}

export function legalActions(s: HalunkenState, seat: Seat): HalunkenAction[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats || !active(s, seat)) return [];
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
      return p.seat === seat ? freeSpaceActions(s, PLACE) : [];
    case 'placeBlackJack':
      return p.seat === seat ? freeSpaceActions(s, PLACE_BLACK_JACK) : [];
    case 'auction': {
      if (p.order[0] !== seat) return [];
      const toBeat = bestBid(p.bids)?.card.value ?? 0;
      const offers = sortCards(crewOf(s, seat).filter((card) => card.value > toBeat));
      return [PASS, ...offers.map((card): HalunkenAction => ({ type: 'bid', card }))];
    }
    case 'choose':
      if (s.choices[seat] === null) return (s.hands[seat] ?? []).map((card) => CHOOSE.get(card) as HalunkenAction);
      if (s.twoPlayer && s.hirer === seat && s.blackJackChoice === null) {
        return [...s.blackJackDeck].sort(compareMovementCards).map((card) => CHOOSE_FOR_BLACK_JACK.get(card) as HalunkenAction);
      }
      return [];
    case 'rum':
      if (p.seat !== seat) return [];
      return rumNumbers(s, p.piece).map((number) => NAME_RUM.get(number) as HalunkenAction);
    case 'decide':
      return p.decision.seat === seat ? decisionActions(s, p.decision) : [];
    case 'resolve':
    case 'over':
      return [];
  }
}

function decisionActions(s: HalunkenState, d: Decision): HalunkenAction[] {
  const steal = (from: Seat) => sortCards(crewOf(s, from)).map((card): HalunkenAction => ({ type: 'steal', card }));
  switch (d.kind) {
    case 'landingSteal':
      return [...steal(d.victim), SKIP_STEAL];
    case 'robbery':
      return steal(d.victim);
    case 'harbour':
      return [...sortCards(s.harbour).map((card): HalunkenAction => ({ type: 'takeFromHarbour', card })), ...(d.hirer === null ? [] : steal(d.hirer))];
    case 'give':
      return sortCards(crewOf(s, d.seat)).map((card): HalunkenAction => ({ type: 'give', card }));
  }
}

/** Carries out a legal action on a state of its own (see `nextStateOf`). */
function perform(s: HalunkenState, seat: Seat, action: HalunkenAction): void {
  switch (action.type) {
    case 'place':
      return placeCaptain(s, seat, action.space);
    case 'placeBlackJack':
      return placeBlackJack(s, seat, action.space);
    case 'bid':
      return auctionAction(s, seat, action.card);
    case 'pass':
      return auctionAction(s, seat, null);
    case 'choose':
      return choose(s, seat, action.card, false);
    case 'chooseForBlackJack':
      return choose(s, seat, action.card, true);
    case 'rum':
      nameRum(s, (s.phase as Extract<Phase, { name: 'rum' }>).piece, seat, action.number);
      return beginResolution(s);
    case 'steal':
    case 'skipSteal':
    case 'takeFromHarbour':
    case 'give':
      return decide(s, seat, action);
  }
}

/**
 * How many actions `legalActions` lists, without listing them: the engine asks after every step
 * whether someone has a single one.
 */
export function legalActionCount(s: HalunkenState, seat: Seat): number {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats || !active(s, seat)) return 0;
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
    case 'placeBlackJack':
      return p.seat === seat ? freeSpaceCount(s) : 0;
    case 'auction': {
      if (p.order[0] !== seat) return 0;
      const toBeat = bestBid(p.bids)?.card.value ?? 0;
      return 1 + crewOf(s, seat).reduce((n, card) => (card.value > toBeat ? n + 1 : n), 0);
    }
    case 'choose':
      if (s.choices[seat] === null) return (s.hands[seat] ?? []).length;
      return s.twoPlayer && s.hirer === seat && s.blackJackChoice === null ? s.blackJackDeck.length : 0;
    case 'rum':
      return p.seat === seat ? rumNumbers(s, p.piece).length : 0;
    case 'decide':
      return p.decision.seat === seat ? decisionActionCount(s, p.decision) : 0;
    case 'resolve':
    case 'over':
      return 0;
  }
}

function freeSpaceCount(s: HalunkenState): number {
  let free = 0;
  for (let space = 0; space < SPACES; space++) if (isFree(s, space)) free++;
  return free;
}

function decisionActionCount(s: HalunkenState, d: Decision): number {
  switch (d.kind) {
    case 'landingSteal':
      return crewSize(s, d.victim) + 1;
    case 'robbery':
      return crewSize(s, d.victim);
    case 'harbour':
      return s.harbour.length + (d.hirer === null ? 0 : crewSize(s, d.hirer));
    case 'give':
      return crewSize(s, d.seat);
  }
}

/** A seat the game waits for whose only legal action is this one. */
function forcedAction(s: HalunkenState): { seat: Seat; action: HalunkenAction } | null {
  for (const seat of toAct(s)) {
    if (legalActionCount(s, seat) === 1) return { seat, action: legalActions(s, seat)[0] as HalunkenAction };
  }
  return null;
}

/** Runs the resolution and every forced action until the game waits for a real choice (or ends). */
export function settle(s: HalunkenState): void {
  for (;;) {
    if (s.phase.name === 'resolve') runQueue(s);
    const forced = forcedAction(s);
    if (!forced) return;
    perform(s, forced.seat, forced.action);
  }
}

export function apply(s: HalunkenState, seat: Seat, action: HalunkenAction): HalunkenState {
  // The same action as the service and the bots take it (src/engine/action-identity.ts): a field
  // more, less or changed, anywhere in it, is another action.
  const legal = legalActions(s, seat);
  const listed = legal[indexOfAction(legal, action)];
  if (!listed) throw new IllegalAction(`not a legal Halunken & Spelunken action for seat ${seat}: ${JSON.stringify(action)}`);
  const next = nextStateOf(s);
  perform(next, seat, listed);
  settle(next);
  return next;
}
