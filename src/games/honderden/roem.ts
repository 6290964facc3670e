import { SUITS, sequenceIndex, type Card, type Rank, type Suit, RANKS } from './cards.js';

/**
 * Roem: the combinations declared in the first trick of a hand, their points, their vague
 * categories (what a player says aloud) and the order used when one declaration rejects another.
 */

/** A combination a player actually holds (hidden until the roem is shown). */
export type Combo =
  /** Four cards of one rank: aces, kings, queens, jacks or tens. */
  | { kind: 'carre'; rank: Rank; cards: Card[] }
  /** Three or more cards in a row in one suit, in the order A K Q J 10 9 8 7 (also in trump). */
  | { kind: 'sequence'; suit: Suit; top: Rank; length: number; cards: Card[] };

/**
 * What a player says: "carré" for any carré, "3 on the queen" for a sequence of three whose highest
 * card is the queen. The suit of a sequence and the rank of a carré stay unsaid.
 */
export type RoemCategory = { kind: 'carre' } | { kind: 'sequence'; length: number; top: Rank };

/** The ranks of which a carré is roem (not nines, eights or sevens). */
export const CARRE_RANKS: readonly Rank[] = ['A', 'K', 'Q', 'J', 'T'];

export function comboPoints(combo: Combo): number {
  if (combo.kind === 'carre') return combo.rank === 'J' ? 200 : 100;
  return combo.length >= 5 ? 100 : combo.length === 4 ? 50 : 20;
}

export function totalPoints(combos: readonly Combo[]): number {
  let sum = 0;
  for (const combo of combos) sum += comboPoints(combo);
  return sum;
}

export function categoryOf(combo: Combo): RoemCategory {
  return combo.kind === 'carre' ? { kind: 'carre' } : { kind: 'sequence', length: combo.length, top: combo.top };
}

export function sameCategory(a: RoemCategory, b: RoemCategory): boolean {
  if (a.kind === 'carre' || b.kind === 'carre') return a.kind === b.kind;
  return a.length === b.length && a.top === b.top;
}

export function sameCombo(a: Combo, b: Combo): boolean {
  if (a.kind === 'carre' || b.kind === 'carre') return a.kind === b.kind && a.cards[0] === b.cards[0];
  return a.suit === b.suit && a.top === b.top && a.length === b.length;
}

/**
 * Every combination in these cards: each carré, and in each suit every longest run of three or
 * more (a suit can hold two separate runs; only one of them may be declared). A card may serve a
 * carré and a sequence at once.
 */
export function findCombos(cards: readonly Card[]): Combo[] {
  const combos: Combo[] = [];
  const has = new Set(cards);
  for (const rank of CARRE_RANKS) {
    if (SUITS.every((suit) => has.has(`${rank}${suit}`))) {
      combos.push({ kind: 'carre', rank, cards: SUITS.map((suit): Card => `${rank}${suit}`) });
    }
  }
  for (const suit of SUITS) {
    let run: Card[] = [];
    // From the ace down; a gap closes the run.
    for (let i = RANKS.length - 1; i >= -1; i--) {
      const card: Card | null = i >= 0 ? `${RANKS[i] as Rank}${suit}` : null;
      if (card !== null && has.has(card)) {
        run.push(card);
        continue;
      }
      if (run.length >= 3) {
        combos.push({ kind: 'sequence', suit, top: (run[0] as Card)[0] as Rank, length: run.length, cards: run });
      }
      run = [];
    }
  }
  return combos;
}

/** How a combination ranks when declarations are compared: more cards, then highest card, then trump. */
interface ComboKey {
  cards: number;
  top: number;
  /** A carré always holds the trump card of its rank, so it counts as trump (an engine decision). */
  trump: boolean;
}

function keyOf(combo: Combo, trump: Suit): ComboKey {
  return combo.kind === 'carre'
    ? { cards: 4, top: sequenceIndex(combo.rank), trump: true }
    : { cards: combo.length, top: sequenceIndex(combo.top), trump: combo.suit === trump };
}

/**
 * Positive when `a` (held by the player at position `aPos` in the trick's playing order) is
 * higher roem than `b`: more cards; then the highest card in sequence order; then the one in
 * trump; then the one whose player played earlier in the trick (the leader first).
 */
function compareKeys(a: ComboKey, aPos: number, b: ComboKey, bPos: number): number {
  return a.cards - b.cards || a.top - b.top || Number(a.trump) - Number(b.trump) || bPos - aPos;
}

export function compareCombos(a: Combo, aPos: number, b: Combo, bPos: number, trump: Suit): number {
  return compareKeys(keyOf(a, trump), aPos, keyOf(b, trump), bPos);
}

/** The highest of one player's combinations (there is at least one). */
export function bestCombo(combos: readonly Combo[], trump: Suit): Combo {
  let best = combos[0] as Combo;
  for (const combo of combos) if (compareCombos(combo, 0, best, 0, trump) > 0) best = combo;
  return best;
}

/** The combinations a vague category could stand for, as comparison keys. */
function instancesOf(category: RoemCategory): ComboKey[] {
  if (category.kind === 'carre') return CARRE_RANKS.map((rank) => ({ cards: 4, top: sequenceIndex(rank), trump: true }));
  const top = sequenceIndex(category.top);
  return [
    { cards: category.length, top, trump: true },
    { cards: category.length, top, trump: false },
  ];
}

/**
 * Whether `combo` could be higher than what a player announced as `category`: true when at least
 * one combination of that category would be lower. Only the vague category is known when a
 * rejection is made; the real comparison is made when the rejection is resolved.
 */
export function mayBeat(combo: Combo, pos: number, category: RoemCategory, categoryPos: number, trump: Suit): boolean {
  const key = keyOf(combo, trump);
  return instancesOf(category).some((instance) => compareKeys(key, pos, instance, categoryPos) > 0);
}
