import { seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { dutchmanDeck, seaDeck, type DutchmanCard, type Hand, type SeaCard } from './cards.js';
import { isActive, playerOf, type FreibeuterEvent, type FreibeuterState, type PlayerState } from './state.js';

/*
 * For bot players: a complete state that `seat` cannot tell from the real one, drawn at random
 * from `seed`. What a seat does not know, and how it is drawn again:
 * - the cards in the other players' hands and in the hands set aside by players who left: how
 *   many sea cards and how many Dutchman cards each holds is public (everyone starts with four
 *   and one, and every card played and every pile drawn from is announced), which cards is not;
 * - the order of the sea pile and of the Dutchman pile.
 * The cards the seat sees nowhere (all cards but its own hand and the played ones) are put in one
 * canonical order, shuffled, and dealt again into those places, keeping each place's size of each
 * kind. They are taken from what the seat sees, never from the real hidden places, so that two
 * states the seat cannot tell apart give the same result. Everything else, the generator aside
 * (a new one from `seed`, for every later draw), stays as it is.
 */
export function determinize(s: FreibeuterState, seat: Seat, seed: string): FreibeuterState {
  const rng = seedRng(seed);
  // A seat that left sees no hand of its own (see `view`).
  const own = isActive(s, seat) ? playerOf(s, seat).hand : null;
  const sea = shuffleInPlace(rng, unseen(seaDeck(), own?.sea ?? [], s.seaDiscard));
  const dutchman = shuffleInPlace(rng, unseen(dutchmanDeck(), own?.dutchman ?? [], s.dutchmanDiscard));
  const dealHand = (like: Hand): Hand => ({ sea: sea.splice(0, like.sea.length), dutchman: dutchman.splice(0, like.dutchman.length) });
  const players = s.players.map((p, k): PlayerState => (k === seat && own !== null ? p : { ...p, hand: dealHand(p.hand) }));
  const setAside = dealHand(s.setAside);
  if (sea.length !== s.seaPile.length || dutchman.length !== s.dutchmanPile.length) {
    throw new Error(`Freibeuter: ${sea.length}/${dutchman.length} unseen cards left for piles of ${s.seaPile.length}/${s.dutchmanPile.length}`);
  }
  return {
    ...s,
    rng,
    players,
    setAside,
    seaPile: sea,
    dutchmanPile: dutchman,
    events: s.events.map((e) => (e.type === 'drew' && e.seat !== seat ? redrawn(e, players[e.seat] as PlayerState) : e)),
  };
}

/**
 * The cards of the deck (in its canonical order) that are in none of the given lists: the deck's
 * order, not the real places', is what the shuffle starts from.
 */
function unseen<C extends SeaCard | DutchmanCard>(deck: C[], ...seen: (readonly C[])[]): C[] {
  const left = new Map<C, number>();
  for (const card of deck) left.set(card, (left.get(card) ?? 0) + 1);
  for (const cards of seen) for (const card of cards) left.set(card, (left.get(card) ?? 0) - 1);
  return deck.filter((card) => {
    const n = left.get(card) as number;
    left.set(card, n - 1);
    return n > 0;
  });
}

/** Another player's draw in the latest action: the card he drew is the last of that kind in his dealt hand. */
function redrawn(e: Extract<FreibeuterEvent, { type: 'drew' }>, drawer: PlayerState): FreibeuterEvent {
  const cards: readonly (SeaCard | DutchmanCard)[] = e.pile === 'sea' ? drawer.hand.sea : drawer.hand.dutchman;
  return { ...e, card: cards[cards.length - 1] ?? null };
}
