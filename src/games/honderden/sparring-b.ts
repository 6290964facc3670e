import type { RngState, Seat } from '../../engine/index.js';
import { bestBy, type SparringPlayer } from '../sparring-player.js';
import { DECK_24, DECK_32, LAST_TRICK_POINTS, cardPoints, suitOf, sumPoints, trickStrength, type Card, type Suit } from './cards.js';
import type { RoemCategory } from './roem.js';
import { HUNDRED, STUK_POINTS, type HonderdenAction, type Play } from './state.js';
import { beats, legalPlays, trickWinnerIndex } from './tricks.js';
import type { HonderdenView } from './view.js';

/*
 * Sparring partner B for Honderden, from the rules alone (see src/games/sparring-player.ts).
 *
 * Its idea is counting, as a good player at the table does. It remembers every card played this
 * hand, the card points each player took in his tricks, and which suits each opponent is void in
 * (he failed to follow a suit, or to play trump when trump was led, while he had to). From that it
 * knows its own total exactly and says "ik dek" the moment it reaches 100; it knows which of its
 * cards are the highest still out ("boss" cards) and leads them once suit must be followed; and
 * once the stock is empty with two players it knows the opponent's hand and plays the last tricks
 * out by exact search. Before that it leads low cards, takes tricks worth taking as cheaply as it
 * can, and throws its least valuable card otherwise. Roem, stuk and the trump-7 swap are always
 * made; a declaration is rejected whenever the rules let it.
 */

interface Memory {
  hand: number;
  /** Whether this hand was seen from its deal: only then are the counted totals exact. */
  complete: boolean;
  played: Set<Card>;
  /** Card points (and the last trick's 5) taken per seat this hand. */
  taken: number[];
  voids: Set<Suit>[];
  /** The trick under way, as seen event by event. */
  trick: Play[];
  /** Whether suit had to be followed when the latest events were played. */
  duty: boolean;
}

function freshMemory(view: HonderdenView): Memory {
  return {
    hand: view.handNumber,
    complete: view.tricksPlayed === 0 && view.trick.plays.length === 0,
    played: new Set(),
    taken: new Array<number>(view.seats).fill(0),
    voids: Array.from({ length: view.seats }, () => new Set<Suit>()),
    trick: [],
    duty: view.dutyToFollow,
  };
}

function remember(memory: Memory, view: HonderdenView): Memory {
  const m = view.handNumber === memory.hand ? memory : freshMemory(view);
  for (const e of view.events) {
    if (e.type === 'handDealt') Object.assign(m, freshMemory(view), { complete: true });
    else if (e.type === 'played') {
      const led = m.trick[0]?.card;
      if (led !== undefined && m.duty) {
        const ledSuit = suitOf(led);
        const suit = suitOf(e.card);
        // Under the duty, a card neither of the led suit nor trump means he had none of the led
        // suit; with trump led, anything but trump means he had no trump.
        if (suit !== ledSuit && (ledSuit === view.trump || suit !== view.trump)) m.voids[e.seat]?.add(ledSuit);
      }
      m.trick.push({ seat: e.seat, card: e.card });
      m.played.add(e.card);
    } else if (e.type === 'trickWon') {
      for (const p of e.plays) m.played.add(p.card);
      m.taken[e.seat] =
        (m.taken[e.seat] ?? 0) +
        sumPoints(
          e.plays.map((p) => p.card),
          view.trump,
        ) +
        (e.last ? LAST_TRICK_POINTS : 0);
      m.trick = [];
    }
  }
  m.duty = view.dutyToFollow;
  return m;
}

/** My points this hand as far as I can count them; null when I came in after the deal. */
function myTotal(view: HonderdenView, m: Memory, me: Seat): number | null {
  const known = (view.carried[me] ?? 0) + (view.roemPoints[me] ?? 0) + (view.stuk[me] ? STUK_POINTS : 0);
  return m.complete ? known + (m.taken[me] ?? 0) : known >= HUNDRED ? known : null;
}

function categoryPoints(c: RoemCategory): number {
  return c.kind === 'carre' ? 100 : c.length >= 5 ? 100 : c.length === 4 ? 50 : 20;
}

