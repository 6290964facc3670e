import type { Seat } from '../../engine/index.js';
import { nextFreeSpace, spaceAhead } from './board.js';
import { RUM, scoreCrew } from './cards.js';
import { startGame } from './deal.js';
import { startRound } from './round-start.js';
import {
  BLACK_JACK,
  ROUNDS,
  active,
  addToCrew,
  blackJackInPlay,
  captainAt,
  crewOf,
  crewSize,
  isFree,
  pieceAt,
  positionOf,
  removeFromCrew,
  replaced,
  seatsOf,
  setPosition,
  withoutCard,
  type HalunkenAction,
  type HalunkenState,
  type Phase,
  type Piece,
  type Step,
} from './state.js';

/*
 * A round's resolution after the reveal: a queue of steps (stay, move, displace, Black Jack's turn,
 * robberies, the round's end), paused whenever a player must decide something.
 */

/** Staying captains take their tavern card first; then the others move, lowest value first. */
export function beginResolution(s: HalunkenState): void {
  const stays: Step[] = s.laid.filter((l) => l.cancelled && l.piece !== BLACK_JACK && active(s, l.piece)).map((l) => ({ kind: 'stay', seat: l.piece as Seat }));
  const moves: Step[] = s.laid
    .filter((l) => l.steps !== null && (l.piece === BLACK_JACK || active(s, l.piece)))
    .sort((a, b) => (a.steps as number) - (b.steps as number))
    .map((l) => ({ kind: 'move', piece: l.piece, steps: l.steps as number }));
  const blackJackTurn: Step[] = blackJackInPlay(s) && !s.twoPlayer ? [{ kind: 'blackJackTurn' }] : [];
  s.queue = [...stays, ...moves, ...blackJackTurn, { kind: 'endRound' }];
  s.phase = { name: 'resolve' };
}

export function runQueue(s: HalunkenState): void {
  while (s.phase.name === 'resolve') {
    const step = s.queue[0];
    if (!step) throw new Error('the round resolution ran out of steps');
    s.queue = s.queue.slice(1);
    runStep(s, step);
  }
}

function runStep(s: HalunkenState, step: Step): void {
  switch (step.kind) {
    case 'stay':
      if (s.captains[step.seat] !== null) takeTavernCard(s, step.seat);
      return;
    case 'move':
      return move(s, step.piece, step.steps);
    case 'displace': {
      const from = positionOf(s, step.piece);
      if (from === null) return; // its player left meanwhile
      const to = nextFreeSpace(from, (space) => isFree(s, space));
      setPosition(s, step.piece, to);
      s.events.push({ type: 'displaced', piece: step.piece, from, to });
      return;
    }
    case 'blackJackTurn':
      return blackJackTurn(s);
    case 'rob':
      return rob(s, step.victim);
    case 'endRound':
      return endRound(s);
  }
}

function takeTavernCard(s: HalunkenState, seat: Seat): void {
  const space = s.captains[seat] as number;
  const tavern = s.taverns[space] ?? [];
  const card = tavern[tavern.length - 1];
  if (!card) {
    s.events.push({ type: 'tavernEmpty', seat, space });
    return;
  }
  s.taverns = replaced(s.taverns, space, tavern.slice(0, -1));
  addToCrew(s, seat, card);
  s.events.push({ type: 'tookTavernCard', seat, space, card, nextTop: tavern[tavern.length - 2] ?? null });
}

/**
 * A piece moves its steps clockwise. A captain takes the tavern card where it lands. A piece
 * already there is displaced to the next free space afterwards (a captain that has not moved yet
 * moves later from there); before that, the lander may rob or take from the harbour.
 */
function move(s: HalunkenState, piece: Piece, steps: number): void {
  const from = positionOf(s, piece);
  if (from === null) return; // its player left meanwhile
  const to = spaceAhead(from, steps);
  setPosition(s, piece, to);
  s.events.push({ type: 'moved', piece, from, to, steps });
  if (piece !== BLACK_JACK) takeTavernCard(s, piece); // Black Jack never takes tavern cards
  const other = pieceAt(s, to, piece);
  if (other === null) return;
  s.queue = [{ kind: 'displace', piece: other }, ...s.queue];
  if (piece === BLACK_JACK) blackJackLandsOn(s, other as Seat);
  else if (other === BLACK_JACK) offerHarbour(s, piece);
  else offerSteal(s, piece, other, 'captain');
}

/** Stealing after a landing is allowed when the thief holds no more cards than the victim. */
function offerSteal(s: HalunkenState, thief: Seat, victim: Seat, by: 'captain' | 'blackJack'): void {
  const reason = crewSize(s, victim) === 0 ? 'noCards' : crewSize(s, thief) > crewSize(s, victim) ? 'moreCards' : null;
  if (reason) s.events.push({ type: 'noSteal', seat: thief, from: victim, by, reason });
  else s.phase = { name: 'decide', decision: { kind: 'landingSteal', seat: thief, victim, by } };
}

/**
 * A captain landing on Black Jack takes a harbour card of his choice, whatever the counts. Two
 * players: the opponent of the hirer may instead take one of the hirer's cards (if he holds no more
 * cards than the hirer).
 */
function offerHarbour(s: HalunkenState, seat: Seat): void {
  const hirer = s.hirer;
  const mayRobHirer = s.twoPlayer && hirer !== null && hirer !== seat && crewSize(s, hirer) > 0 && crewSize(s, seat) <= crewSize(s, hirer);
  if (s.harbour.length === 0 && !mayRobHirer) s.events.push({ type: 'harbourEmpty', seat });
  else s.phase = { name: 'decide', decision: { kind: 'harbour', seat, hirer: mayRobHirer ? hirer : null } };
}

