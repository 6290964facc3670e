import { removeOne, type Seat } from '../../engine/index.js';
import type { Card } from './cards.js';
import { totalPoints } from './roem.js';
import { trickWinnerIndex } from './tricks.js';
import {
  HUNDRED,
  addKnown,
  handOf,
  nextPlayer,
  playersFrom,
  pointsOf,
  statementOf,
  stukCards,
  tableOf,
  tricksPerHand,
  trumpSeven,
  versionOf,
  type FinishedTrick,
  type HonderdenAction,
  type HonderdenState,
  type Play,
  type Statement,
} from './state.js';
import { closeStatement, declare, reject, tellRoem } from './roem-trick.js';
import { startTurn } from './deal.js';
import { awardGamePoints, endHand } from './ending.js';

/*
 * Carrying out a Honderden action on a copy of the state: the steps of a turn, the tricks, the
 * two players' draws and the roem shown after the first trick.
 *
 * A turn is a few small steps, each its own action, ending with playing a card:
 * - `swap` (two players: the trump 7 for the open trump card) only as the first step of a turn;
 * - roem in the first trick: `declare <category>` or `reject <category>`, then `declare` again for
 *   each further combination of the same statement;
 * - `stuk` (trump king and queen in hand; once a hand; never rejected);
 * - `claim` ("ik dek"): two players at any step of their turn; three players only in the turn in
 *   which they declare stuk, and (decided, to keep hands secret) only on their own turn, although
 *   the rulebook lets them interrupt: waiting for a stuk holder at any moment would reveal him.
 *   From version 3 a claim is offered only once the player can have 100 points (the rulebook:
 *   "wanneer je denkt 100 punten te hebben verzameld"): once he has won a trick, or when the
 *   points everybody knows of (carried, shown roem, stuk) already make 100. Before that it could
 *   only be wrong, and it tells nothing the table does not know;
 * - `play <card>`, which ends the turn.
 * Two players draw by themselves after each trick of the first part, the winner first; only the
 * last draw is a choice: `takeHidden` (the hidden card, unseen until it is taken; then it is
 * shown to both) or `take <card>` (the open trump card; the other player gets the hidden card and
 * shows it). Version 1 showed the hidden card first and named it: `take <card>` for either. The
 * swap is possible until that draw, also in the first trick.
 *
 * Roem (first trick only)
 * - A player makes at most one roem statement per hand: a declaration (when nobody's declaration
 *   stands) or a rejection of the standing one. Once a declaration stands, others can only reject
 *   it: a lower declaration of theirs could always be rejected by it. A rejection may be made
 *   with any combination that could be higher than what the standing declarer announced (the
 *   announcement is vague); it is resolved when the rejecter finishes his turn (plays his card):
 *   his best combination against the declarer's best, in the order of docs/rules/honderden.md
 *   ("Comparing roem"). Success voids all of the declarer's roem and makes the rejecter's
 *   statement the standing one; a rejection that proves not higher fails and counts nothing. A
 *   carré counts as "in trump" for the tie-break (it holds the trump card of its rank); equal roem
 *   otherwise goes to the player earlier in the trick.
 * - A rejecter, like a declarer, may add further combinations to his statement (`declare` after
 *   `reject`); all of them count if the rejection succeeds. There is no counter-rejection: a
 *   player whose declaration was rejected has made his statement.
 * - Three players (version 2): until the first trick is complete, the third player is not told
 *   what the others said nor how a rejection was judged (view.ts). While a declaration stands he
 *   may still reject it, naming any roem he holds; it is judged against whatever stands then. The
 *   judgements are told with everything said (`roemTold`) once his card completes the trick.
 * - After the first trick, every player who made no statement and has not yet answered the
 *   standing declaration may still reject it (the leader rejecting the follower's declaration:
 *   docs/rules/honderden.md, "Rejecting"), in playing order, then `done`. Such a player is asked
 *   even when he holds nothing to reject with (his only action is then `done`), so that the wait
 *   reveals nothing. A player who played after a declaration without rejecting it has answered it.
 * - Roem is made of the hand plus the card played to the first trick (the played card may belong
 *   to it). A sequence is declared at its full length (the longest run in that suit); a declared
 *   category that fits several held combinations takes the best of them.
 * - The roem is shown after the first trick and its answers: every statement with its cards.
 * - Roem of 100 or more in the one declaration that counts (stuk not included) is one won hand
 *   at once: 1 game point. That roem is then spent: it does not count toward the hand's points
 *   (the rulebook lets a claim count only points made another way). If the game points reach the
 *   target, the match ends at once.
 */

