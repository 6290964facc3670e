import { randomInt, seedRng, shuffleInPlace, type RngState, type Seat } from '../../engine/index.js';
import { DECK_24, DECK_32, RANKS, SUITS, sortHand, suitOf, type Card, type Rank } from './cards.js';
import { CARRE_RANKS, bestCombo, categoryOf, compareCombos, findCombos, mayBeat, sameCategory, type RoemCategory } from './roem.js';
import { addableCombos, categories, roemCards } from './roem-trick.js';
import { dutyToFollow, playersFrom, tableOf, tricksPerHand, versionOf, type HonderdenEvent, type HonderdenState, type Play, type Statement } from './state.js';
import { roemUnderWraps, toldRoem } from './view.js';

/*
 * For bot players: a complete state that `seat` cannot tell from the real one, drawn at random
 * from `seed` (a fresh generator, which also deals every later hand).
 *
 * What the seat knows and keeps: its own hand; every card played (the trick, the won piles: all
 * tricks were played openly); the open trump card under the stock; the cards each player is
 * known to hold (`known`: the dealer's face-up card, the card taken by a swap, stuk, shown roem,
 * the cards of the last draw); the hidden card of the last draw in games of version 1 (shown
 * before the choice); every roem statement as far as it was told to the seat (view.ts).
 *
 * What it does not know and is drawn again: the other players' unknown cards, the order and
 * content of the stock (two players; in version 2 the last hidden card too), and, with three
 * players in version 2 while the first trick is under way, what the others declared or named
 * without telling it, and how rejections were judged.
 *
 * The unseen cards (the deck minus all of the above, in the deck's canonical order) are shuffled
 * and dealt into the unknown places, each keeping its size. Constraints kept:
 * - voids: a player who, with the duty to follow, played neither the led suit nor trump holds no
 *   card of the led suit (trump led: no trump). Only the current trick and the last one are in
 *   the state, so voids shown in earlier tricks cannot be known here and are not kept;
 * - roem not yet shown: a statement's speaker must hold (hand plus his card in the first trick)
 *   combinations that make exactly what was said: the combinations of the told categories are
 *   placed in his hand first (a sequence of exactly that length: the cards next to it are kept
 *   out), a rejection must have been allowed against what stood, and where the seat was told how a
 *   rejection was judged (and what stands), the drawn combinations must give the same judgement.
 *   Untold statements get a combination drawn at random, the categories said are chosen among
 *   what the drawn hand holds, and their judgements are worked out again. Each draw is checked by
 *   replaying the statements with the rules' own functions and drawn again until it fits;
 * - ignored (weak inferences about what a player chose not to do): that a player did not declare
 *   roem, stuk or a swap he could have made, or let a declaration stand.
 * Everything else stays as it is, the latest events too, except those that name a card or roem
 * hidden from the seat (another's draw, untold roem), which are rewritten to fit the drawn state.
 */
export function determinize(s: HonderdenState, seat: Seat, seed: string): HonderdenState {
  const rng = seedRng(seed);
  const knowledge = knowledgeOf(s, seat);
  let fallback: Draw | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const draw = drawOnce(s, seat, knowledge, rng);
    if (draw === null) continue;
    if (draw.fits) return finish(s, seat, rng, draw);
    fallback ??= draw;
  }
  // Practically never reached: every told category is placed in the drawn hands, so what may fail
  // is only a told judgement (a rejection that must prove higher or not). Rather than stop the bot,
  // accept a draw whose roem is as said but whose judgement may differ from the real one.
  if (fallback) return finish(s, seat, rng, fallback);
  throw new Error(`Honderden: no determinization found for seat ${seat}`);
}

const MAX_ATTEMPTS = 400;

/** What the seat knows, worked out once for all attempts. */
interface Knowledge {
  /** Unseen cards in the deck's canonical order. */
  pool: Card[];
  /** Per seat: the cards known to be in his hand (empty for the seat itself: its hand is kept). */
  fixed: Card[][];
  /** Per seat: unknown cards in his hand (0 for the seat itself). */
  unknown: number[];
  /** Hidden cards of the stock to draw. */
  stockUnknown: number;
  /** Version 1, last draw: the hidden card was shown (it stays where it is, at the bottom). */
  shownHidden: Card | null;
  /** Per seat: cards he cannot hold (voids). */
  forbidden: Set<Card>[];
  /** Statements whose roem is not shown and which are by other seats: forcing and replay needed. */
  replay: boolean;
  /** Per statement: how many categories to choose when untold to the seat (see `categoriesWanted`). */
  wanted: number[];
}

