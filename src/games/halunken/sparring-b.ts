import { randomInt, type RngState, type Seat } from '../../engine/index.js';
import { bestBy, type SparringPlayer } from '../sparring-player.js';
import { SPACES, nextFreeSpace, spaceAhead } from './board.js';
import { RUM, RUM_NUMBERS, SAILOR_CARDS, sameCard, scoreCrew, type MovementCard, type SailorCard } from './cards.js';
import type { HalunkenAction } from './state.js';
import type { HalunkenView } from './view.js';

/*
 * Sparring partner B for Halunken & Spelunken, from the rules alone (see src/games/sparring-player.ts).
 *
 * Its idea is loot expectations: a sailor card is worth what it adds to a crew's final score (its
 * value, and its value again when its colour is or becomes the crew's most numerous), and a card
 * taken from someone is worth that plus what he loses. To choose its movement card it plays the
 * round out on its view for the cards the others may lay (what they still hold, the likelier the
 * better it looks for them judged the same way; Black Jack's from his): cancelled cards, the order
 * of moving, tavern cards taken (the open top, then an average unseen card), captains robbed and
 * displaced, Black Jack met and his move after the captains. The card with the best average loot,
 * mine against the others', is laid; a Rum is kept for when it counts. It
 * hires Black Jack when the captains he is likely to pass are worth more than the card it pays.
 */

const SAMPLES = 40;

/** What a card adds to a crew. */
function gain(crew: readonly SailorCard[], card: SailorCard): number {
  return scoreCrew([...crew, card]).score - scoreCrew(crew).score;
}

/** What a crew loses with this card. */
function loss(crew: readonly SailorCard[], card: SailorCard): number {
  const at = crew.findIndex((c) => sameCard(c, card));
  return scoreCrew(crew).score - scoreCrew(crew.filter((_, i) => i !== at)).score;
}

/** The others' gains against mine: their mean counts. */
function judge(deltas: number[], me: Seat, active: readonly boolean[]): number {
  const others = deltas.filter((_, s) => s !== me && active[s]);
  return (deltas[me] as number) - (others.length === 0 ? 0 : others.reduce((a, b) => a + b, 0) / others.length);
}

interface Table {
  view: HalunkenView;
  me: Seat;
  active: boolean[];
  /** What an unseen card adds to each crew, on average. */
  unseen: number[];
}

function tableOf(view: HalunkenView, me: Seat): Table {
  const seen = [...view.crews.flat(), ...view.harbour, ...view.removed, ...view.taverns.flatMap((t) => (t.top ? [t.top] : []))];
  const hidden = SAILOR_CARDS.filter((c) => !seen.some((s) => sameCard(s, c)));
  const unseen = view.crews.map((crew) => (hidden.length === 0 ? 0 : hidden.reduce((sum, c) => sum + gain(crew, c), 0) / hidden.length));
  return { view, me, active: view.resigned.map((r) => !r), unseen };
}

type Piece = Seat | 'bj';