/** Carries out a listed action on `s` (a copy: apply made it). */
export function perform(s: HonderdenState, seat: Seat, action: HonderdenAction): void {
  switch (action.type) {
    case 'swap':
      return swap(s, seat);
    case 'declare':
      return declare(s, seat, action.roem);
    case 'reject':
      return reject(s, seat, action.roem);
    case 'stuk':
      return declareStuk(s, seat);
    case 'claim':
      return claim(s, seat);
    case 'play':
      return play(s, seat, action.card);
    case 'done':
      return finishAnswer(s, seat);
    case 'take':
      return takeLast(s, seat, action.card);
    case 'takeHidden':
      return takeLast(s, seat, s.stock[0] as Card);
  }
}

function swap(s: HonderdenState, seat: Seat): void {
  const seven = trumpSeven(s);
  const took = s.trumpCard as Card;
  const hand = handOf(s, seat);
  removeOne(hand, seven);
  // The 7 is known to have left his hand (it may have been shown before, in roem). Kept as it was
  // for games opened under version 1, whose views showed it on.
  if (versionOf(s) >= 2) removeOne(s.known[seat] as Card[], seven);
  hand.push(took);
  addKnown(s, seat, took);
  s.trumpCard = seven;
  s.events.push({ type: 'swapped', seat, took, gave: seven });
}

function declareStuk(s: HonderdenState, seat: Seat): void {
  s.turnActed = true;
  s.stukThisTurn = true;
  s.stuk[seat] = true;
  const cards = stukCards(s);
  for (const card of cards) addKnown(s, seat, card);
  s.events.push({ type: 'stuk', seat, cards });
}

function play(s: HonderdenState, seat: Seat, card: Card): void {
  removeOne(handOf(s, seat), card);
  removeOne(s.known[seat] as Card[], card);
  s.trick.plays.push({ seat, card });
  s.events.push({ type: 'played', seat, card });
  if (s.tricksPlayed === 0) closeStatement(s, seat);
  if (s.trick.plays.length < s.players.length) {
    startTurn(s, 'play', nextPlayer(s, seat));
    return;
  }
  completeTrick(s);
}

function completeTrick(s: HonderdenState): void {
  const plays = s.trick.plays;
  const winner = (
    plays[
      trickWinnerIndex(
        plays.map((p) => p.card),
        s.trump,
      )
    ] as Play
  ).seat;
  for (const p of plays) (s.won[winner] as Card[]).push(p.card);
  s.tricksWon[winner] = (s.tricksWon[winner] as number) + 1;
  s.tricksPlayed++;
  s.lastTrick = { leader: s.trick.leader, plays, winner };
  s.trick = { leader: winner, plays: [] };
  const last = s.tricksPlayed === tricksPerHand(s);
  s.events.push({ type: 'trickWon', seat: winner, trick: s.tricksPlayed, plays: [...plays], last });
  if (last) {
    s.lastTrickWinner = winner;
    endHand(s, 'playedOut', null);
    return;
  }
  if (s.tricksPlayed === 1) {
    nextRoemAnswer(s);
    // Three players (version 2): what was said is told to all now; when nobody answers, the roem
    // shown at once tells it anyway.
    if (!s.roemShown && tableOf(s) === 'three' && versionOf(s) >= 2) tellRoem(s);
    return;
  }
  continueHand(s);
}

/**
 * After the first trick: the next player (in playing order) who made no statement and has not
 * answered the standing declaration may reject it; when nobody is left, the roem is shown.
 */