function knowledgeOf(s: HonderdenState, seat: Seat): Knowledge {
  const two = tableOf(s) === 'two';
  const deck = two ? DECK_32 : DECK_24;
  const seen = new Set<Card>(s.hands[seat] ?? []);
  for (const pile of s.won) for (const card of pile) seen.add(card);
  for (const p of s.trick.plays) seen.add(p.card);
  if (s.trumpCard !== null) seen.add(s.trumpCard);
  const shownHidden = s.phase === 'chooseLast' && versionOf(s) < 2 ? (s.stock[0] as Card) : null;
  if (shownHidden !== null) seen.add(shownHidden);
  // A known card is no longer in the hand once it shows elsewhere (the trump 7 given in a swap may
  // stay in `known`).
  const fixed = s.hands.map((_, p) =>
    p === seat
      ? []
      : sortHand(
          (s.known[p] ?? []).filter((c) => !seen.has(c)),
          s.trump,
        ),
  );
  for (const cards of fixed) for (const card of cards) seen.add(card);
  const pool = deck.filter((card) => !seen.has(card));
  const unknown = s.hands.map((hand, p) => (p === seat ? 0 : hand.length - (fixed[p] as Card[]).length));
  const stockUnknown = s.stock.length - (shownHidden !== null ? 1 : 0);
  const total = unknown.reduce((a, b) => a + b, 0) + stockUnknown;
  if (total !== pool.length || unknown.some((n) => n < 0)) {
    throw new Error(`Honderden: ${pool.length} unseen cards for ${total} unknown places`);
  }
  const forbidden = s.hands.map(() => new Set<Card>());
  const forbidVoids = (plays: readonly Play[]) => {
    const led = plays[0] ? suitOf(plays[0].card) : null;
    for (const p of plays.slice(1)) {
      const suit = suitOf(p.card);
      if (suit === led || suit === s.trump || p.seat === seat) continue;
      for (const card of pool) if (suitOf(card) === led) forbidden[p.seat]?.add(card);
    }
  };
  if (dutyToFollow(s)) forbidVoids(s.trick.plays);
  // The last trick was played with the duty too: always with three players; with two once the
  // stock was gone before it (its last draw follows the 7th of 16 tricks).
  const lastWithDuty = !two || (dutyToFollow(s) && s.tricksPlayed > tricksPerHand(s) - 9);
  if (s.lastTrick && lastWithDuty) forbidVoids(s.lastTrick.plays);
  const replay = !s.roemShown && s.statements.some((st) => st.seat !== seat);
  return { pool, fixed, unknown, stockUnknown, shownHidden, forbidden, replay, wanted: s.statements.map((st) => categoriesWanted(s, st, seat)) };
}

/**
 * How many categories to say for a statement untold to the seat: one, unless the latest action was
 * a further combination added to it (the seat's view then drops the event, which a first
 * declaration would show): two. How many there are is otherwise not told.
 */
function categoriesWanted(s: HonderdenState, st: Statement, seat: Seat): number {
  if (toldRoem(s, st.seat, seat)) return st.categories.length;
  const addition = s.events.some((e) => e.type === 'declared' && e.seat === st.seat) && (st.kind === 'reject' || st.categories.length > 1);
  return addition ? 2 : 1;
}

interface Draw {
  hands: Card[][];
  stock: Card[];
  /** Per seat: the cards dealt to him in this draw (not known ones), last = his latest draw. */
  dealt: Card[][];
  statements: Statement[];
  standing: number | null;
  /** Whether every told judgement came out the same. */
  fits: boolean;
}