/** One round played out on a copy of the table; returns each seat's gain in score. */
function playRound(t: Table, laid: Map<Piece, number | null>): number[] {
  const { view } = t;
  const crews = view.crews.map((c) => [...c]);
  const extra = new Array<number>(view.seats).fill(0);
  const taken = new Array<number>(SPACES).fill(0);
  const harbour = [...view.harbour];
  const pos = new Map<Piece, number>();
  view.captains.forEach((space, seat) => space !== null && t.active[seat] && pos.set(seat, space));
  if (view.blackJack !== null) pos.set('bj', view.blackJack);
  const takeTavern = (seat: Seat, space: number) => {
    const top = view.taverns[space];
    if (!top) return;
    const before = taken[space] as number;
    if (before === 0 && top.top) crews[seat]!.push(top.top);
    else if (before < top.hidden + (top.top ? 1 : 0)) extra[seat]! += t.unseen[seat] as number;
    taken[space] = before + 1;
  };
  const steal = (thief: Seat, victim: Seat) => {
    const crew = crews[victim] as SailorCard[];
    if (crew.length === 0 || (crews[thief] as SailorCard[]).length > crew.length) return;
    const card = bestCardFor(crews[thief] as SailorCard[], crew);
    crew.splice(
      crew.findIndex((c) => sameCard(c, card)),
      1,
    );
    crews[thief]!.push(card);
  };
  const pieceAt = (space: number, except: Piece): Piece | null => {
    for (const [piece, at] of pos) if (piece !== except && at === space) return piece;
    return null;
  };
  for (const [piece, steps] of laid) if (steps === null && piece !== 'bj') takeTavern(piece, pos.get(piece) as number);
  const moves = [...laid].filter(([, steps]) => steps !== null).sort((a, b) => (a[1] as number) - (b[1] as number));
  for (const [piece, steps] of moves) {
    const from = pos.get(piece);
    if (from === undefined) continue;
    const to = spaceAhead(from, steps as number);
    pos.set(piece, to);
    if (piece !== 'bj') takeTavern(piece, to);
    const other = pieceAt(to, piece);
    if (other === null) continue;
    if (piece === 'bj') {
      if (view.hirer !== null && other !== view.hirer) steal(view.hirer, other as Seat);
    } else if (other === 'bj') {
      const best = harbour.length === 0 ? null : bestCardFor(crews[piece] as SailorCard[], harbour);
      if (best) {
        crews[piece]!.push(best);
        harbour.splice(
          harbour.findIndex((c) => sameCard(c, best)),
          1,
        );
      }
    } else steal(piece, other);
    pos.set(
      other,
      nextFreeSpace(to, (space) => pieceAt(space, other) === null),
    );
  }
  if (!view.twoPlayer) blackJackTurn(t, pos, crews, extra);
  return view.crews.map((crew, seat) => scoreCrew(crews[seat] as SailorCard[]).score - scoreCrew(crew).score + (extra[seat] as number));
}

/**
 * Three or four players: Black Jack moves after the captains. What each captain may lose (and his
 * hirer win) as he passes, weighed by how likely his next card takes him that far.
 */
function blackJackTurn(t: Table, pos: Map<Piece, number>, crews: SailorCard[][], extra: number[]): void {
  const from = pos.get('bj');
  if (from === undefined) return;
  const hirer = t.view.hirer;
  for (const [piece, at] of pos) {
    if (piece === 'bj' || piece === hirer) continue;
    const crew = crews[piece] as SailorCard[];
    if (crew.length === 0) continue;
    const chance = passChance(t.view, (at - from + SPACES) % SPACES || SPACES);
    if (hirer === null) extra[piece]! -= chance * Math.min(...crew.map((c) => loss(crew, c)));
    else if (crew.length >= (crews[hirer] as SailorCard[]).length) {
      const card = bestCardFor(crews[hirer] as SailorCard[], crew);
      extra[piece]! -= chance * loss(crew, card);
      extra[hirer]! += chance * gain(crews[hirer] as SailorCard[], card);
    }
  }
}

/** The card of `from` worth most to `crew`. */
function bestCardFor(crew: readonly SailorCard[], from: readonly SailorCard[]): SailorCard {
  return from.reduce((best, c) => (gain(crew, c) > gain(crew, best) ? c : best), from[0] as SailorCard);
}

/** Rum stands for the best number for its player: here, the one that lands him best. */
function stepsOf(card: MovementCard, cancelled: boolean, t: Table, piece: Piece, taken: Set<number>): number | null {
  if (cancelled) return null;
  if (card !== RUM) return card;
  const free = RUM_NUMBERS.filter((n) => !taken.has(n));
  if (piece === 'bj' || free.length === 0) return free[0] ?? 1;
  const at = t.view.captains[piece];
  const topAt = (n: number) => (at === null || at === undefined ? 0 : (t.view.taverns[spaceAhead(at, n)]?.top?.value ?? 0));
  return free.reduce((best, n) => (topAt(n) > topAt(best) ? n : best), free[0] as number);
}

/** The round played with these cards laid (each piece's card; Black Jack's in the two-player game). */
function roundWith(t: Table, cards: Map<Piece, MovementCard>): number[] {
  const laid = new Map<Piece, number | null>();
  const counts = new Map<MovementCard, number>();
  for (const card of cards.values()) counts.set(card, (counts.get(card) ?? 0) + 1);
  const taken = new Set([...cards.values()].filter((c): c is number => c !== RUM));
  for (const [piece, card] of cards) laid.set(piece, stepsOf(card, (counts.get(card) ?? 0) > 1, t, piece, taken));
  return playRound(t, laid);
}

/** For each piece, the cards it may lay and how likely each is. */
type Chances = Map<Piece, [MovementCard, number][]>;

