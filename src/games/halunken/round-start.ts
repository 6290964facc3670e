/*
 * The start of a round, in a file of its own because the deal, the placement and the end of a
 * round all lead to it: the round is counted, and the auction for Black Jack opens (or, without
 * him, the secret choice of movement cards begins).
 */
import { activeSeatsFrom, blackJackInPlay, firstActiveFrom, seatsOf, type HalunkenState } from './state.js';

export function startRound(s: HalunkenState): void {
  s.round++;
  s.hirer = null;
  s.laid = [];
  s.choices = seatsOf(s).map(() => null);
  s.blackJackChoice = null;
  s.events.push({ type: 'roundStarted', round: s.round });
  if (blackJackInPlay(s)) startAuction(s);
  else s.phase = { name: 'choose' };
}

/**
 * The last hirer opens; while nobody has hired yet, the player with the highest starting card.
 * Decided: if that player has left, the next active seat after him opens.
 */
function startAuction(s: HalunkenState): void {
  const starter = firstActiveFrom(s, s.lastHirer ?? s.firstBidder ?? 0);
  const order = s.twoPlayer ? [starter] : activeSeatsFrom(s, starter);
  s.phase = { name: 'auction', order, bids: [], passed: [] };
  s.events.push({ type: 'auctionStarted', seat: starter });
}
