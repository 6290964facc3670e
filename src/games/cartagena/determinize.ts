import { seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { CARDS_PER_SYMBOL, SYMBOLS, type CartagenaState, type CartagenaSymbol } from './state.js';

/*
 * For bot players: a complete state that `seat` cannot tell from the real one, drawn at random
 * from `seed`. What a seat does not know, and how it is drawn again:
 * - Jamaica: which cards the other players hold (how many is public);
 * - both versions: the order of the face-down deck;
 * - the generator of every later draw and reshuffle: a new one from `seed`.
 * The unseen cards are the full deck minus every card the seat sees (its hand, Tortuga's open
 * hands and row, and the discards, which were all played or laid down face up). They come in
 * one canonical order, are shuffled, dealt into the other players' hands at their sizes, and
 * what is left becomes the deck. The real hidden places are never read, so two states the seat
 * cannot tell apart give the same result. The seat could sometimes deduce a little more from the
 * history (the deck right after a reshuffle holds exactly the old discards); that is left out.
 */
export function determinize(s: CartagenaState, seat: Seat, seed: string): CartagenaState {
  const rng = seedRng(seed);
  const open = s.version === 'tortuga';
  const hidden = (holder: Seat) => !open && holder !== seat;
  const unseen = shuffleInPlace(rng, unseenCards(s, hidden));
  const places = s.drawPile.length + s.hands.reduce((sum, hand, holder) => sum + (hidden(holder) ? hand.length : 0), 0);
  if (unseen.length !== places) throw new Error(`${unseen.length} unseen Cartagena cards for ${places} hidden places`);
  let dealt = 0;
  const deal = (count: number) => {
    const cards = unseen.slice(dealt, dealt + count);
    dealt += count;
    return cards;
  };
  const hands = s.hands.map((hand, holder) => (hidden(holder) ? deal(hand.length) : [...hand]));
  return {
    ...s,
    rng,
    pirates: s.pirates.map((own) => [...own]),
    hands,
    drawPile: deal(s.drawPile.length),
    discardPile: [...s.discardPile],
    row: [...s.row],
    resigned: [...s.resigned],
    // The latest events stay as the seat saw them: cards another player drew in secret are not kept.
    events: s.events.map((e) => (e.type === 'back' && hidden(e.seat) ? { ...e, drew: [] } : { ...e })),
  };
}

/** The cards the seat sees nowhere, in the symbols' order. */
function unseenCards(s: CartagenaState, hidden: (holder: Seat) => boolean): CartagenaSymbol[] {
  const left = new Map<CartagenaSymbol, number>(SYMBOLS.map((symbol) => [symbol, CARDS_PER_SYMBOL]));
  const see = (card: CartagenaSymbol) => left.set(card, (left.get(card) as number) - 1);
  s.hands.forEach((hand, holder) => {
    if (!hidden(holder)) hand.forEach(see);
  });
  s.discardPile.forEach(see);
  s.row.forEach(see);
  return SYMBOLS.flatMap((symbol) => Array<CartagenaSymbol>(Math.max(0, left.get(symbol) as number)).fill(symbol));
}
