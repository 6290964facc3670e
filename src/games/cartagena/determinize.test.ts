import { describe, expect, it } from 'vitest';
import { expectBotIgnoresHidden, expectFairDeterminization, stateAfter } from '../../ai/fairness-testing.js';
import { countCards, seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { cartagena, CARDS_PER_SYMBOL, SYMBOLS, type CartagenaState, type CartagenaSymbol } from './rules.js';
import { countAllCards } from './test-positions.js';

/**
 * A state `seat` cannot tell from `s`, made by hand: what the seat cannot see is dealt again.
 * - Jamaica: the other players' hands (only their sizes are public) and the face-down deck are
 *   shuffled together and dealt back at the same sizes; a secret draw in the latest events names
 *   the cards its drawer now holds last (the view hides them from everyone else).
 * - Tortuga: every hand and the row are open, so only the deck's order changes.
 * The seat's own hand, the row, the discards (all played face up) and the board stay put, and
 * the generator of later draws is a new one.
 */
function lookAlike(s: CartagenaState, seat: Seat, seed: string): CartagenaState {
  const rng = seedRng(seed);
  const hidden = (holder: Seat) => s.version === 'jamaica' && holder !== seat;
  const unseen = shuffleInPlace(rng, [...s.hands.filter((_, holder) => hidden(holder)).flat(), ...s.drawPile]);
  const hands = s.hands.map((hand, holder) => (hidden(holder) ? unseen.splice(0, hand.length) : [...hand]));
  const lastOf = (holder: Seat, count: number) => (hands[holder] as CartagenaSymbol[]).slice((hands[holder] as CartagenaSymbol[]).length - count);
  const events = s.events.map((e) => (e.type === 'back' && hidden(e.seat) ? { ...e, drew: lastOf(e.seat, e.drew.length) } : e));
  return { ...s, hands, drawPile: unseen, events, rng: seedRng(`elsewhere/${seed}`) };
}

// Random games last about 400 actions, so positions up to 450 steps in reach reshuffles and endings.
const cases = (['jamaica', 'tortuga'] as const).flatMap((version) => [2, 3, 5].map((seats) => ({ seats, options: { version }, maxSteps: 450, lookAlike })));
// Games opened under rules version 1 keep an empty Tortuga row empty; their bots must cope too.
const firstRules = { ...cartagena, setup: (args: Parameters<typeof cartagena.setup>[0]) => cartagena.setup({ ...args, rulesVersion: 1 }) };

const determinize = (s: CartagenaState, seat: number, seed: string) => cartagena.determinize?.(s, seat, seed) as CartagenaState;
const sorted = (cards: readonly string[]) => [...cards].sort();

describe('Cartagena for bot players', () => {
  it('a Jamaica determinization keeps the seat’s hand and the board, and deals the others’ hands and the deck anew', () => {
    const state = stateAfter(cartagena, { seats: 3, options: { version: 'jamaica' } }, 'mid', 60) as CartagenaState;
    const seat = state.current;
    const drawn = determinize(state, seat, 'x');
    expect(drawn.hands[seat]).toEqual(state.hands[seat]);
    for (const key of ['tunnel', 'pirates', 'discardPile', 'row', 'current', 'actionsThisTurn', 'turn', 'resigned', 'rules'] as const) {
      expect(drawn[key], key).toEqual(state[key]);
    }
    expect(drawn.hands.map((hand) => hand.length)).toEqual(state.hands.map((hand) => hand.length));
    expect(drawn.drawPile).toHaveLength(state.drawPile.length);
    const others = (s: CartagenaState) => s.hands.filter((_, holder) => holder !== seat);
    expect([...others(drawn), drawn.drawPile]).not.toEqual([...others(state), state.drawPile]);
    // The unseen cards are the same cards, only placed differently.
    expect(sorted([...others(drawn).flat(), ...drawn.drawPile])).toEqual(sorted([...others(state).flat(), ...state.drawPile]));
    expect(drawn.rng).not.toEqual(state.rng);
    expect(determinize(state, seat, 'y')).not.toEqual(drawn);
  });

  it('a Tortuga determinization keeps every open card and shuffles only the deck', () => {
    const state = stateAfter(cartagena, { seats: 2, options: { version: 'tortuga' } }, 'mid', 40) as CartagenaState;
    const drawn = determinize(state, state.current, 'x');
    expect(drawn.hands).toEqual(state.hands);
    expect(drawn.row).toEqual(state.row);
    expect(drawn.drawPile).not.toEqual(state.drawPile);
    expect(sorted(drawn.drawPile)).toEqual(sorted(state.drawPile));
  });

  it('keeps all 102 cards, 17 of each symbol, in every version and position', () => {
    for (const c of [...cases, { seats: 4, options: { version: 'jamaica' }, maxSteps: 450 }]) {
      for (const steps of [0, 7, 90, 250, 450]) {
        const state = stateAfter(cartagena, c, `count-${steps}`, steps) as CartagenaState;
        for (let seat = 0; seat < state.seats; seat++) {
          const drawn = determinize(state, seat, `d-${seat}`);
          expect(countAllCards(drawn)).toBe(SYMBOLS.length * CARDS_PER_SYMBOL);
          const counts = countCards([...drawn.hands.flat(), ...drawn.drawPile, ...drawn.discardPile, ...drawn.row]);
          for (const symbol of SYMBOLS) expect(counts[symbol]).toBe(CARDS_PER_SYMBOL);
        }
      }
    }
  });

  it('does not carry the cards another Jamaica player drew in secret', () => {
    for (let steps = 1; steps < 200; steps++) {
      const state = stateAfter(cartagena, { seats: 2, options: { version: 'jamaica' } }, 'secret', steps) as CartagenaState;
      const back = state.events.find((e) => e.type === 'back' && e.drew.length > 0);
      if (!back || back.type !== 'back' || cartagena.isOver(state)) continue;
      const other = 1 - back.seat;
      const drawn = determinize(state, other, 'x');
      expect(drawn.events).toContainEqual({ ...back, drew: [] });
      expect(determinize(state, back.seat, 'x').events).toContainEqual(back);
      return;
    }
    throw new Error('no move back with a draw in these random games');
  });

  for (const c of cases) {
    describe(`${c.options.version}, ${c.seats} players`, () => {
      it('determinizes from what the seat knows only', () => {
        expectFairDeterminization(cartagena, c, 40);
      });

      it('the bot chooses a legal action, the same whatever the hidden cards', () => {
        expectBotIgnoresHidden(cartagena, c, 3);
      });
    });
  }

  it('so does the expert bot (Jamaica and Tortuga, 3 players)', () => {
    for (const c of cases.filter((each) => each.seats === 3)) expectBotIgnoresHidden(cartagena, c, 1, 'expert');
  });

  it('rules version 1: determinizes fairly and the bot ignores what is hidden', () => {
    const c = { seats: 3, options: { version: 'tortuga' }, maxSteps: 450, lookAlike };
    expectFairDeterminization(firstRules, c, 30);
    expectBotIgnoresHidden(firstRules, c, 2);
  });
});
