import type { Seat } from '../../engine/index.js';
import { LAST_TRICK_POINTS, cardPoints, trickStrength, type Card } from './cards.js';
import { JAN } from './ending.js';
import { HUNDRED, STUK_POINTS, mayClaim, nextPlayer, pointsOf, stukCards, tableOf, tricksPerHand, type HonderdenAction, type HonderdenState } from './state.js';

/*
 * Two players once the stock is gone: every card is known to a player who counted (the unseen
 * cards are exactly the other's hand), so the rest of the hand can be searched exactly. Called by
 * the bot on a determinization of its seat's state (src/ai/index.ts, `solve`), which in this
 * position is the real deal: nothing about it depends on hidden cards the seat could not count.
 *
 * The search is a minimax with alpha-beta over the remaining tricks. Each player, at his turn,
 * declares stuk when he holds it and claims as soon as his points make 100 ("ik dek": right, so
 * the hand is his). A hand played out goes to the higher total of 100 or more (the last trick
 * worth 5); when neither has 100 the points carry on. Values, for the searching seat: a won hand
 * counts its game points (one, one more when the loser is onder Jan, one more for a pit; the most
 * when it ends the match), a lost one as much against, plus a quarter of the difference of points
 * to tell such hands apart; a hand that carries on counts the difference of points, which is
 * always less than a hand's worth.
 */

/** A won hand's worth per game point, above any difference of points a hand can have (a won hand's counts a quarter). */
const HAND = 1000;
/** Beyond this many positions searched the exact search gives up (the bot's search decides then). */
const MAX_NODES = 400_000;
/** Masks of at most 19 cards (two hands of 9 and a card led): keys of positions fit a double exactly. */
const HANDS = 1 << 19;

const suitIndex = (card: Card) => 'SHCD'.indexOf(card[1] as string);

const lowestBit = (mask: number) => 31 - Math.clz32(mask & -mask);

/**
 * The cards still in play, numbered 0 to n - 1 (a hand is a mask of these numbers: keys of
 * positions stay small numbers), with what the search needs of each.
 */
interface Table {
  suit: number[];
  points: number[];
  strength: number[];
  trumpSuit: number;
  /** Per suit, the mask of its cards. */
  suitMask: number[];
  /** The trump king and queen, when both are still in play; else 0. */
  stuk: number;
  target: number;
  /** Per player of the search: 0 the searching seat, 1 the other. */
  gamePoints: [number, number];
  tricks: number;
  /** Tricks won so far, for a pit. */
  tricksWon: [number, number];
}

class Search {
  nodes = 0;
  private readonly memo = new Map<number, { value: number; bound: -1 | 0 | 1 }>();
  private readonly differences = new Map<number, number>();

  constructor(private readonly t: Table) {}

  /** The value for player 0 of a hand won by `winner` (0 or 1) with these totals. */
  private won(winner: 0 | 1, totals: [number, number], pit: boolean): number {
    const loser = (1 - winner) as 0 | 1;
    let gained = 1 + (totals[loser] < JAN ? 1 : 0) + (pit ? 1 : 0);
    if (this.t.gamePoints[winner] + gained >= this.t.target) gained = 3;
    // The difference of points breaks ties between hands won or lost alike: a hand lost against
    // the best play is fought for all the same (not every player finds the best play).
    return (winner === 0 ? 1 : -1) * HAND * gained + (totals[0] - totals[1]) / 4;
  }

  private playedOut(p0: number, p1: number, w0: number, w1: number): number {
    const tricks = this.t.tricks;
    if (p0 >= HUNDRED && p0 > p1) return this.won(0, [p0, p1], this.t.tricksWon[0] + w0 === tricks);
    if (p1 >= HUNDRED && p1 > p0) return this.won(1, [p0, p1], this.t.tricksWon[1] + w1 === tricks);
    if (p0 >= HUNDRED) return 0; // a tie of 100 or more: the hand is replayed
    return p0 - p1;
  }