/** One random deal of the unseen cards; null when a told roem could not be placed or replayed. */
function drawOnce(s: HonderdenState, seat: Seat, k: Knowledge, rng: RngState): Draw | null {
  const capacity = [...k.unknown];
  const forbidden = k.forbidden.map((f) => new Set(f));
  const free = new Set(k.pool);
  const forced: Card[][] = s.hands.map(() => []);
  if (k.replay) {
    for (const [i, st] of s.statements.entries()) {
      if (st.seat === seat) continue;
      const p = st.seat;
      const told = toldRoem(s, p, seat);
      const wanted: (RoemCategory | null)[] = told ? st.categories : Array.from({ length: k.wanted[i] as number }, () => null);
      for (const category of wanted) {
        const holds = (card: Card) => (k.fixed[p] as Card[]).includes(card) || (forced[p] as Card[]).includes(card) || firstTrickCard(s, p) === card;
        const options = instancesOf(category, tableOf(s) === 'two').filter(
          (inst) => inst.cards.every((c) => holds(c) || (free.has(c) && !(forbidden[p] as Set<Card>).has(c))) && !inst.exclude.some((c) => holds(c)),
        );
        if (options.length === 0) return null;
        const inst = options[randomInt(rng, options.length)] as Instance;
        for (const card of inst.cards) {
          if (holds(card)) continue;
          free.delete(card);
          (forced[p] as Card[]).push(card);
          capacity[p] = (capacity[p] as number) - 1;
        }
        for (const card of inst.exclude) (forbidden[p] as Set<Card>).add(card);
        if ((capacity[p] as number) < 0) return null;
      }
    }
  }
  // The rest: the most constrained cards first, each to a place drawn by its room left (uniform
  // when nothing is constrained).
  const cards = shuffleInPlace(
    rng,
    k.pool.filter((c) => free.has(c)),
  );
  const constrained = (c: Card) => forbidden.some((f) => f.has(c));
  const order = [...cards.filter(constrained), ...cards.filter((c) => !constrained(c))];
  const dealt: Card[][] = s.hands.map(() => []);
  const stock: Card[] = [];
  let stockRoom = k.stockUnknown;
  for (const card of order) {
    let room = stockRoom;
    for (const [p, n] of capacity.entries()) if (!(forbidden[p] as Set<Card>).has(card)) room += n;
    if (room === 0) return null;
    let r = randomInt(rng, room);
    if (r < stockRoom) {
      stock.push(card);
      stockRoom--;
      continue;
    }
    r -= stockRoom;
    for (const [p, n] of capacity.entries()) {
      if ((forbidden[p] as Set<Card>).has(card)) continue;
      if (r < n) {
        (dealt[p] as Card[]).push(card);
        capacity[p] = n - 1;
        break;
      }
      r -= n;
    }
  }
  if (k.shownHidden !== null) stock.unshift(k.shownHidden);
  const hands = s.hands.map((hand, p) => (p === seat ? hand : [...(k.fixed[p] as Card[]), ...(forced[p] as Card[]), ...(dealt[p] as Card[])]));
  if (!k.replay) return { hands, stock, dealt, statements: s.statements, standing: s.standing, fits: true };
  const replayed = replayRoem(s, { ...s, hands }, seat, k, rng);
  if (!replayed) return null;
  return { hands, stock, dealt, ...replayed };
}

/** The card a seat played to the first trick, if he has (it belongs to his roem). */
function firstTrickCard(s: HonderdenState, p: Seat): Card | undefined {
  const trick = s.tricksPlayed === 0 ? s.trick : s.lastTrick;
  return trick?.plays.find((x) => x.seat === p)?.card;
}

/** Cards that make a combination of a category, and the cards that must be absent for its length. */
interface Instance {
  cards: Card[];
  exclude: Card[];
}

/** The combinations a told category may be (null: any roem, of three cards or a carré). */
function instancesOf(category: RoemCategory | null, fullDeck: boolean): Instance[] {
  const lowest = fullDeck ? 0 : RANKS.indexOf('9');
  const out: Instance[] = [];
  if (category === null || category.kind === 'carre') {
    for (const rank of CARRE_RANKS) out.push({ cards: SUITS.map((suit): Card => `${rank}${suit}`), exclude: [] });
  }
  if (category !== null && category.kind === 'carre') return out;
  const lengths = category === null ? [3] : [category.length];
  const tops = category === null ? RANKS.slice(lowest + 2) : [category.top];
  for (const length of lengths) {
    for (const top of tops) {
      const t = RANKS.indexOf(top);
      const bottom = t - length + 1;
      if (bottom < lowest) continue;
      for (const suit of SUITS) {
        const cards = RANKS.slice(bottom, t + 1).map((r): Card => `${r}${suit}`);
        const exclude: Card[] = [];
        if (category !== null) {
          if (t + 1 < RANKS.length) exclude.push(`${RANKS[t + 1] as Rank}${suit}`);
          if (bottom - 1 >= lowest) exclude.push(`${RANKS[bottom - 1] as Rank}${suit}`);
        }
        out.push({ cards, exclude });
      }
    }
  }
  return out;
}

