import { bestIndex, type HeuristicPlayer } from '../../ai/heuristic.js';
import type { Seat } from '../../engine/index.js';
import { SPACES, spaceAhead } from './board.js';
import { RUM, RUM_NUMBERS, SAILOR_CARDS, sameCard, scoreCrew, type MovementCard, type SailorCard } from './cards.js';
import { BLACK_JACK, type HalunkenAction } from './state.js';
import type { HalunkenView } from './view.js';

/*
 * Halunken & Spelunken's sparring partner: one move ahead, in points of the crew's final score
 * (the colour with the most cards counts twice, so a card of the seat's strongest colour is worth
 * double). A movement card is judged by the sailor on top of the tavern it leads to, the theft
 * that landing on a captain allows and the harbour card at Black Jack, each weighed by the chance
 * that an equal card cancels it or a faster captain takes that sailor first. Thefts take the card
 * worth most to the seat and to its victim; a card given away is the one it misses least. Black
 * Jack is hired with the cheapest card that wins the auction, and only when the robberies he
 * promises are worth more than that card.
 */

/**
 * The chance that Black Jack passes a given captain in his move (he moves 1-12 on a ring of 14);
 * in the two-player game he must land on him, on a space his hirer guesses.
 */
const PASS_CHANCE = 0.45;
const LANDING_CHANCE = 0.25;
/** Hiring must promise this many points more than the card it costs. */
const HIRE_MARGIN = 1;
/** The chance that somebody else hires Black Jack while nobody has bid yet. */
const OTHER_HIRES = 0.6;
/** How much of its best number the Rum counts for now. */
const RUM_SHARE = 0.6;
/** How much of the best sailor in reach next round counts for where a move leaves the captain. */
const NEXT_ROUND = 0.3;

/** What adding a card to this crew adds to its score. */
function gain(crew: readonly SailorCard[], card: SailorCard): number {
  return scoreCrew([...crew, card]).score - scoreCrew(crew).score;
}

/** What taking a card from this crew takes from its score. */
function loss(crew: readonly SailorCard[], card: SailorCard): number {
  const i = crew.findIndex((c) => sameCard(c, card));
  if (i < 0) return 0;
  return scoreCrew(crew).score - scoreCrew([...crew.slice(0, i), ...crew.slice(i + 1)]).score;
}

interface Table {
  view: HalunkenView;
  seat: Seat;
  crew: readonly SailorCard[];
  /** Players still in the game besides the seat. */
  others: Seat[];
  /** `unseenWorth`, once computed. */
  unseen?: number;
}

const crewOf = (t: Table, seat: Seat): readonly SailorCard[] => t.view.crews[seat] ?? [];

/** A theft from `victim`: what the seat gains, and what the victim loses shared among the others. */
function theftWorth(t: Table, victim: Seat, card: SailorCard): number {
  return gain(t.crew, card) + loss(crewOf(t, victim), card) / Math.max(1, t.others.length);
}

const bestTheft = (t: Table, victim: Seat) => Math.max(0, ...crewOf(t, victim).map((card) => theftWorth(t, victim, card)));

/** The mean gain of a sailor the seat cannot see yet (a card under a tavern's top). */
function unseenWorth(t: Table): number {
  t.unseen ??= meanUnseenGain(t);
  return t.unseen;
}

function meanUnseenGain(t: Table): number {
  const seen = [...t.view.crews.flat(), ...t.view.harbour, ...t.view.removed, ...t.view.taverns.flatMap((tv) => (tv.top ? [tv.top] : []))];
  const unseen = SAILOR_CARDS.filter((card) => !seen.some((c) => sameCard(c, card)));
  return unseen.length === 0 ? 0 : unseen.reduce((sum, card) => sum + gain(t.crew, card), 0) / unseen.length;
}

/** The sailor the seat takes at a tavern: its top, or an unseen one when someone takes the top first. */
function tavernWorth(t: Table, space: number, topTaken: number): number {
  const tavern = t.view.taverns[space];
  if (!tavern || (tavern.top === null && tavern.hidden === 0)) return 0;
  const top = tavern.top ? gain(t.crew, tavern.top) : 0;
  const next = tavern.hidden > 0 ? unseenWorth(t) : 0;
  return (1 - topTaken) * top + topTaken * next;
}

/** Landing on `space`: its sailor, and a theft from a captain there or a harbour card at Black Jack. */
function landingWorth(t: Table, space: number, topTaken: number): number {
  let worth = tavernWorth(t, space, topTaken);
  const victim = t.others.find((s) => t.view.captains[s] === space);
  // A theft is allowed when the lander, the tavern card taken, holds no more cards than his victim.
  if (victim !== undefined && t.crew.length + 1 <= crewOf(t, victim).length) worth += bestTheft(t, victim);
  if (t.view.blackJack === space && t.view.harbour.length > 0) worth += Math.max(...t.view.harbour.map((card) => gain(t.crew, card)));
  return worth;
}

/**
 * What a captain landing on the seat later this round may take: a theft needs him to hold no more
 * cards than the seat, and he takes the best one.
 */
function exposure(t: Table, space: number, steps: number): number {
  let risk = 0;
  const best = Math.max(0, ...t.crew.map((card) => loss(t.crew, card)));
  for (const s of t.others) {
    const from = t.view.captains[s];
    const hand = t.view.hands[s] ?? [];
    if (from === null || from === undefined || hand.length === 0 || crewOf(t, s).length + 1 > t.crew.length + 1) continue;
    const needed = (space - from + SPACES) % SPACES;
    if (needed > steps && hand.includes(needed)) risk += best / hand.length;
  }
  return risk;
}