  /**
   * A trick led by `leader` with `hands` left (in search order 0, 1), totals `p0`, `p1`, stuk
   * declared per player (`d0`, `d1`), tricks won in the search `w0`, `w1`.
   */
  trick(h0: number, h1: number, leader: 0 | 1, p0: number, p1: number, d0: boolean, d1: boolean, w0: number, w1: number, alpha: number, beta: number): number {
    this.nodes++;
    if (this.nodes > MAX_NODES) throw new GaveUp();
    if (h0 === 0 && h1 === 0) return this.playedOut(p0, p1, w0, w1);
    const stuk = this.t.stuk;
    // The leader's turn: stuk when held, then the claim; then the follower's (his points do not
    // depend on the card led).
    for (const who of [leader, (1 - leader) as 0 | 1]) {
      const hand = who === 0 ? h0 : h1;
      if (stuk !== 0 && !(who === 0 ? d0 : d1) && (hand & stuk) === stuk) {
        if (who === 0) {
          d0 = true;
          p0 += STUK_POINTS;
        } else {
          d1 = true;
          p1 += STUK_POINTS;
        }
      }
      if ((who === 0 ? p0 : p1) >= HUNDRED) return this.won(who, [p0, p1], false);
    }
    // From here stuk can change nothing (nobody can come to hold it who does not now). When no
    // one can reach 100 any more, the hand carries on: only the difference of points counts.
    const left = this.pointsIn(h0 | h1) + LAST_TRICK_POINTS;
    if (p0 + left < HUNDRED && p1 + left < HUNDRED) return p0 - p1 + this.difference(h0, h1, leader);
    // p1 follows from the rest; p0 is under 100 here.
    const key = ((((h0 * HANDS + h1) * 2 + leader) * HUNDRED + p0) * 4 + (d0 ? 2 : 0) + (d1 ? 1 : 0)) * 16 + w0;
    const cached = this.memo.get(key);
    if (cached) {
      if (cached.bound === 0) return cached.value;
      if (cached.bound > 0 && cached.value >= beta) return cached.value;
      if (cached.bound < 0 && cached.value <= alpha) return cached.value;
    }
    const [a0, b0] = [alpha, beta];
    const maximizing = leader === 0;
    let best = maximizing ? -Infinity : Infinity;
    for (const lead of this.leads(leader === 0 ? h0 : h1)) {
      const value = this.answer(h0, h1, leader, lead, p0, p1, d0, d1, w0, w1, alpha, beta);
      if (maximizing ? value > best : value < best) best = value;
      if (maximizing) alpha = Math.max(alpha, value);
      else beta = Math.min(beta, value);
      if (alpha >= beta) break;
    }
    this.memo.set(key, { value: best, bound: best <= a0 ? -1 : best >= b0 ? 1 : 0 });
    return best;
  }

  private pointsIn(mask: number): number {
    let sum = 0;
    for (let m = mask; m !== 0; m &= m - 1) sum += this.t.points[lowestBit(m)] as number;
    return sum;
  }

  /** The rest of a hand that carries on: player 0's points less player 1's, by plain minimax (it adds up, so it is memoized by the hands alone). */
  private difference(h0: number, h1: number, leader: 0 | 1): number {
    if (h0 === 0 && h1 === 0) return 0;
    this.nodes++;
    const key = (h0 * HANDS + h1) * 2 + leader;
    const cached = this.differences.get(key);
    if (cached !== undefined) return cached;
    const maximizing = leader === 0;
    let best = maximizing ? -Infinity : Infinity;
    for (const lead of this.leads(leader === 0 ? h0 : h1)) {
      let reply = maximizing ? Infinity : -Infinity;
      const l0 = leader === 0 ? h0 & ~(1 << lead) : h0;
      const l1 = leader === 1 ? h1 & ~(1 << lead) : h1;
      for (const card of this.follows(leader === 0 ? l1 : l0, lead)) {
        const n0 = leader === 1 ? l0 & ~(1 << card) : l0;
        const n1 = leader === 0 ? l1 & ~(1 << card) : l1;
        const winner = this.beats(card, lead) ? 1 - leader : leader;
        const gain = (this.t.points[lead] as number) + (this.t.points[card] as number) + (n0 === 0 && n1 === 0 ? LAST_TRICK_POINTS : 0);
        const value = (winner === 0 ? gain : -gain) + this.difference(n0, n1, winner as 0 | 1);
        reply = maximizing ? Math.min(reply, value) : Math.max(reply, value);
      }
      best = maximizing ? Math.max(best, reply) : Math.min(best, reply);
    }
    this.differences.set(key, best);
    return best;
  }

