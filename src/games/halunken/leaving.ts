import { IllegalAction, type Seat } from '../../engine/index.js';
import { isOver, settle } from './actions.js';
import { continuePlacement } from './deal.js';
import { beginResolution, endMatch, scoreGame } from './resolution.js';
import { bestBid, concludeAuction, reveal, stillChoosing } from './round.js';
import { activeSeats, crewOf, nextStateOf, replaced, seatRange, startCardHolder, type HalunkenState } from './state.js';

/**
 * A player leaves. Decided: his captain leaves the board and his crew is removed from play (into
 * `removed`, back in the deck at the next deal of a long game), so it neither scores nor can be
 * stolen, and it does not feed the harbour. He is skipped in placement, auctions and choices; a
 * choice he made this round is void; a bid of his is withdrawn (the best remaining offer stands);
 * a decision of his, or a theft from him, lapses. If he hired Black Jack, Black Jack works for
 * nobody for the rest of the round. If he was to place Black Jack, the next-lowest starting card
 * does. When fewer players remain than the variant needs (beginner 3, standard 2), the current
 * game is scored and the match ends; he is ranked below everyone who stayed.
 */
export function resign(s: HalunkenState, seat: Seat): HalunkenState {
  if (isOver(s) || !Number.isInteger(seat) || seat < 0 || seat >= s.seats || s.resigned[seat]) {
    throw new IllegalAction(`seat ${seat} cannot resign now`);
  }
  const next = nextStateOf(s);
  const removed = crewOf(next, seat);
  next.resigned = replaced(next.resigned, seat, true);
  next.removed = [...next.removed, ...removed];
  next.crews = replaced(next.crews, seat, []);
  next.captains = replaced(next.captains, seat, null);
  next.choices = replaced(next.choices, seat, null);
  if (next.hirer === seat) next.hirer = null;
  next.events.push({ type: 'resigned', seat, removed: [...removed] });
  if (activeSeats(next).length < seatRange(next).min) {
    scoreGame(next);
    endMatch(next, 'tooFewPlayers');
    return next;
  }
  carryOnWithout(next, seat);
  settle(next);
  return next;
}

function carryOnWithout(s: HalunkenState, seat: Seat): void {
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
      if (p.seat === seat) continuePlacement(s, seat);
      return;
    case 'placeBlackJack':
      if (p.seat === seat) s.phase = { name: 'placeBlackJack', seat: startCardHolder(s, 'lowest') };
      return;
    case 'auction': {
      const order = p.order.filter((x) => x !== seat);
      const bids = p.bids.filter((b) => b.seat !== seat);
      if (order.length === 0) concludeAuction(s, bestBid(bids));
      else s.phase = { ...p, order, bids };
      return;
    }
    case 'choose':
      if (stillChoosing(s).length === 0) reveal(s);
      return;
    case 'rum':
      if (p.seat === seat) beginResolution(s);
      return;
    case 'decide': {
      const d = p.decision;
      const involved = d.seat === seat || ((d.kind === 'landingSteal' || d.kind === 'robbery') && d.victim === seat);
      if (involved) s.phase = { name: 'resolve' };
      else if (d.kind === 'harbour' && d.hirer === seat) {
        if (s.harbour.length > 0) s.phase = { name: 'decide', decision: { ...d, hirer: null } };
        else s.phase = { name: 'resolve' };
      }
      return;
    }
    case 'resolve':
    case 'over':
      return;
  }
}