/** The chance that another captain plays `card` (each is guessed to play any unused card alike). */
function cancelChance(t: Table, card: MovementCard): number {
  let none = 1;
  for (const s of t.others) {
    const hand = t.view.hands[s] ?? [];
    if (hand.includes(card)) none *= 1 - 1 / hand.length;
  }
  return 1 - none;
}

/** The chance that another captain, moving fewer steps, lands on `space` first and takes its top. */
function takenFirstChance(t: Table, space: number, steps: number): number {
  let none = 1;
  for (const s of t.others) {
    const from = t.view.captains[s];
    const hand = t.view.hands[s] ?? [];
    if (from === null || from === undefined || hand.length === 0) continue;
    const needed = (space - from + SPACES) % SPACES;
    const fits = hand.filter((card) => (card === RUM ? needed >= 1 && needed <= 7 : card === needed)).length;
    if (needed >= 1 && needed < steps && fits > 0) none *= 1 - fits / hand.length;
  }
  return 1 - none;
}

/** The best sailor in reach of the cards left, from where the seat would stand next round. */
function nextRoundWorth(t: Table, space: number, cards: readonly MovementCard[]): number {
  let best = 0;
  for (const card of cards) {
    const steps = card === RUM ? RUM_NUMBERS : [card];
    for (const k of steps) best = Math.max(best, tavernWorth(t, spaceAhead(space, k), 0));
  }
  return best;
}

function chooseWorth(t: Table, card: MovementCard): number {
  const from = t.view.captains[t.seat];
  if (from === null || from === undefined) return 0;
  const rest = (t.view.hands[t.seat] ?? []).filter((c) => c !== card);
  const move = (steps: number) => {
    const space = spaceAhead(from, steps);
    return landingWorth(t, space, takenFirstChance(t, space, steps)) - exposure(t, space, steps) + NEXT_ROUND * nextRoundWorth(t, space, rest);
  };
  // Rum is named after the reveal, so it is worth its best number; but it is kept for later rounds,
  // when fewer cards are left to choose from.
  const moving = card === RUM ? RUM_SHARE * Math.max(...RUM_NUMBERS.map(move)) : move(card);
  const cancel = cancelChance(t, card);
  return (1 - cancel) * moving + cancel * tavernWorth(t, from, 0);
}

/** Naming the Rum: the revealed cards tell who lands where before the seat does. */
function rumWorth(t: Table, number: number): number {
  const from = t.view.captains[t.seat];
  if (from === null || from === undefined) return 0;
  const space = spaceAhead(from, number);
  const before = t.view.laid.some((l) => {
    const at = l.piece === BLACK_JACK ? t.view.blackJack : t.view.captains[l.piece];
    return l.piece !== t.seat && l.steps !== null && l.steps < number && at !== null && at !== undefined && spaceAhead(at, l.steps) === space;
  });
  return landingWorth(t, space, before ? 1 : 0);
}

/**
 * Hiring Black Jack: the robberies he promises (of captains holding at least as many cards), and
 * the robbery of the seat's own best card that another hirer would threaten, less the card paid.
 */
function bidWorth(t: Table, card: SailorCard): number {
  const crew = t.crew.filter((c) => !sameCard(c, card));
  const reach = t.view.twoPlayer ? LANDING_CHANCE : PASS_CHANCE;
  let promise = 0;
  for (const victim of t.others) if (crewOf(t, victim).length >= crew.length) promise += reach * bestTheft(t, victim);
  const phase = t.view.phase;
  const otherHirer = phase.name === 'auction' && phase.bids.length > 0 ? 1 : OTHER_HIRES;
  const threatened = Math.max(0, ...crew.map((c) => loss(crew, c)));
  return promise + otherHirer * reach * threatened - loss(t.crew, card) - HIRE_MARGIN;
}

/** Two players, the hirer's card for Black Jack: onto the opponent's tavern (to rob him), never the seat's own card. */
function blackJackCardWorth(t: Table, card: MovementCard): number {
  if (card === t.view.ownChoice || t.view.blackJack === null) return -1;
  if (card === RUM) return 0;
  const opponent = t.others[0];
  const target = spaceAhead(t.view.blackJack, card);
  if (opponent === undefined || t.view.captains[opponent] !== target) return 0;
  return crewOf(t, opponent).length >= t.crew.length ? bestTheft(t, opponent) : 0;
}

export const halunkenHeuristic: HeuristicPlayer<HalunkenView, HalunkenAction> = (view, legal, seat, rng) => {
  const t: Table = { view, seat, crew: view.crews[seat] ?? [], others: [] };
  t.others = view.crews.map((_, s) => s).filter((s) => s !== seat && !view.resigned[s]);
  const phase = view.phase;
  const victim =
    phase.name === 'decide' ? ('victim' in phase.decision ? phase.decision.victim : phase.decision.kind === 'harbour' ? phase.decision.hirer : null) : null;
  return bestIndex(
    legal,
    (action) => {
      switch (action.type) {
        case 'place':
          return 0;
        case 'placeBlackJack': {
          // Just ahead of the seat's own captain: he then moves away from it.
          const own = view.captains[seat];
          return own === null || own === undefined ? 0 : -((action.space - own + SPACES) % SPACES);
        }
        case 'pass':
          return 0;
        case 'bid':
          return bidWorth(t, action.card);
        case 'choose':
          return chooseWorth(t, action.card);
        case 'chooseForBlackJack':
          return blackJackCardWorth(t, action.card);
        case 'rum':
          return rumWorth(t, action.number);
        case 'steal':
          return victim === null ? gain(t.crew, action.card) : theftWorth(t, victim, action.card);
        case 'skipSteal':
          return 0;
        case 'takeFromHarbour':
          return gain(t.crew, action.card);
        case 'give':
          return -loss(t.crew, action.card);
      }
    },
    rng,
  );
};