  /** The follower's answers to `lead`, searched. */
  answer(
    h0: number,
    h1: number,
    leader: 0 | 1,
    lead: number,
    p0: number,
    p1: number,
    d0: boolean,
    d1: boolean,
    w0: number,
    w1: number,
    alpha: number,
    beta: number,
  ): number {
    const follower = (1 - leader) as 0 | 1;
    if (leader === 0) h0 &= ~(1 << lead);
    else h1 &= ~(1 << lead);
    const maximizing = follower === 0;
    let best = maximizing ? -Infinity : Infinity;
    for (const card of this.follows(follower === 0 ? h0 : h1, lead)) {
      const value = this.afterTrick(h0, h1, leader, lead, card, p0, p1, d0, d1, w0, w1, alpha, beta);
      if (maximizing ? value > best : value < best) best = value;
      if (maximizing) alpha = Math.max(alpha, value);
      else beta = Math.min(beta, value);
      if (alpha >= beta) break;
    }
    return best;
  }

  /** The trick of `lead` and the follower's `card` (the lead already out of the leader's hand). */
  afterTrick(
    h0: number,
    h1: number,
    leader: 0 | 1,
    lead: number,
    card: number,
    p0: number,
    p1: number,
    d0: boolean,
    d1: boolean,
    w0: number,
    w1: number,
    alpha: number,
    beta: number,
  ): number {
    const follower = (1 - leader) as 0 | 1;
    if (follower === 0) h0 &= ~(1 << card);
    else h1 &= ~(1 << card);
    const winner = this.beats(card, lead) ? follower : leader;
    const last = h0 === 0 && h1 === 0;
    const gain = (this.t.points[lead] as number) + (this.t.points[card] as number) + (last ? LAST_TRICK_POINTS : 0);
    if (winner === 0) return this.trick(h0, h1, 0, p0 + gain, p1, d0, d1, w0 + 1, w1, alpha, beta);
    return this.trick(h0, h1, 1, p0, p1 + gain, d0, d1, w0, w1 + 1, alpha, beta);
  }

  beats(card: number, lead: number): boolean {
    const suit = this.t.suit[card] as number;
    const led = this.t.suit[lead] as number;
    if (suit === led) return (this.t.strength[card] as number) > (this.t.strength[lead] as number);
    return suit === this.t.trumpSuit;
  }

  /** Cards to lead, the likeliest best first (the dearest and strongest: cut-offs come sooner). */
  leads(hand: number): number[] {
    const cards: number[] = [];
    for (let m = hand; m !== 0; m &= m - 1) cards.push(lowestBit(m));
    const worth = (c: number) => (this.t.points[c] as number) * 2 + (this.t.strength[c] as number) + (this.t.suit[c] === this.t.trumpSuit ? 8 : 0);
    return cards.sort((a, b) => worth(b) - worth(a));
  }

  /** The follower's legal cards (suit or trump when he can follow, else any): winners first, cheapest first. */
  follows(hand: number, lead: number): number[] {
    const suit = this.t.suitMask[this.t.suit[lead] as number] as number;
    const legal = (hand & suit) !== 0 ? hand & (suit | (this.t.suitMask[this.t.trumpSuit] as number)) : hand;
    const cards: number[] = [];
    for (let m = legal; m !== 0; m &= m - 1) cards.push(lowestBit(m));
    const order = (c: number) =>
      (this.beats(c, lead) ? 0 : 100) + (this.t.points[c] as number) + (this.t.suit[c] === this.t.trumpSuit ? 20 + (this.t.strength[c] as number) : 0);
    return cards.sort((a, b) => order(a) - order(b));
  }
}