/**
 * The statements made again with the drawn hands, in the order they were made, as the rules make
 * them (roem-trick.ts): told categories as said, untold ones chosen at random among what the
 * speaker holds; rejections judged where they were. Null when the drawn hands cannot make what
 * the seat was told; `fits` false when a judgement the seat was told comes out differently.
 */
function replayRoem(
  s: HonderdenState,
  drawn: HonderdenState,
  seat: Seat,
  k: Knowledge,
  rng: RngState,
): { statements: Statement[]; standing: number | null; fits: boolean } | null {
  const order = playersFrom(s, s.handLeader);
  const pos = (p: Seat) => order.indexOf(p);
  // Three players (version 2): the third player's rejection is made without being told what stands.
  const blindRejecter = tableOf(s) === 'three' && versionOf(s) >= 2 ? order[2] : undefined;
  const out: Statement[] = [];
  let standing: number | null = null;
  for (const [i, st] of s.statements.entries()) {
    const told = toldRoem(s, st.seat, seat);
    const all = findCombos(roemCards(drawn, st.seat));
    let eligible = all;
    let of: Seat | null = null;
    if (st.kind === 'reject') {
      if (standing === null) return null;
      const target = out[standing] as Statement;
      of = target.seat;
      if (st.seat !== blindRejecter) {
        eligible = all.filter((combo) => target.categories.every((c) => mayBeat(combo, pos(st.seat), c, pos(target.seat), s.trump)));
      }
    } else if (standing !== null) {
      return null;
    }
    const statement: Statement = { seat: st.seat, kind: st.kind, of, categories: [], combos: [], status: st.kind === 'declare' ? 'standing' : 'pending' };
    const count = told ? st.categories.length : (k.wanted[i] as number);
    for (let n = 0; n < count; n++) {
      const available = n === 0 ? eligible : addableCombos(drawn, st.seat, statement);
      let category: RoemCategory;
      if (told) {
        category = st.categories[n] as RoemCategory;
      } else {
        const offered = categories(available);
        if (offered.length === 0) return null;
        category = offered[randomInt(rng, offered.length)] as RoemCategory;
      }
      const fitting = available.filter((c) => sameCategory(categoryOf(c), category));
      if (fitting.length === 0) return null;
      statement.categories = [...statement.categories, category];
      statement.combos = [...statement.combos, bestCombo(fitting, s.trump)];
    }
    out.push(statement);
    if (st.kind === 'declare') {
      standing = i;
    } else if (i !== s.openStatement) {
      const target = out[standing as number] as Statement;
      const higher = compareCombos(bestCombo(statement.combos, s.trump), pos(st.seat), bestCombo(target.combos, s.trump), pos(target.seat), s.trump) > 0;
      if (higher) {
        target.status = 'rejected';
        statement.status = 'standing';
        standing = i;
      } else {
        statement.status = 'failed';
      }
    }
  }
  // Judgements are told to all unless the first trick's roem of three players is under wraps.
  const fits = roemUnderWraps(s) || (standing === s.standing && out.every((st, i) => st.status === s.statements[i]?.status && st.of === s.statements[i]?.of));
  return { statements: out, standing, fits };
}

function finish(s: HonderdenState, seat: Seat, rng: RngState, draw: Draw): HonderdenState {
  return {
    ...s,
    rng,
    hands: draw.hands,
    stock: draw.stock,
    statements: draw.statements,
    standing: draw.standing,
    events: s.events.map((e) => redrawnEvent(s, seat, e, draw)),
  };
}

/** An event of the latest action as it fits the drawn state (only those hidden from the seat change). */
function redrawnEvent(s: HonderdenState, seat: Seat, e: HonderdenEvent, draw: Draw): HonderdenEvent {
  switch (e.type) {
    case 'drew':
      return e.seat === seat ? e : { ...e, card: (draw.dealt[e.seat] as Card[]).at(-1) ?? null };
    case 'declared': {
      if (toldRoem(s, e.seat, seat)) return e;
      return { ...e, roem: draw.statements.find((x) => x.seat === e.seat)?.categories.at(-1) ?? null };
    }
    case 'rejecting': {
      // Whose roem the third player's rejection is aimed at is told to nobody, himself included.
      const st = draw.statements.find((x) => x.seat === e.seat);
      if (!st) return e;
      return { ...e, of: st.of, roem: toldRoem(s, e.seat, seat) ? e.roem : (st.categories[0] ?? null) };
    }
    default:
      return e;
  }
}
