import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import { halunken, halunkenOptions, seatRange, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';
import { COLOURS, RUM, SAILOR_CARDS, type MovementCard, type SailorCard } from './cards.js';

describe('Halunken: options and seats', () => {
  it('defaults to the standard game, one game long', () => {
    expect(halunkenOptions.parse({})).toEqual({ variant: 'standard', long: false });
  });

  it('allows 2-4 seats in the standard game and 3-4 in the beginner game', () => {
    expect(seatRange({ variant: 'standard' })).toEqual({ min: 2, max: 4 });
    expect(seatRange({ variant: 'beginner' })).toEqual({ min: 3, max: 4 });
    expect(halunken.minSeats).toBe(2);
    expect(halunken.maxSeats).toBe(4);
    expect(() => halunken.setup({ seats: 2, seed: 'x', options: { variant: 'beginner', long: false } })).toThrow(RangeError);
    expect(() => halunken.setup({ seats: 5, seed: 'x', options: { variant: 'standard', long: false } })).toThrow(RangeError);
    expect(() => halunken.setup({ seats: 1, seed: 'x', options: { variant: 'standard', long: false } })).toThrow(RangeError);
    expect(halunken.setup({ seats: 2, seed: 'x', options: { variant: 'standard', long: false } }).twoPlayer).toBe(true);
    expect(halunken.setup({ seats: 3, seed: 'x', options: { variant: 'standard', long: false } }).twoPlayer).toBe(false);
  });

  it('declares its id and rules version', () => {
    expect(halunken.id).toBe('halunken');
    expect(halunken.rulesVersion).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  beginner: fc.boolean(),
  long: fc.boolean(),
  seed: fc.string(),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});

function optionsFor(seats: number, beginner: boolean, long: boolean): HalunkenOptions {
  return { variant: beginner && seats >= 3 ? 'beginner' : 'standard', long };
}

/** Plays random legal actions (and now and then a resignation) to the end; checks every state. */
function playRandomly(
  game: { seats: number; beginner: boolean; long: boolean; seed: string; picks: Iterable<number>; resigns: boolean },
  check?: (s: HalunkenState) => void,
): HalunkenState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = halunken.setup({ seats: game.seats, seed: game.seed, options: optionsFor(game.seats, game.beginner, game.long) });
  check?.(s);
  for (let steps = 0; !halunken.isOver(s); steps++) {
    if (steps > 5000) throw new Error('game did not end');
    const waiting = halunken.toAct(s);
    if (game.resigns && pick(150) === 0) {
      const leavers = s.resigned.flatMap((gone, seat) => (gone ? [] : [seat]));
      s = halunken.resign(s, leavers[pick(leavers.length)] as Seat);
    } else {
      const seat = waiting[pick(waiting.length)] as Seat;
      const legal = halunken.legalActions(s, seat);
      s = halunken.apply(s, seat, legal[pick(legal.length)] as HalunkenAction);
    }
    check?.(s);
  }
  return s;
}

const key = (c: SailorCard) => `${c.colour}${c.value}`;

describe('Halunken: properties of random legal play', () => {
  it('accounts for all 42 sailor cards at every step, waits only for seats that can act, and keeps one piece per space', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          const all = [...s.taverns.flat(), ...s.crews.flat(), ...s.harbour, ...s.removed].map(key).sort();
          expect(all).toEqual(SAILOR_CARDS.map(key).sort());
          const waiting = halunken.toAct(s);
          for (let seat = 0; seat < s.seats; seat++) {
            expect(halunken.legalActions(s, seat).length > 0).toBe(waiting.includes(seat));
          }
          if (!halunken.isOver(s)) expect(waiting.length).toBeGreaterThan(0);
          if (s.phase.name === 'resolve') throw new Error('resolution left half done');
          const spaces = [...s.captains, s.blackJack].filter((x) => x !== null);
          // Only while a lander decides does he share the space with the piece he landed on (a
          // match that ends mid-decision, by a resignation, leaves them so).
          const shared = spaces.length - new Set(spaces).size;
          expect(shared).toBeLessThanOrEqual(s.phase.name === 'decide' || halunken.isOver(s) ? 1 : 0);
          expect(s.blackJack === null).toBe(s.variant === 'beginner' || s.round === 0);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('apply refuses every action that legalActions does not list', () => {
    const card = fc.record({ colour: fc.constantFrom(...COLOURS), value: fc.integer({ min: 0, max: 16 }) });
    const movement = fc.oneof(fc.integer({ min: 0, max: 13 }), fc.constant(RUM as MovementCard));
    const anyAction: fc.Arbitrary<HalunkenAction> = fc.oneof(
      fc.record({ type: fc.constant('place' as const), space: fc.integer({ min: -1, max: 14 }) }),
      fc.record({ type: fc.constant('placeBlackJack' as const), space: fc.integer({ min: -1, max: 14 }) }),
      fc.record({ type: fc.constant('bid' as const), card }),
      fc.constant({ type: 'pass' as const }),
      fc.record({ type: fc.constant('choose' as const), card: movement }),
      fc.record({ type: fc.constant('chooseForBlackJack' as const), card: movement }),
      fc.record({ type: fc.constant('rum' as const), number: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ type: fc.constant('steal' as const), card }),
      fc.constant({ type: 'skipSteal' as const }),
      fc.record({ type: fc.constant('takeFromHarbour' as const), card }),
      fc.record({ type: fc.constant('give' as const), card }),
    );
    fc.assert(
      fc.property(anyGame, fc.nat(150), fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 30 }), (game, stop, probes) => {
        let steps = 0;
        let s = halunken.setup({ seats: game.seats, seed: game.seed, options: optionsFor(game.seats, game.beginner, game.long) });
        const stream = game.picks[Symbol.iterator]();
        while (steps++ < stop && !halunken.isOver(s)) {
          const waiting = halunken.toAct(s);
          const seat = waiting[(stream.next().value as number) % waiting.length] as Seat;
          const legal = halunken.legalActions(s, seat);
          s = halunken.apply(s, seat, legal[(stream.next().value as number) % legal.length] as HalunkenAction);
        }
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = halunken.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => halunken.apply(s, seat, action)).not.toThrow();
          else expect(() => halunken.apply(s, seat, action)).toThrow(IllegalAction);
        }
        // Every listed action is accepted, and apply leaves its input alone.
        const before = JSON.stringify(s);
        for (const seat of halunken.toAct(s)) for (const a of halunken.legalActions(s, seat)) halunken.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("no view but his own reveals a chosen movement card, hidden tavern cards or the order of Black Jack's deck", () => {
    const viewers = (s: HalunkenState) => [null, ...Array.from({ length: s.seats }, (_, i) => i)];
    const sameViews = (a: HalunkenState, b: HalunkenState, except: Seat | null) => {
      for (const viewer of viewers(a)) {
        if (viewer !== null && viewer === except) continue;
        expect(JSON.stringify(halunken.view(b, viewer))).toBe(JSON.stringify(halunken.view(a, viewer)));
      }
    };
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          // Another choice (own or for Black Jack) would look the same to everyone else.
          s.choices.forEach((choice, seat) => {
            const other = s.hands[seat]?.find((c) => c !== choice);
            if (choice === null || other === undefined) return;
            const choices = [...s.choices];
            choices[seat] = other;
            sameViews(s, { ...s, choices }, seat);
          });
          if (s.blackJackChoice !== null) {
            const other = s.blackJackDeck.find((c) => c !== s.blackJackChoice);
            if (other !== undefined) sameViews(s, { ...s, blackJackChoice: other }, s.hirer);
          }
          // Cards beneath the tops (all of them during placement) and Black Jack's deck order are secret.
          const shuffledTaverns = s.taverns.map((t) => {
            const hidden = s.tavernsOpen ? t.slice(0, -1) : t;
            const rest = s.tavernsOpen ? t.slice(-1) : [];
            return [...hidden.reverse(), ...rest];
          });
          sameViews(s, { ...s, taverns: shuffledTaverns, blackJackDeck: [...s.blackJackDeck].reverse() }, null);
          // The events of the latest action name no chosen card.
          for (const e of s.events) if (e.type === 'chose') expect(Object.keys(e).sort()).toEqual(['forBlackJack', 'seat', 'type']);
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe('Halunken: apply takes the listed actions only, whole', () => {
  it('refuses a legal action with a field more, changing nothing; the order of the fields does not matter', () => {
    const s = halunken.setup({ seats: 3, seed: 'extra field', options: { variant: 'standard', long: false } });
    const seat = halunken.toAct(s)[0] as Seat;
    const listed = halunken.legalActions(s, seat)[0] as HalunkenAction;
    const before = JSON.stringify(s);
    expect(() => halunken.apply(s, seat, { ...listed, extra: 1 } as unknown as HalunkenAction)).toThrow(IllegalAction);
    expect(JSON.stringify(s)).toBe(before);
    const reordered = Object.fromEntries(Object.entries(listed).reverse()) as HalunkenAction;
    expect(halunken.apply(s, seat, reordered)).toEqual(halunken.apply(s, seat, listed));
  });
});
