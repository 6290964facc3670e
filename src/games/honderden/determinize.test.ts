import { describe, expect, it } from 'vitest';
import { expectBotIgnoresHidden, expectFairDeterminization, stateAfter } from '../../ai/fairness-testing.js';
import { nextUint32, seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { roemCards } from './roem-trick.js';
import { DECK_24, DECK_32, categoryOf, findCombos, honderden, sameCategory, suitOf, type Card, type HonderdenState } from './rules.js';
import { versionOf } from './state.js';
import { carre, declare, play, playMatch, position, reject, run } from './test-positions.js';

/*
 * Honderden for bot players: the determinization keeps what a seat sees and knows, and deals the
 * rest (the others' unknown cards, the stock, untold roem) anew.
 */

const withVersion = (rulesVersion: number) => ({
  ...honderden,
  setup: (args: Parameters<typeof honderden.setup>[0]) => honderden.setup({ ...args, rulesVersion }),
});
/**
 * Another state `seat` cannot tell from `s`, made without `determinize` (for the fairness helpers).
 * Moved: the cards hidden from the seat, i.e. the other players' hand cards and the stock (its
 * order and content are never shown; in version 2 neither is the hidden card of the last draw):
 * they are shuffled together and dealt back into the same places, each hand keeping its size. The
 * generator, which deals every later hand, is replaced too.
 * Kept: the seat's own hand; every card played (trick, last trick, won piles: all played openly);
 * the open trump card; the cards known to be in a hand (`known`); the hidden card version 1 shows
 * at the last draw; and, while the roem is not shown, the cards of every statement's combinations,
 * so that what was said stays true (the seat may not know those cards: kept for consistency).
 * Not kept: voids shown in play. Another player's draw among the latest events (its card hidden
 * from the seat) names the card dealt in its place.
 */
function lookAlike(s: HonderdenState, seat: Seat, seed: string): HonderdenState {
  const stays = new Set<Card>(s.known.flat());
  if (!s.roemShown) for (const st of s.statements) for (const combo of st.combos) for (const card of combo.cards) stays.add(card);
  if (s.phase === 'chooseLast' && versionOf(s) < 2) stays.add(s.stock[0] as Card);
  const hidden = [...s.hands.filter((_, p) => p !== seat).flat(), ...s.stock].filter((card) => !stays.has(card));
  const dealt = shuffleInPlace(seedRng(seed), [...hidden]);
  const renamed = new Map(hidden.map((card, n) => [card, dealt[n] as Card]));
  const redeal = (cards: Card[]) => cards.map((card) => renamed.get(card) ?? card);
  return {
    ...s,
    hands: s.hands.map(redeal),
    stock: redeal(s.stock),
    events: s.events.map((e) => (e.type === 'drew' && e.card !== null ? { ...e, card: renamed.get(e.card) ?? e.card } : e)),
    rng: seedRng(`elsewhere/${seed}`),
  };
}

const gameOf = (seats: number, target = 5) => ({ seats, options: { target }, maxSteps: 150, lookAlike });
const determinize = (s: HonderdenState, seat: Seat, seed: string) => honderden.determinize?.(s, seat, seed) as HonderdenState;
const sorted = (cards: readonly Card[]) => [...cards].sort();
const allCards = (s: HonderdenState) =>
  sorted([...s.hands.flat(), ...s.stock, ...s.won.flat(), ...s.trick.plays.map((p) => p.card), ...(s.trumpCard ? [s.trumpCard] : [])]);
const picksFrom = (seed: string): Iterable<number> => {
  const rng = seedRng(seed);
  return { [Symbol.iterator]: () => ({ next: () => ({ value: nextUint32(rng), done: false }) }) };
};

/** What must hold of any determinization of `s` for `seat`. */
function expectSound(s: HonderdenState, seat: Seat, drawn: HonderdenState): void {
  expect(honderden.view(drawn, seat)).toEqual(honderden.view(s, seat));
  expect(honderden.legalActions(drawn, seat)).toEqual(honderden.legalActions(s, seat));
  expect(allCards(drawn)).toEqual(allCards(s));
  if (!honderden.isOver(s)) expect(allCards(drawn)).toEqual(sorted(s.players.length === 2 ? DECK_32 : DECK_24));
  expect(drawn.hands[seat]).toEqual(s.hands[seat]);
  expect(drawn.stock.length).toBe(s.stock.length);
  for (const [p, hand] of drawn.hands.entries()) {
    expect(hand).toHaveLength(s.hands[p]?.length as number);
    // Known cards stay where they are (the trump 7 given in a swap may linger in `known`).
    for (const card of s.known[p] ?? []) if (card !== s.trumpCard) expect(hand).toContain(card);
  }
  // Voids shown in the current trick are kept.
  if (drawn.trick.plays.length > 1 && (drawn.players.length === 3 || (drawn.stock.length === 0 && drawn.trumpCard === null))) {
    const led = suitOf(drawn.trick.plays[0]?.card as Card);
    for (const p of drawn.trick.plays.slice(1)) {
      if (suitOf(p.card) !== led && suitOf(p.card) !== drawn.trump) expect(drawn.hands[p.seat]?.some((c) => suitOf(c) === led)).toBe(false);
    }
  }
  // Roem not yet shown: every statement is made of combinations its speaker holds, as said.
  if (!drawn.roemShown) {
    for (const st of drawn.statements) {
      const cards = roemCards(drawn, st.seat);
      expect(st.combos).toHaveLength(st.categories.length);
      for (const [n, combo] of st.combos.entries()) {
        for (const card of combo.cards) expect(cards).toContain(card);
        expect(sameCategory(categoryOf(combo), st.categories[n] as never)).toBe(true);
      }
    }
  }
}

describe('Honderden for bot players: determinization', () => {
  it("keeps the seat's own hand and every public card; deals the other hand and the stock anew", () => {
    const state = stateAfter(honderden, gameOf(2), 'mid', 20) as HonderdenState;
    expect(state.stock.length).toBeGreaterThan(2);
    const seat = state.turn;
    const other = 1 - seat;
    const hands = new Set<string>();
    const stocks = new Set<string>();
    for (let n = 0; n < 12; n++) {
      const drawn = determinize(state, seat, `x${n}`);
      expectSound(state, seat, drawn);
      expect(drawn.won).toEqual(state.won);
      expect(drawn.trick).toEqual(state.trick);
      expect(drawn.lastTrick).toEqual(state.lastTrick);
      expect(drawn.trumpCard).toBe(state.trumpCard);
      expect(drawn.known).toEqual(state.known);
      expect(drawn.gamePoints).toEqual(state.gamePoints);
      expect(drawn.rng).not.toEqual(state.rng);
      hands.add(JSON.stringify(sorted(drawn.hands[other] as Card[])));
      stocks.add(JSON.stringify(drawn.stock));
    }
    expect(hands.size).toBeGreaterThan(6);
    expect(stocks.size).toBe(12);
    expect(hands.has(JSON.stringify(sorted(state.hands[other] as Card[])))).toBe(false);
  });

  it('in every state of random matches (two and three players, rules versions 1 and 2), for every seat: sound, and the same for states the seat cannot tell apart', () => {
    let replays = 0;
    for (const seats of [2, 3]) {
      for (const version of [1, 2]) {
        for (let g = 0; g < 3; g++) {
          playMatch({ seats, seed: `sweep-${g}`, version, picks: picksFrom(`${seats}/${version}/${g}`) }, (s) => {
            for (const seat of s.players) {
              const drawn = determinize(s, seat, `d${g}`);
              expectSound(s, seat, drawn);
              expect(determinize(drawn, seat, 'again')).toEqual(determinize(s, seat, 'again'));
              if (!s.roemShown && s.statements.some((st) => st.seat !== seat)) replays++;
              // The drawn state plays on.
              const mover = honderden.toAct(drawn)[0];
              if (mover !== undefined) for (const a of honderden.legalActions(drawn, mover)) honderden.apply(drawn, mover, a);
            }
          });
        }
      }
    }
    expect(replays).toBeGreaterThan(50);
  });

  it('the last draw (version 2): the hidden card is drawn anew among the unseen cards; version 1 shows it, and it stays', () => {
    for (const version of [2, 1]) {
      let s = honderden.setup({ seats: 2, seed: `last-${version}`, options: { target: 5 }, rulesVersion: version });
      const rng = seedRng('last');
      while (s.phase !== 'chooseLast') {
        const seat = s.turn;
        const legal = honderden.legalActions(s, seat).filter((a) => a.type !== 'claim');
        s = honderden.apply(s, seat, legal[nextUint32(rng) % legal.length]!);
      }
      for (const seat of [0, 1]) {
        const hidden = new Set<Card>();
        for (let n = 0; n < 20; n++) {
          const drawn = determinize(s, seat, `h${n}`);
          expectSound(s, seat, drawn);
          expect(drawn.stock).toHaveLength(1);
          hidden.add(drawn.stock[0] as Card);
          expect(s.hands[seat]).not.toContain(drawn.stock[0]);
        }
        if (version === 2) expect(hidden.size).toBeGreaterThan(3);
        else expect([...hidden]).toEqual([s.stock[0]]);
      }
    }
  });

  it("three players (version 2): the third player gets the others' untold roem drawn anew; the second, told the leader's carré, always finds one", () => {
    const anne: Card[] = ['JS', 'JH', 'JC', 'JD', 'AS', '9S', '9H', '9C'];
    const bart: Card[] = ['QS', 'QH', 'QC', 'QD', 'AD', 'KD', '9D', 'KS'];
    const cees: Card[] = ['TS', 'TH', 'TC', 'TD', 'KH', 'KC', 'AH', 'AC'];
    const deal = position({ hands: [anne, bart, cees], trump: 'H', tricksPlayed: 0, dealer: 2, turnedUp: 'KH', known: [[], [], ['KH']] });
    const declared = run(deal, [0, declare(carre)], [0, play('9C')]).s;
    for (let n = 0; n < 20; n++) {
      const drawn = determinize(declared, 1, `b${n}`);
      expectSound(declared, 1, drawn);
      expect(drawn.statements.map((st) => st.categories)).toEqual([[carre]]);
      expect(findCombos(roemCards(drawn, 0)).some((c) => c.kind === 'carre')).toBe(true);
    }
    const rejected = run(declared, [1, reject(carre)], [1, play('QC')]).s;
    const said = new Set<string>();
    const judged = new Set<string>();
    for (let n = 0; n < 40; n++) {
      const drawn = determinize(rejected, 2, `c${n}`);
      expectSound(rejected, 2, drawn);
      expect(drawn.statements.map((st) => [st.seat, st.kind])).toEqual([
        [0, 'declare'],
        [1, 'reject'],
      ]);
      said.add(JSON.stringify(drawn.statements.map((st) => st.categories)));
      judged.add(drawn.statements.map((st) => st.status).join());
      // Cees plays his card: the roem drawn is told and judged as the rules do.
      const after = honderden.apply(drawn, 2, { type: 'play', card: 'AC' });
      expect(after.events.some((e) => e.type === 'roemTold' || e.type === 'roemShown')).toBe(true);
    }
    expect(said.size).toBeGreaterThan(3);
    // Worked out again from the drawn roem (here a successful rejection is all these cards allow).
    for (const statuses of judged) expect(['rejected,standing', 'standing,failed']).toContain(statuses);
  });
});

describe('Honderden for bot players: fairness', () => {
  for (const seats of [2, 3]) {
    it(`determinizes from what the seat knows only (${seats} players, target 1 and 5)`, () => {
      expectFairDeterminization(honderden, gameOf(seats, 1), 30);
      expectFairDeterminization(honderden, gameOf(seats), 30);
    });

    it(`the bot chooses a legal action, the same whatever is hidden (${seats} players, target 1 and 5)`, () => {
      expectBotIgnoresHidden(honderden, gameOf(seats, 1), 4);
      expectBotIgnoresHidden(honderden, gameOf(seats), 4);
    });

    it(`so does the expert bot (${seats} players)`, () => {
      expectBotIgnoresHidden(honderden, gameOf(seats), 1, 'expert');
    });
  }

  it('rules version 1: determinizes fairly and the bot ignores what is hidden', () => {
    for (const seats of [2, 3]) {
      expectFairDeterminization(withVersion(1), gameOf(seats), 20);
      expectBotIgnoresHidden(withVersion(1), gameOf(seats), 2);
    }
  });
});
