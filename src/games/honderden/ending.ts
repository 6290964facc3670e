import { allSeats, type Seat } from '../../engine/index.js';
import { HUNDRED, nextPlayer, pointsOf, tableOf, tricksPerHand, type GamePointAward, type HandPoints, type HandResult, type HonderdenState } from './state.js';
import { deal, startGame } from './deal.js';

/*
 * The end of a hand (the points, its winner, the game points won), of a game and of the match.
 *
 * Ends of hands and game points
 * - Points of a hand: card points of won tricks, counted roem, stuk, 5 for the last trick, plus
 *   the points carried from the earlier hands of the same game. Roem counts once it is shown
 *   (a claim in the first trick counts none).
 * - Views never hold the cards of won tricks (only how many tricks), nor running point totals: the
 *   claim needs attention, as at the table. The points carried from earlier hands, roem and stuk are public, as is
 *   every card a player was seen to take or show (`knownCards`). All points are given with the
 *   hand's result. Every award of game points is kept (`awards`) for the final account.
 * - A claim is right with 100 or more at that moment. A wrong claim gives the hand to the
 *   opponent; with three players to the other player with more points (equal: the hand is
 *   replayed). Onder Jan counts in every won hand; a pit needs every trick of the hand, so a claim
 *   is never a pit, and only the hand's winner can score one.
 * - Two players: the winner gets 1, +1 if the loser has under 50, +1 for a pit. Three players: 1,
 *   or 2 if both others have under 50; a pit in the first hand of a game (a replay of it too) is 3.
 * - A tie for the most points (of 100 or more) replays the hand.
 */

/** A loser under this is "onder Jan". */
export const JAN = 50;

export function endHand(s: HonderdenState, ending: HandResult['ending'], claimer: Seat | null): void {
  const points = allSeats(s.seats).map((seat) => (s.players.includes(seat) ? pointsOf(s, seat) : null));
  const total = (seat: Seat) => (points[seat] as HandPoints).total;
  let winner: Seat | null = null;
  let tie = false;
  if (ending === 'claim') {
    winner = claimer;
  } else {
    const candidates = s.players.filter((seat) => seat !== claimer && (ending === 'wrongClaim' || total(seat) >= HUNDRED));
    if (candidates.length > 0) {
      const best = Math.max(...candidates.map(total));
      const top = candidates.filter((seat) => total(seat) === best);
      if (top.length === 1) winner = top[0] as Seat;
      else tie = true;
    }
  }
  const result: HandResult = {
    hand: s.hand,
    game: s.game,
    handInGame: s.handInGame,
    ending,
    claimer,
    points,
    tricksWon: [...s.tricksWon],
    winner,
    gamePoints: 0,
    onderJan: false,
    pit: false,
    next: tie ? 'replay' : winner === null ? 'nextHand' : 'newGame',
  };
  if (winner !== null) {
    const losers = s.players.filter((seat) => seat !== winner);
    const allTricks = ending === 'playedOut' && s.tricksWon[winner] === tricksPerHand(s);
    result.onderJan = losers.every((seat) => total(seat) < JAN);
    if (tableOf(s) === 'two') {
      result.pit = allTricks;
      result.gamePoints = 1 + Number(result.onderJan) + Number(result.pit);
    } else {
      result.pit = allTricks && s.handInGame === 1;
      result.gamePoints = result.pit ? 3 : result.onderJan ? 2 : 1;
    }
  }
  s.lastResult = result;
  s.events.push({ type: 'handEnded', result });
  if (winner !== null) {
    awardGamePoints(s, winner, result.gamePoints, 'hand', { onderJan: result.onderJan, pit: result.pit, roem: 0 });
    if (s.phase === 'over') {
      result.next = 'matchOver';
      return;
    }
    startGame(s, nextPlayer(s, s.dealer));
  } else if (tie) {
    deal(s, true);
  } else {
    for (const seat of s.players) s.carried[seat] = total(seat);
    s.handInGame++;
    if (tableOf(s) === 'three') s.dealer = nextPlayer(s, s.dealer);
    deal(s, false);
  }
}

export function awardGamePoints(
  s: HonderdenState,
  seat: Seat,
  gained: number,
  reason: 'hand' | 'roem',
  how: Pick<GamePointAward, 'onderJan' | 'pit' | 'roem'>,
): void {
  s.gamePoints[seat] = (s.gamePoints[seat] as number) + gained;
  s.awards = [...(s.awards ?? []), { seat, hand: s.hand, gained, reason, ...how }];
  s.events.push({ type: 'gamePoints', seat, gained, reason, totals: [...s.gamePoints] });
  if (s.gamePoints[seat] >= s.target) endMatch(s, seat, 'target');
}

export function endMatch(s: HonderdenState, winner: Seat, reason: 'target' | 'resigned'): void {
  s.phase = 'over';
  s.winner = winner;
  s.turnActed = false;
  s.stukThisTurn = false;
  s.openStatement = null;
  s.events.push({ type: 'matchOver', winner, reason });
}