function nextRoemAnswer(s: HonderdenState): void {
  if (s.standing !== null) {
    const standing = s.statements[s.standing] as Statement;
    for (const seat of playersFrom(s, s.handLeader)) {
      if (seat === standing.seat || s.answered.includes(seat) || statementOf(s, seat)) continue;
      startTurn(s, 'roemAnswer', seat);
      return;
    }
  }
  showRoem(s);
  if (s.phase !== 'over') continueHand(s);
}

function finishAnswer(s: HonderdenState, seat: Seat): void {
  closeStatement(s, seat);
  nextRoemAnswer(s);
}

function showRoem(s: HonderdenState): void {
  s.roemShown = true;
  if (s.statements.length === 0) return;
  const counted = s.standing === null ? null : (s.statements[s.standing] as Statement);
  let hundred = false;
  if (counted) {
    const points = totalPoints(counted.combos);
    hundred = points >= HUNDRED;
    counted.status = hundred ? 'hundred' : 'counted';
    if (!hundred) s.roem[counted.seat] = (s.roem[counted.seat] as number) + points;
  }
  for (const st of s.statements) {
    for (const combo of st.combos) {
      for (const card of combo.cards) if (handOf(s, st.seat).includes(card)) addKnown(s, st.seat, card);
    }
  }
  s.events.push({
    type: 'roemShown',
    statements: s.statements.map((st) => ({
      seat: st.seat,
      kind: st.kind,
      of: st.of,
      combos: st.combos,
      points: totalPoints(st.combos),
      status: st.status,
    })),
  });
  if (counted && hundred) {
    s.events.push({ type: 'roemHundred', seat: counted.seat, points: totalPoints(counted.combos) });
    awardGamePoints(s, counted.seat, 1, 'roem', { onderJan: false, pit: false, roem: totalPoints(counted.combos) });
  }
}

/** Two players: draws from the stock after a trick (or the last choice); then the winner leads. */
function continueHand(s: HonderdenState): void {
  const winner = (s.lastTrick as FinishedTrick).winner;
  if (tableOf(s) === 'two' && s.trumpCard !== null) {
    if (s.stock.length === 1) {
      startTurn(s, 'chooseLast', winner);
      if (versionOf(s) >= 2) s.events.push({ type: 'lastDraw', open: s.trumpCard, chooser: winner });
      // Kept for games opened under version 1: the hidden card was shown before the choice.
      else s.events.push({ type: 'hiddenShown', card: s.stock[0] as Card, open: s.trumpCard, chooser: winner });
      return;
    }
    for (const seat of [winner, nextPlayer(s, winner)]) {
      const card = s.stock.pop() as Card;
      handOf(s, seat).push(card);
      s.events.push({ type: 'drew', seat, card });
    }
  }
  startTurn(s, 'play', winner);
}

function takeLast(s: HonderdenState, seat: Seat, card: Card): void {
  const hidden = s.stock[0] as Card;
  const open = s.trumpCard as Card;
  const other = nextPlayer(s, seat);
  const rest = card === hidden ? open : hidden;
  s.stock = [];
  s.trumpCard = null;
  handOf(s, seat).push(card);
  handOf(s, other).push(rest);
  addKnown(s, seat, card);
  addKnown(s, other, rest);
  // Whoever gets the hidden card shows it as he takes it: both cards are known to all. (Saying
  // which was the hidden one changes only what is told, so games of version 1 say it too.)
  s.events.push(
    { type: 'took', seat, card, hidden: card === hidden },
    { type: 'took', seat: other, card: rest, hidden: rest === hidden },
    { type: 'stockEmpty' },
  );
  startTurn(s, 'play', seat);
}

function claim(s: HonderdenState, seat: Seat): void {
  const points = pointsOf(s, seat).total;
  const right = points >= HUNDRED;
  s.events.push({ type: 'claimed', seat, points, right });
  endHand(s, right ? 'claim' : 'wrongClaim', seat);
}