class GaveUp extends Error {}

/** Whether the seat, in this (determinized) state, knows every card: two players, stock gone, its turn to play. */
export function everyCardKnown(s: HonderdenState, seat: Seat): boolean {
  return tableOf(s) === 'two' && s.phase === 'play' && s.turn === seat && s.stock.length === 0 && s.trumpCard === null && s.roemShown;
}

/**
 * The best step for `seat` by exact search of the rest of the hand, or undefined where the seat
 * cannot know every card or the search would take too long.
 */
export function solveEndgame(s: HonderdenState, seat: Seat): HonderdenAction | undefined {
  if (!everyCardKnown(s, seat)) return undefined;
  const other = nextPlayer(s, seat);
  const me = pointsOf(s, seat).total;
  if (me >= HUNDRED && mayClaim(s, seat)) return { type: 'claim' };
  const trump = s.trump;
  const [king, queen] = stukCards(s);
  if (!s.stuk[seat] && (s.hands[seat] as Card[]).includes(king) && (s.hands[seat] as Card[]).includes(queen)) return { type: 'stuk' };
  const led = s.trick.plays[0];
  const cards = [...(s.hands[seat] as Card[]), ...(s.hands[other] as Card[]), ...(led ? [led.card] : [])];
  const maskOf = (some: readonly Card[]) => some.reduce((mask, card) => (cards.includes(card) ? mask | (1 << cards.indexOf(card)) : mask), 0);
  const table: Table = {
    suit: cards.map(suitIndex),
    points: cards.map((card) => cardPoints(card, trump)),
    strength: cards.map((card) => trickStrength(card, trump)),
    trumpSuit: suitIndex(`7${trump}`),
    suitMask: [0, 1, 2, 3].map((suit) => maskOf(cards.filter((card) => suitIndex(card) === suit))),
    stuk: cards.includes(king) && cards.includes(queen) ? maskOf([king, queen]) : 0,
    target: s.target,
    gamePoints: [s.gamePoints[seat] as number, s.gamePoints[other] as number],
    tricks: tricksPerHand(s),
    tricksWon: [s.tricksWon[seat] as number, s.tricksWon[other] as number],
  };
  const search = new Search(table);
  const h0 = maskOf(s.hands[seat] as Card[]);
  const h1 = maskOf(s.hands[other] as Card[]);
  const d0 = s.stuk[seat] as boolean;
  let p1 = pointsOf(s, other).total;
  let d1 = s.stuk[other] as boolean;
  if (led === undefined) {
    // The other's turn comes before the trick is decided: his stuk, then his claim.
    if (!d1 && table.stuk !== 0 && (h1 & table.stuk) === table.stuk) {
      d1 = true;
      p1 += STUK_POINTS;
    }
    if (p1 >= HUNDRED) return undefined;
  }
  let bestCard: number | undefined;
  let best = -Infinity;
  try {
    if (led === undefined) {
      for (const lead of search.leads(h0)) {
        const value = search.answer(h0, h1, 0, lead, me, p1, d0, d1, 0, 0, best, Infinity);
        if (value > best) {
          best = value;
          bestCard = lead;
        }
      }
    } else {
      const lead = cards.length - 1;
      for (const card of search.follows(h0, lead)) {
        const value = search.afterTrick(h0, h1, 1, lead, card, me, p1, d0, d1, 0, 0, best, Infinity);
        if (value > best) {
          best = value;
          bestCard = card;
        }
      }
    }
  } catch (e) {
    if (e instanceof GaveUp) return undefined;
    throw e;
  }
  return bestCard === undefined ? undefined : { type: 'play', card: cards[bestCard] as Card };
}
