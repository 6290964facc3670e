import { describe, expect, it } from 'vitest';
import { expectBotIgnoresHidden, expectFairDeterminization, stateAfter } from '../../ai/fairness-testing.js';
import { seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import type { Hand } from './cards.js';
import { dutchmanDeck, freibeuter, seaDeck, type FreibeuterState } from './rules.js';

const firstRules = { ...freibeuter, setup: (args: Parameters<typeof freibeuter.setup>[0]) => freibeuter.setup({ ...args, rulesVersion: 1 }) };

/**
 * Another state `seat` cannot tell from `s`, made by hand (without `determinize`): the sea cards
 * it cannot see (the other players' hands, the hands set aside by players who left, the sea pile)
 * are shuffled together and dealt back into the same places, each keeping its size; likewise the
 * Dutchman cards. The seat sees only how many cards each place holds, never which or in what
 * order; its own hand and the played (discarded) cards stay put. Another player's `drew` event
 * names the card he drew, shown to him only: it becomes the last card of that kind in his new hand,
 * where a draw puts it. The generator is replaced.
 */
function lookAlike(s: FreibeuterState, seat: Seat, seed: string): FreibeuterState {
  const rng = seedRng(seed);
  // A seat that left sees no hand, not even its own (see `view`).
  const hidden = (k: number) => k !== seat || s.players[k]!.resigned;
  const places: Hand[] = [...s.players.flatMap((p, k) => (hidden(k) ? [p.hand] : [])), s.setAside];
  const sea = shuffleInPlace(rng, [...places.flatMap((h) => h.sea), ...s.seaPile]);
  const dutchman = shuffleInPlace(rng, [...places.flatMap((h) => h.dutchman), ...s.dutchmanPile]);
  const deal = (like: Hand): Hand => ({ sea: sea.splice(0, like.sea.length), dutchman: dutchman.splice(0, like.dutchman.length) });
  const players = s.players.map((p, k) => (hidden(k) ? { ...p, hand: deal(p.hand) } : p));
  const setAside = deal(s.setAside);
  const events = s.events.map((e) => {
    if (e.type !== 'drew' || !hidden(e.seat)) return e;
    const hand = players[e.seat]!.hand;
    return { ...e, card: (e.pile === 'sea' ? hand.sea.at(-1) : hand.dutchman.at(-1)) ?? null };
  });
  // What is left fills the piles, whose sizes are unchanged.
  return { ...s, players, setAside, seaPile: sea, dutchmanPile: dutchman, events, rng: seedRng(`elsewhere/${seed}`) };
}

const gameOf = (seats: number) => ({ seats, options: {}, maxSteps: 160, lookAlike });
const positionAfter = (seats: number, seed: string, steps: number) => stateAfter(freibeuter, gameOf(seats), seed, steps) as FreibeuterState;
const determinize = (s: FreibeuterState, seat: Seat, seed: string) => freibeuter.determinize?.(s, seat, seed) as FreibeuterState;
const sorted = <T>(xs: readonly T[]) => [...xs].sort();

/** Every card somewhere: in a hand, a pile, a discard pile or set aside. */
function allCards(s: FreibeuterState) {
  const hands = s.players.map((p) => p.hand);
  return {
    sea: sorted([...hands.flatMap((h) => h.sea), ...s.seaPile, ...s.seaDiscard, ...s.setAside.sea]),
    dutchman: sorted([...hands.flatMap((h) => h.dutchman), ...s.dutchmanPile, ...s.dutchmanDiscard, ...s.setAside.dutchman]),
  };
}

describe('Freibeuter for bot players', () => {
  it("keeps the seat's own hand and the sea; deals the others new hands of the same kinds, and new piles", () => {
    const state = positionAfter(3, 'mid', 40);
    const seat = state.current;
    const drawn = determinize(state, seat, 'x');
    expect(drawn.players[seat]?.hand).toEqual(state.players[seat]?.hand);
    expect(drawn.sea).toEqual(state.sea);
    expect(drawn.tokens).toEqual(state.tokens);
    expect(drawn.boarded).toEqual(state.boarded);
    expect(drawn.seaDiscard).toEqual(state.seaDiscard);
    const others = state.players.flatMap((p, k) => (k === seat ? [] : [k]));
    for (const k of others) {
      expect(drawn.players[k]?.hand.sea).toHaveLength(state.players[k]?.hand.sea.length as number);
      expect(drawn.players[k]?.hand.dutchman).toHaveLength(state.players[k]?.hand.dutchman.length as number);
    }
    expect(others.map((k) => drawn.players[k]?.hand)).not.toEqual(others.map((k) => state.players[k]?.hand));
    expect(drawn.seaPile).not.toEqual(state.seaPile);
    expect(drawn.rng).not.toEqual(state.rng);
  });

  it('conserves every card and depends on what the seat sees only, with players who left and their hands set aside', () => {
    for (const seats of [2, 3, 4]) {
      for (let n = 0; n < 12; n++) {
        let state = positionAfter(seats, `cards-${n}`, 15 * n);
        if (n % 3 === 1 && !freibeuter.isOver(state)) state = freibeuter.resign(state, (state.current + 1) % seats);
        for (const seat of [...freibeuter.toAct(state), 0]) {
          const drawn = determinize(state, seat, `d${n}`);
          expect(allCards(drawn)).toEqual({ sea: sorted(seaDeck()), dutchman: sorted(dutchmanDeck()) });
          expect(allCards(drawn)).toEqual(allCards(state));
          expect(drawn.setAside.sea).toHaveLength(state.setAside.sea.length);
          expect(freibeuter.view(drawn, seat)).toEqual(freibeuter.view(state, seat));
          expect(determinize(drawn, seat, 'again')).toEqual(determinize(state, seat, 'again'));
        }
      }
    }
  });

  it('the card another player just drew is one of his new hand', () => {
    let state = positionAfter(2, 'draw', 0);
    while (!state.events.some((e) => e.type === 'drew')) {
      const seat = state.current;
      state = freibeuter.apply(state, seat, freibeuter.legalActions(state, seat)[0]!);
    }
    const drew = state.events.find((e) => e.type === 'drew');
    const drawn = determinize(state, state.current, 'y');
    const event = drawn.events.find((e) => e.type === 'drew');
    if (drew?.type !== 'drew' || event?.type !== 'drew') throw new Error('no draw');
    const hand = drawn.players[drew.seat]!.hand;
    expect(event.card).toBe(drew.pile === 'sea' ? hand.sea.at(-1) : hand.dutchman.at(-1));
  });

  for (const seats of [2, 3, 4]) {
    it(`determinizes from what the seat knows only (${seats} players)`, () => {
      expectFairDeterminization(freibeuter, gameOf(seats));
    });

    it(`the bot chooses a legal action, the same whatever the hidden cards (${seats} players)`, () => {
      expectBotIgnoresHidden(freibeuter, gameOf(seats));
    });

    it(`so does the expert bot (${seats} players)`, () => {
      expectBotIgnoresHidden(freibeuter, gameOf(seats), 1, 'expert');
    });
  }

  it('rules version 1: determinizes fairly and the bot ignores what is hidden', () => {
    expectFairDeterminization(firstRules, gameOf(3), 30);
    expectBotIgnoresHidden(firstRules, gameOf(3), 3);
  });
});
