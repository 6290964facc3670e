import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectBotIgnoresHidden, expectFairDeterminization } from '../../ai/fairness-testing.js';
import { chooseAction } from '../../ai/index.js';
import { randomInt, seedRng, shuffleInPlace, type RngState, type Seat } from '../../engine/index.js';
import { RUM, SAILOR_CARDS, type MovementCard, type SailorCard } from './cards.js';
import { halunken, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';

const determinize = (s: HalunkenState, seat: Seat, seed: string) => (halunken.determinize as NonNullable<typeof halunken.determinize>)(s, seat, seed);

const VARIANTS: { name: string; seats: number; options: HalunkenOptions }[] = [
  { name: 'beginner, 3 players', seats: 3, options: { variant: 'beginner', long: false } },
  { name: 'beginner, 4 players', seats: 4, options: { variant: 'beginner', long: false } },
  { name: 'standard, 3 players', seats: 3, options: { variant: 'standard', long: false } },
  { name: 'standard, 4 players', seats: 4, options: { variant: 'standard', long: false } },
  { name: 'two-player', seats: 2, options: { variant: 'standard', long: false } },
  { name: 'long, standard, 4 players', seats: 4, options: { variant: 'standard', long: true } },
  { name: 'long, two-player', seats: 2, options: { variant: 'standard', long: true } },
  { name: 'long, beginner, 3 players', seats: 3, options: { variant: 'beginner', long: true } },
];

/** A reachable state: random legal play (any waiting seat, now and then a player leaving). */
const anyPosition = fc.record({
  variant: fc.constantFrom(...VARIANTS),
  seed: fc.string({ maxLength: 8 }),
  steps: fc.nat(240),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
  draw: fc.string({ maxLength: 6 }),
});

function reach(p: { variant: (typeof VARIANTS)[number]; seed: string; steps: number; picks: fc.Stream<number>; resigns: boolean }): HalunkenState {
  const stream = p.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = halunken.setup({ seats: p.variant.seats, seed: p.seed, options: p.variant.options });
  for (let i = 0; i < p.steps && !halunken.isOver(s); i++) {
    if (p.resigns && pick(120) === 0) {
      s = halunken.resign(s, s.resigned.indexOf(false));
      continue;
    }
    const waiting = halunken.toAct(s);
    const seat = waiting[pick(waiting.length)] as Seat;
    const legal = halunken.legalActions(s, seat);
    s = halunken.apply(s, seat, legal[pick(legal.length)] as HalunkenAction);
  }
  return s;
}

/** Seats still playing: each of them may ask for a determinization. */
const players = (s: HalunkenState): Seat[] => s.resigned.flatMap((gone, seat) => (gone ? [] : [seat]));

const cardKey = (c: SailorCard) => `${c.colour}${c.value}`;
const allSailorCards = (s: HalunkenState) => [...s.taverns.flat(), ...s.crews.flat(), ...s.harbour, ...s.removed].map(cardKey).sort();
const faceDownCount = (s: HalunkenState, tavern: readonly SailorCard[]) => (s.tavernsOpen ? Math.max(0, tavern.length - 1) : tavern.length);

/**
 * Another state `seat` cannot tell from `s`, made without `determinize`: the face-down tavern cards
 * change places, Black Jack's deck is reordered, the others' secret choices change, and so does
 * the generator.
 */
function lookalike(s: HalunkenState, seat: Seat, rng: RngState): HalunkenState {
  const faceDown = shuffleInPlace(
    rng,
    s.taverns.flatMap((t) => t.slice(0, faceDownCount(s, t))),
  );
  let next = 0;
  const taverns = s.taverns.map((t) => {
    const count = faceDownCount(s, t);
    const cards = faceDown.slice(next, next + count);
    next += count;
    return [...cards, ...t.slice(count)];
  });
  const blackJackDeck = shuffleInPlace(rng, [...s.blackJackDeck]);
  const choices = s.choices.map((c, player) => {
    const hand = s.hands[player] ?? [];
    return c === null || player === seat ? c : (hand[randomInt(rng, hand.length)] as MovementCard);
  });
  const blackJackChoice =
    s.blackJackChoice === null || s.hirer === seat ? s.blackJackChoice : (s.blackJackDeck[randomInt(rng, s.blackJackDeck.length)] as MovementCard);
  return { ...s, taverns, blackJackDeck, choices, blackJackChoice, rng: seedRng(`elsewhere/${randomInt(rng, 1000)}`) };
}

describe('Halunken determinization', () => {
  it("draws the face-down cards, Black Jack's order and the others' choices anew, and keeps what the seat knows", () => {
    let s = halunken.setup({ seats: 4, seed: 'example', options: { variant: 'standard', long: false } });
    while (s.phase.name !== 'choose') {
      const seat = halunken.toAct(s)[0] as Seat;
      s = halunken.apply(s, seat, halunken.legalActions(s, seat)[0] as HalunkenAction);
    }
    s = halunken.apply(s, 0, { type: 'choose', card: 3 });
    s = halunken.apply(s, 2, { type: 'choose', card: RUM });
    const drawn = determinize(s, 0, 'x');
    expect(drawn.choices[0]).toBe(3);
    expect(drawn.choices[1]).toBeNull();
    expect(drawn.choices[2]).not.toBeNull();
    expect(drawn.choices[3]).toBeNull();
    expect(drawn.taverns.map((t) => t[t.length - 1])).toEqual(s.taverns.map((t) => t[t.length - 1]));
    expect(drawn.taverns.map((t) => t.length)).toEqual(s.taverns.map((t) => t.length));
    expect(drawn.crews).toEqual(s.crews);
    expect([...drawn.blackJackDeck].sort()).toEqual([...s.blackJackDeck].sort());
    expect(drawn.rng).not.toEqual(s.rng);
    // Over a few seeds the hidden things come out differently: they are drawn, not copied.
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => determinize(s, 0, seed));
    expect(new Set(seeds.map((d) => JSON.stringify(d.taverns))).size).toBeGreaterThan(1);
    expect(new Set(seeds.map((d) => JSON.stringify(d.blackJackDeck))).size).toBeGreaterThan(1);
    expect(new Set(seeds.map((d) => d.choices[2])).size).toBeGreaterThan(1);
  });

  it("the two-player hirer keeps his card for Black Jack; his opponent gets one of Black Jack's cards", () => {
    let s = halunken.setup({ seats: 2, seed: 'duel', options: { variant: 'standard', long: false } });
    for (let i = 0; i < 200 && !(s.phase.name === 'choose' && s.blackJackChoice !== null); i++) {
      const seat = halunken.toAct(s)[0] as Seat;
      const legal = halunken.legalActions(s, seat);
      // Bid when possible, so that someone hires Black Jack.
      s = halunken.apply(s, seat, (legal.find((a) => a.type === 'bid') ?? legal[legal.length - 1]) as HalunkenAction);
    }
    expect(s.blackJackChoice).not.toBeNull();
    const hirer = s.hirer as Seat;
    expect(determinize(s, hirer, 'x').blackJackChoice).toBe(s.blackJackChoice);
    const theirs = determinize(s, 1 - hirer, 'x').blackJackChoice;
    expect(s.blackJackDeck).toContain(theirs);
  });

  it('is a legal state the seat cannot tell from the real one: the same view, all cards in play, playable to the end', () => {
    fc.assert(
      fc.property(anyPosition, (p) => {
        const s = reach(p);
        const before = JSON.stringify(s);
        for (const seat of players(s)) {
          const d = determinize(s, seat, `d/${p.draw}`);
          expect(halunken.view(d, seat)).toEqual(halunken.view(s, seat));
          expect(halunken.legalActions(d, seat)).toEqual(halunken.legalActions(s, seat));
          expect(halunken.toAct(d)).toEqual(halunken.toAct(s));
          expect(allSailorCards(d)).toEqual(SAILOR_CARDS.map(cardKey).sort());
          d.choices.forEach((c, player) => {
            if (c !== null) expect(d.hands[player]).toContain(c);
          });
          if (d.blackJackChoice !== null) expect(d.blackJackDeck).toContain(d.blackJackChoice);
          // Random legal play from it ends.
          let t = d;
          const rng = seedRng(`play/${p.draw}`);
          for (let i = 0; i < 1000 && !halunken.isOver(t); i++) {
            const mover = halunken.toAct(t)[0] as Seat;
            const legal = halunken.legalActions(t, mover);
            t = halunken.apply(t, mover, legal[randomInt(rng, legal.length)] as HalunkenAction);
          }
          expect(halunken.result(t)).not.toBeNull();
        }
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('depends only on what the seat knows: states it cannot tell apart give the same result for a seed', () => {
    fc.assert(
      fc.property(anyPosition, (p) => {
        const s = reach(p);
        for (const seat of players(s)) {
          const other = lookalike(s, seat, seedRng(`lookalike/${p.draw}`));
          expect(halunken.view(other, seat)).toEqual(halunken.view(s, seat));
          const fromDrawn = determinize(s, seat, `first/${p.draw}`);
          for (const seed of [`again/${p.draw}`, 'again']) {
            const expected = determinize(s, seat, seed);
            expect(determinize(other, seat, seed)).toEqual(expected);
            expect(determinize(fromDrawn, seat, seed)).toEqual(expected);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  for (const variant of VARIANTS) {
    it(`meets the bots' fairness properties: ${variant.name}`, () => {
      const game = {
        seats: variant.seats,
        options: variant.options,
        maxSteps: variant.options.long ? 240 : 90,
        lookAlike: (s: HalunkenState, seat: Seat, seed: string) => lookalike(s, seat, seedRng(seed)),
      };
      expectFairDeterminization(halunken, game, 15);
      expectBotIgnoresHidden(halunken, game, 2);
      expectBotIgnoresHidden(halunken, game, 1, 'expert');
    });
  }

  it('the bot chooses a legal action, the same for the real state and for any state the seat cannot tell from it', () => {
    fc.assert(
      fc.property(anyPosition, (p) => {
        const s = reach(p);
        const waiting = halunken.toAct(s);
        const seat = waiting[waiting.length - 1];
        if (seat === undefined) return;
        const options = { level: 'easy' as const, seed: `bot/${p.draw}`, budgetMs: Number.POSITIVE_INFINITY };
        const chosen = chooseAction(halunken, s, seat, options);
        expect(halunken.legalActions(s, seat)).toContainEqual(chosen);
        expect(chooseAction(halunken, lookalike(s, seat, seedRng(p.draw)), seat, options)).toEqual(chosen);
        expect(chooseAction(halunken, determinize(s, seat, `other/${p.draw}`), seat, options)).toEqual(chosen);
      }),
      { numRuns: 6 },
    );
  });
});