/**
 * Two players: Black Jack lands on a captain. Hired, he may rob the hirer's opponent (never the
 * hirer). Hired by nobody, he takes a card the captain chooses, to the harbour. Decided: his
 * hirer's own captain is displaced like any other.
 */
function blackJackLandsOn(s: HalunkenState, seat: Seat): void {
  if (s.hirer === null) giveToBlackJack(s, seat);
  else if (seat !== s.hirer) offerSteal(s, s.hirer, seat, 'blackJack');
}

function giveToBlackJack(s: HalunkenState, seat: Seat): void {
  if (crewSize(s, seat) === 0) s.events.push({ type: 'noSteal', seat: null, from: seat, by: 'blackJack', reason: 'noCards' });
  else s.phase = { name: 'decide', decision: { kind: 'give', seat } };
}

/**
 * Three or four players: Black Jack's top card is turned and he moves that far; landing on a
 * captain he goes on to the next free space. Every captain on the way counts as passed.
 */
export function blackJackPath(s: HalunkenState, from: number, steps: number): { to: number; passed: Seat[] } {
  const passed: Seat[] = [];
  let space = from;
  for (let step = 1; step < steps; step++) {
    space = spaceAhead(space, 1);
    const captain = captainAt(s, space);
    if (captain !== null) passed.push(captain);
  }
  space = spaceAhead(space, 1);
  for (let captain = captainAt(s, space); captain !== null; captain = captainAt(s, space)) {
    passed.push(captain);
    space = spaceAhead(space, 1);
  }
  return { to: space, passed };
}

function blackJackTurn(s: HalunkenState): void {
  const card = s.blackJackDeck[s.blackJackDeck.length - 1];
  s.blackJackDeck = s.blackJackDeck.slice(0, -1);
  if (s.blackJack === null || card === undefined || card === RUM) return;
  s.blackJackPlayed = [...s.blackJackPlayed, card];
  const from = s.blackJack;
  const { to, passed } = blackJackPath(s, from, card);
  s.blackJack = to;
  s.events.push({ type: 'blackJackMoved', card, from, to, passed, hirer: s.hirer });
  // Robbed in passing order, so that each theft counts for the next condition; never the hirer.
  const robberies: Step[] = passed.filter((seat) => seat !== s.hirer).map((victim) => ({ kind: 'rob', victim }));
  s.queue = [...robberies, ...s.queue];
}

/**
 * Hired: the hirer takes a card of his choice from a passed captain holding at least as many
 * cards as the hirer holds now. Hired by nobody: every passed captain gives a card of his choice
 * to the harbour.
 */
function rob(s: HalunkenState, victim: Seat): void {
  if (!active(s, victim)) return;
  const hirer = s.hirer;
  if (hirer === null) {
    giveToBlackJack(s, victim);
    return;
  }
  const reason = crewSize(s, victim) === 0 ? 'noCards' : crewSize(s, victim) < crewSize(s, hirer) ? 'moreCards' : null;
  if (reason) s.events.push({ type: 'noSteal', seat: hirer, from: victim, by: 'blackJack', reason });
  else s.phase = { name: 'decide', decision: { kind: 'robbery', seat: hirer, victim } };
}

/** Carries out the decision the game waited for; the resolution then goes on. */
export function decide(s: HalunkenState, seat: Seat, action: HalunkenAction): void {
  const decision = (s.phase as Extract<Phase, { name: 'decide' }>).decision;
  if (action.type === 'steal') {
    const from = decision.kind === 'harbour' ? (decision.hirer as Seat) : (decision as { victim: Seat }).victim;
    const by = decision.kind === 'landingSteal' ? decision.by : decision.kind === 'robbery' ? 'blackJack' : 'captain';
    removeFromCrew(s, from, action.card);
    addToCrew(s, seat, action.card);
    s.events.push({ type: 'stole', seat, from, card: action.card, by });
  } else if (action.type === 'skipSteal') {
    s.events.push({ type: 'declinedSteal', seat, from: (decision as { victim: Seat }).victim });
  } else if (action.type === 'takeFromHarbour') {
    s.harbour = withoutCard(s.harbour, action.card);
    addToCrew(s, seat, action.card);
    s.events.push({ type: 'tookFromHarbour', seat, card: action.card });
  } else if (action.type === 'give') {
    removeFromCrew(s, seat, action.card);
    s.harbour = [...s.harbour, action.card];
    s.events.push({ type: 'gave', seat, card: action.card });
  }
  s.phase = { name: 'resolve' };
}

function endRound(s: HalunkenState): void {
  s.events.push({ type: 'roundEnded', round: s.round });
  if (s.round < ROUNDS) {
    startRound(s);
    return;
  }
  scoreGame(s);
  if (s.game < s.games) startGame(s, s.game + 1);
  else endMatch(s, 'finished');
}

/** Adds this game's crews to the totals; players who left score nothing more. */
export function scoreGame(s: HalunkenState): void {
  const scores = seatsOf(s).map((seat) => (active(s, seat) ? scoreCrew(crewOf(s, seat)) : null));
  s.totals = s.totals.map((total, seat) => total + (scores[seat]?.score ?? 0));
  s.gameScores = [...s.gameScores, scores.map((score) => score?.score ?? 0)];
  const crews = seatsOf(s).map((seat) => (active(s, seat) ? [...crewOf(s, seat)] : []));
  s.events.push({ type: 'gameScored', game: s.game, games: s.games, scores, crews, totals: [...s.totals] });
}

export function endMatch(s: HalunkenState, reason: 'finished' | 'tooFewPlayers'): void {
  s.phase = { name: 'over', reason };
  s.queue = [];
  s.events.push({ type: 'gameOver', reason });
}