/** Cards that may be in another player's hand: neither mine nor seen played. */
function outstanding(view: HonderdenView, m: Memory): Card[] {
  const deck = view.rules === 'two' ? DECK_32 : DECK_24;
  const mine = new Set(view.hand ?? []);
  const onTable = new Set(view.trick.plays.map((p) => p.card));
  return deck.filter((c) => !mine.has(c) && !m.played.has(c) && !onTable.has(c) && c !== view.trumpCard);
}

/**
 * A card no outstanding card beats: the highest of its suit still out, and off trump only when no
 * opponent can hold a trump (trumping is always allowed, even by a player who could follow).
 */
function isBoss(card: Card, view: HonderdenView, m: Memory, out: Card[], me: Seat): boolean {
  const suit = suitOf(card);
  if (out.some((c) => suitOf(c) === suit && trickStrength(c, view.trump) > trickStrength(card, view.trump))) return false;
  if (suit === view.trump) return true;
  const trumpsOut = out.some((c) => suitOf(c) === view.trump);
  return !trumpsOut || view.players.every((s) => s === me || m.voids[s]?.has(view.trump));
}

/** What playing a card spends of my hand's power to take tricks later (its points aside). */
function power(card: Card, trump: Suit, boss: boolean): number {
  const strength = trickStrength(card, trump);
  if (suitOf(card) === trump) return 2 + 1.3 * strength;
  return boss ? 3 + 0.5 * strength : 0.4 * strength;
}

