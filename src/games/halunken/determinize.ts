import { randomInt, seedRng, shuffleInPlace, type RngState, type Seat } from '../../engine/index.js';
import { SAILOR_CARDS, cardOrder, compareMovementCards, type MovementCard, type SailorCard } from './cards.js';
import { nextStateOf, type HalunkenState } from './state.js';

/*
 * For bot players: a complete state that `seat` cannot tell from the real one, drawn at random
 * from `seed`. What a seat does not know, and how it is drawn again:
 * - the face-down sailor cards of the taverns (all of them while the captains are placed, then
 *   all but the tops): the sailor cards the seat sees nowhere (not in a crew, the harbour, the
 *   removed crews or on top of a tavern), shuffled and dealt into the same face-down places;
 * - the order of Black Jack's face-down movement cards (which cards they are is public);
 * - the movement cards the other players chose this round, not yet revealed (that they chose is
 *   public): each becomes one of that player's unused cards; the two-player hirer's secret card
 *   for Black Jack becomes one of Black Jack's;
 * - the generator of every later draw: a new one from `seed`.
 * Everything else is public (or the seat's own) and stays as it is. The unknown cards are taken
 * from what the seat sees, never from the real hidden places, so that two states the seat cannot
 * tell apart give the same result.
 */
export function determinize(s: HalunkenState, seat: Seat, seed: string): HalunkenState {
  const rng = seedRng(seed);
  const next = nextStateOf(s);
  // The latest action's events are public: they stay, as the seat's view shows them.
  next.events = s.events.slice();
  next.taverns = dealUnseenCards(s, rng);
  const blackJackCards = [...s.blackJackDeck].sort(compareMovementCards);
  next.blackJackDeck = shuffleInPlace(rng, blackJackCards.slice());
  next.choices = s.choices.map((choice, player) => {
    if (choice === null || player === seat) return choice;
    const unused = s.hands[player] ?? [];
    return unused[randomInt(rng, unused.length)] as MovementCard;
  });
  if (s.blackJackChoice !== null && s.hirer !== seat) {
    next.blackJackChoice = blackJackCards[randomInt(rng, blackJackCards.length)] as MovementCard;
  }
  next.rng = rng;
  return next;
}

/** The taverns with their face-down places dealt again from the cards seen nowhere else. */
function dealUnseenCards(s: HalunkenState, rng: RngState): SailorCard[][] {
  const faceDown = (tavern: readonly SailorCard[]) => (s.tavernsOpen ? Math.max(0, tavern.length - 1) : tavern.length);
  const seen: boolean[] = [];
  const see = (card: SailorCard) => {
    seen[cardOrder(card)] = true;
  };
  for (const crew of s.crews) crew.forEach(see);
  s.harbour.forEach(see);
  s.removed.forEach(see);
  for (const tavern of s.taverns) {
    const top = tavern[tavern.length - 1];
    if (top && faceDown(tavern) < tavern.length) see(top);
  }
  // SAILOR_CARDS is in a fixed order, so the unseen cards come in the same order whatever their real places.
  const unseen = shuffleInPlace(
    rng,
    SAILOR_CARDS.filter((card) => !seen[cardOrder(card)]).map((card) => ({ ...card })),
  );
  const places = s.taverns.reduce((sum, tavern) => sum + faceDown(tavern), 0);
  if (places !== unseen.length) throw new Error(`${unseen.length} unseen sailor cards for ${places} face-down places`);
  let dealt = 0;
  return s.taverns.map((tavern) => {
    const count = faceDown(tavern);
    const cards = unseen.slice(dealt, dealt + count);
    dealt += count;
    return count < tavern.length ? [...cards, tavern[tavern.length - 1] as SailorCard] : cards;
  });
}