/** The pieces that lay a card this round, each card equally likely unless `fixed` or `chances` say otherwise. */
function chancesOf(t: Table, fixed: ReadonlyMap<Piece, MovementCard>, chances?: Chances): Chances {
  const out: Chances = new Map();
  const uniform = (cards: readonly MovementCard[]): [MovementCard, number][] => cards.map((c) => [c, 1 / cards.length]);
  t.view.hands.forEach((hand, seat) => {
    if (!t.active[seat] || t.view.captains[seat] === null || hand.length === 0) return;
    const given = fixed.get(seat);
    out.set(seat, given !== undefined ? [[given, 1]] : (chances?.get(seat) ?? uniform(hand)));
  });
  if (t.view.twoPlayer && t.view.blackJackCards.length > 0) {
    const given = fixed.get('bj');
    out.set('bj', given !== undefined ? [[given, 1]] : uniform(t.view.blackJackCards));
  }
  return out;
}

/**
 * The average of `seat`'s judgement over the cards the pieces may lay: every combination, each
 * with its chance, when there are few; else `SAMPLES` combinations drawn with `rng`.
 */
function average(t: Table, rng: RngState, chances: Chances, seat: Seat): number {
  const pieces = [...chances];
  const combinations = pieces.reduce((n, [, cards]) => n * cards.length, 1);
  if (combinations <= 2 * SAMPLES) {
    let all: [Map<Piece, MovementCard>, number][] = [[new Map<Piece, MovementCard>(), 1]];
    for (const [piece, cards] of pieces)
      all = all.flatMap(([m, p]) => cards.map(([card, q]): [Map<Piece, MovementCard>, number] => [new Map(m).set(piece, card), p * q]));
    let sum = 0;
    let weight = 0;
    for (const [cards, p] of all) {
      if (p === 0) continue;
      sum += p * judge(roundWith(t, cards), seat, t.active);
      weight += p;
    }
    return weight === 0 ? 0 : sum / weight;
  }
  let sum = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const cards = new Map<Piece, MovementCard>();
    for (const [piece, options] of pieces) {
      let x = randomInt(rng, 1_000_000) / 1_000_000;
      let card = (options[options.length - 1] as [MovementCard, number])[0];
      for (const [c, q] of options)
        if ((x -= q) < 0) {
          card = c;
          break;
        }
      cards.set(piece, card);
    }
    sum += judge(roundWith(t, cards), seat, t.active);
  }
  return sum / SAMPLES;
}

/**
 * How likely each other player lays each of his cards: he is taken to judge his cards as I judge
 * mine (the others' cards unknown to him), and to favour the better ones.
 */
function othersChoices(t: Table, rng: RngState): Chances {
  const chances: Chances = new Map();
  t.view.hands.forEach((hand, seat) => {
    if (seat === t.me || !t.active[seat] || t.view.captains[seat] === null || hand.length === 0) return;
    const values = hand.map((card) => average(t, rng, chancesOf(t, new Map([[seat, card]])), seat));
    const best = Math.max(...values);
    const weights = values.map((v) => Math.exp((v - best) / 3));
    const total = weights.reduce((a, b) => a + b, 0);
    chances.set(
      seat,
      hand.map((card, i) => [card, (weights[i] as number) / total]),
    );
  });
  return chances;
}

function expected(t: Table, rng: RngState, others: Chances, mine: MovementCard, bj: MovementCard | null): number {
  const fixed = new Map<Piece, MovementCard>([[t.me, mine]]);
  if (bj !== null) fixed.set('bj', bj);
  return average(t, rng, chancesOf(t, fixed, others), t.me);
}

/** How likely Black Jack, at `from`, passes a captain `distance` spaces ahead with one of his cards. */
function passChance(view: HalunkenView, distance: number): number {
  const deck = view.blackJackCards.filter((c): c is number => c !== RUM);
  const cards = deck.length > 0 ? deck : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  return cards.filter((c) => c >= distance).length / cards.length;
}