/** Two players, stock gone: the rest of the hand by exact search (my points less his). */
function endgame(mine: Card[], theirs: Card[], trick: Play[], me: Seat, them: Seat, trump: Suit): Map<Card, number> {
  const memo = new Map<string, number>();
  const lastBonus = (left: number) => (left === 0 ? LAST_TRICK_POINTS : 0);
  const solve = (a: Card[], b: Card[], leader: Seat): number => {
    if (a.length === 0) return 0;
    const key = `${a.join('')}|${b.join('')}|${leader}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const first = leader === me ? a : b;
    const second = leader === me ? b : a;
    let best = leader === me ? -Infinity : Infinity;
    for (const lead of first) {
      let reply = leader === me ? Infinity : -Infinity;
      for (const answer of legalPlays(second, suitOf(lead), trump, true)) {
        const winner = beats(answer, lead, suitOf(lead), trump) ? (leader === me ? them : me) : leader;
        const gain = (cardPoints(lead, trump) + cardPoints(answer, trump) + lastBonus(a.length - 1)) * (winner === me ? 1 : -1);
        const na = (leader === me ? first : second).filter((c) => c !== (leader === me ? lead : answer));
        const nb = (leader === me ? second : first).filter((c) => c !== (leader === me ? answer : lead));
        const value = gain + solve(na, nb, winner);
        reply = leader === me ? Math.min(reply, value) : Math.max(reply, value);
      }
      best = leader === me ? Math.max(best, reply) : Math.min(best, reply);
    }
    memo.set(key, best);
    return best;
  };
  const values = new Map<Card, number>();
  const led = trick[0];
  for (const card of legalPlays(mine, led ? suitOf(led.card) : null, trump, true)) {
    const rest = mine.filter((c) => c !== card);
    if (!led) {
      let reply = Infinity;
      for (const answer of legalPlays(theirs, suitOf(card), trump, true)) {
        const winner = beats(answer, card, suitOf(card), trump) ? them : me;
        const gain = (cardPoints(card, trump) + cardPoints(answer, trump) + lastBonus(rest.length)) * (winner === me ? 1 : -1);
        reply = Math.min(
          reply,
          gain +
            solve(
              rest,
              theirs.filter((c) => c !== answer),
              winner,
            ),
        );
      }
      values.set(card, reply);
    } else {
      const winner = beats(card, led.card, suitOf(led.card), trump) ? me : them;
      const gain = (cardPoints(card, trump) + cardPoints(led.card, trump) + lastBonus(rest.length)) * (winner === me ? 1 : -1);
      values.set(card, gain + solve(rest, theirs, winner));
    }
  }
  return values;
}

function playScore(view: HonderdenView, m: Memory, me: Seat, plays: Card[]): Map<Card, number> {
  const trump = view.trump;
  const hand = view.hand ?? [];
  const out = outstanding(view, m);
  const trick = view.trick.plays;
  const scores = new Map<Card, number>();
  // Two players, stock gone, every card counted: the opponent's hand is known exactly.
  const them = view.players.find((s) => s !== me);
  if (view.rules === 'two' && view.dutyToFollow && m.complete && them !== undefined && hand.length <= 8 && out.length === view.handSizes[them]) {
    return endgame(hand, out, trick, me, them, trump);
  }
  const led = trick[0]?.card;
  const lastToPlay = trick.length === view.players.length - 1;
  // What the others take counts against me: fully with one opponent, less with two (one of them).
  const against = view.players.length === 2 ? 1 : 0.6;
  const trumpsOut = out.filter((c) => suitOf(c) === trump).length;
  const myTrumps = hand.filter((c) => suitOf(c) === trump).length;
  for (const card of plays) {
    const own = cardPoints(card, trump);
    const boss = isBoss(card, view, m, out, me);
    const spent = power(card, trump, boss);
    if (!led) {
      // Leading: a boss card once suit must be followed (its points made safe), else a cheap card.
      let score = view.dutyToFollow && boss ? 4 + (suitOf(card) === trump ? 0 : 0.6 * own) - 0.3 * spent : -against * own - 0.3 * spent;
      if (!view.dutyToFollow && suitOf(card) === trump) score -= 4;
      // Holding more trumps than are out: drawing theirs makes my other high cards safe.
      if (view.dutyToFollow && suitOf(card) === trump && trumpsOut > 0 && myTrumps > trumpsOut) score += 5;
      scores.set(card, score);
      continue;
    }
    const cards = [...trick.map((p) => p.card), card];
    const others = sumPoints(
      trick.map((p) => p.card),
      trump,
    );
    if (trickWinnerIndex(cards, trump) === cards.length - 1) {
      // Sure to keep it when I play last, or when no outstanding card can still beat it. A boss
      // card's own points are mine whenever I play it; another's are made safe by winning now.
      const sure = lastToPlay || !out.some((c) => beats(c, card, suitOf(led), trump));
      const chance = sure ? 1 : 0.55;
      const safe = boss ? 0 : 0.7 * own;
      scores.set(card, chance * (others + safe) - (1 - chance) * against * (others + own) - spent);
    } else scores.set(card, -against * own - 0.3 * spent);
  }
  return scores;
}

function choose(view: HonderdenView, legal: readonly HonderdenAction[], rng: RngState, m: Memory, me: Seat): HonderdenAction {
  if (legal.length === 1) return legal[0] as HonderdenAction;
  const total = myTotal(view, m, me);
  const find = <T extends HonderdenAction['type']>(type: T) => legal.filter((a): a is Extract<HonderdenAction, { type: T }> => a.type === type);
  const swap = find('swap')[0];
  if (swap) return swap;
  const roem = [...find('declare'), ...find('reject')];
  if (roem.length > 0) return bestBy(roem, (a) => categoryPoints(a.roem), rng);
  const stuk = find('stuk')[0];
  if (stuk) return stuk;
  const claim = find('claim')[0];
  if (claim && total !== null && total >= HUNDRED) return claim;
  const done = find('done')[0];
  if (done) return done;
  const takes = [...find('take'), ...find('takeHidden')];
  if (takes.length > 0) return find('take').find((a) => a.card === view.lastChoice?.open) ?? (takes[0] as HonderdenAction);
  const plays = find('play');
  if (plays.length === 0) return bestBy(legal, () => 0, rng);
  const scores = playScore(
    view,
    m,
    me,
    plays.map((p) => p.card),
  );
  return bestBy(plays, (p) => scores.get(p.card) ?? -Infinity, rng, 1e-6);
}

/** Honderden's sparring partner B: reads only its seat's view, and remembers what it has seen this hand. */
export const honderdenSparringB: SparringPlayer<HonderdenView, HonderdenAction> = (seat) => {
  let memory: Memory | null = null;
  return {
    observe: (view) => {
      memory = remember(memory ?? freshMemory(view), view);
    },
    // Choosing never changes the memory: only what it sees does.
    choose: (view, legal, rng) =>
      choose(view, legal, rng, memory && memory.hand === view.handNumber ? memory : { ...freshMemory(view), complete: false }, seat),
  };
};