/** What hiring Black Jack this round is worth to me. */
function hireWorth(t: Table): number {
  const { view, me } = t;
  const mine = view.crews[me] as SailorCard[];
  if (view.twoPlayer) {
    const them = view.crews.findIndex((_, s) => s !== me && t.active[s]);
    const theirs = view.crews[them] ?? [];
    if (theirs.length === 0 || theirs.length < mine.length) return 1;
    const card = bestCardFor(mine, theirs);
    return 1 + 0.35 * (gain(mine, card) + loss(theirs, card));
  }
  const bj = view.blackJack;
  if (bj === null) return 0;
  let value = 0;
  view.captains.forEach((space, seat) => {
    if (space === null || !t.active[seat]) return;
    const chance = passChance(view, (space - bj + SPACES) % SPACES || SPACES);
    const crew = view.crews[seat] as SailorCard[];
    if (seat === me) {
      // Not hired by me, he takes one of my cards: the one I choose for the harbour, or the one
      // another hirer chooses for himself. Hired by me he never does.
      const losses = crew.map((c) => loss(crew, c));
      if (crew.length > 0) value += chance * 0.5 * (Math.min(...losses) + Math.max(...losses));
    } else if (crew.length > 0 && crew.length >= mine.length) {
      const card = bestCardFor(mine, crew);
      value += chance * (gain(mine, card) + loss(crew, card) / Math.max(1, view.seats - 1));
    }
  });
  return value;
}

function choose(view: HalunkenView, legal: readonly HalunkenAction[], rng: RngState, me: Seat): HalunkenAction {
  if (legal.length === 1) return legal[0] as HalunkenAction;
  const t = tableOf(view, me);
  const mine = view.crews[me] as SailorCard[];
  const others = view.seats - 1;
  const victimOf = (): Seat | null =>
    view.phase.name === 'decide' && 'victim' in view.phase.decision
      ? view.phase.decision.victim
      : view.phase.name === 'decide' && view.phase.decision.kind === 'harbour'
        ? view.phase.decision.hirer
        : null;
  const roundsLeft = view.rounds - view.round;
  // The same imagined rounds for every candidate card, so that they are compared fairly.
  const samples = [...rng] as RngState;
  randomInt(rng, 2);
  const theirChoices: Chances = view.phase.name === 'choose' ? othersChoices(t, [...samples] as RngState) : new Map<Piece, [MovementCard, number][]>();
  const score = (a: HalunkenAction): number => {
    switch (a.type) {
      case 'place': {
        // Far from the others: fewer captains land on mine and rob it.
        const gaps = view.captains
          .filter((c): c is number => c !== null)
          .map((c) => Math.min((a.space - c + SPACES) % SPACES, (c - a.space + SPACES) % SPACES));
        return gaps.length === 0 ? 0 : Math.min(...gaps);
      }
      case 'placeBlackJack':
        return view.captains.reduce<number>(
          (sum, c, seat) => (c === null ? sum : sum + (seat === me ? -others : 1) * passChance(view, (c - a.space + SPACES) % SPACES || SPACES)),
          0,
        );
      case 'pass':
        return 0;
      case 'bid':
        return hireWorth(t) - loss(mine, a.card);
      case 'choose':
        return expected(t, [...samples] as RngState, theirChoices, a.card, null) - (a.card === RUM ? (1.5 * roundsLeft) / view.rounds : 0);
      case 'chooseForBlackJack':
        return view.ownChoice === null ? 0 : expected(t, [...samples] as RngState, theirChoices, view.ownChoice, a.card);
      case 'rum': {
        const cards = new Map<Piece, number | null>();
        const rum = view.phase.name === 'rum' ? view.phase.piece : me;
        for (const l of view.laid) cards.set(l.piece === 'blackJack' ? 'bj' : l.piece, l.piece === rum ? a.number : l.steps);
        return judge(playRound(t, cards), me, t.active);
      }
      case 'steal': {
        const victim = victimOf();
        const crew = victim === null ? [] : (view.crews[victim] as SailorCard[]);
        return gain(mine, a.card) + loss(crew, a.card) / (view.twoPlayer ? 1 : others);
      }
      case 'skipSteal':
        return -0.5;
      case 'takeFromHarbour':
        return gain(mine, a.card);
      case 'give':
        return -loss(mine, a.card);
    }
  };
  return bestBy(legal, score, rng, 1e-6);
}

/** Halunken & Spelunken's sparring partner B: reads only its seat's view (never the others' secret cards). */
export const halunkenSparringB: SparringPlayer<HalunkenView, HalunkenAction> = (seat) => ({
  choose: (view, legal, rng) => choose(view, legal, rng, seat),
});
