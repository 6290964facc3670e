import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import { DECK_24, DECK_32, RANKS, honderden, tableOf, versionOf, type Card, type HonderdenAction, type HonderdenState, type RoemCategory } from './rules.js';
import { CLAIM, DONE, STUK, SWAP, carre, declare, legal, ofType, play, position, seq } from './test-positions.js';

describe('Honderden: leaving', () => {
  it('two players: the other wins', () => {
    const s0 = honderden.setup({ seats: 2, seed: 'leave', options: { target: 5 } });
    const s = honderden.resign(s0, 0);
    expect(honderden.isOver(s)).toBe(true);
    expect(s.events).toEqual([
      { type: 'resigned', seat: 0 },
      { type: 'matchOver', winner: 1, reason: 'resigned' },
    ]);
    expect(honderden.result(s)).toEqual({ scores: [0, 0], ranking: [[1], [0]] });
    expect(() => honderden.resign(s, 1)).toThrow(IllegalAction);
  });

  it('three players: the hand is abandoned and the two who remain play on with the two-player rules', () => {
    const s0 = { ...honderden.setup({ seats: 3, seed: 'leave3', options: { target: 5 } }), gamePoints: [2, 1, 0] };
    const s = honderden.resign(s0, 1);
    expect(s.players).toEqual([0, 2]);
    expect(tableOf(s)).toBe('two');
    expect(s.hands.map((h) => h.length)).toEqual([9, 0, 9]);
    expect(s.stock).toHaveLength(13);
    expect(s.gamePoints).toEqual([2, 1, 0]);
    expect(s.carried).toEqual([0, 0, 0]);
    expect(ofType(s.events, 'handAbandoned')).toHaveLength(1);
    expect(ofType(s.events, 'handDealt')).toMatchObject([{ rules: 'two' }]);
    expect(honderden.legalActions(s, 1)).toEqual([]);
    expect(() => honderden.resign(s, 1)).toThrow(IllegalAction);
    const end = honderden.resign(s, 0);
    expect(honderden.result(end)).toEqual({ scores: [2, 1, 0], ranking: [[2], [0], [1]] });
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.constantFrom(2, 3),
  seed: fc.string(),
  target: fc.integer({ min: 1, max: 3 }),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});
type AnyGame = { seats: number; seed: string; target: number; picks: Iterable<number>; resigns: boolean };

/** Plays random legal actions (claims seldom, now and then a resignation) to the end; checks every state. */
function playRandomly(game: AnyGame, check?: (s: HonderdenState) => void): { s: HonderdenState; steps: number } {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } });
  check?.(s);
  let steps = 0;
  while (!honderden.isOver(s)) {
    if (++steps > 20000) throw new Error('match did not end');
    if (game.resigns && pick(300) === 0) {
      s = honderden.resign(s, s.players[pick(s.players.length)] as Seat);
    } else {
      const seat = honderden.toAct(s)[0] as Seat;
      const options = honderden.legalActions(s, seat);
      let action = options[pick(options.length)] as HonderdenAction;
      if (action.type === 'claim' && pick(8) !== 0) action = options[options.length - 1] as HonderdenAction;
      s = honderden.apply(s, seat, action);
    }
    check?.(s);
  }
  return { s, steps };
}

const deckOf = (s: HonderdenState) => (tableOf(s) === 'two' ? DECK_32 : DECK_24);

describe('Honderden: properties of random legal play', () => {
  it('accounts for all 32 (or 24) cards at every step; only the seat to act has actions, at most 25', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          const all = [...s.hands.flat(), ...s.stock, ...(s.trumpCard ? [s.trumpCard] : []), ...s.won.flat(), ...s.trick.plays.map((p) => p.card)];
          expect([...all].sort()).toEqual([...deckOf(s)].sort());
          for (const seat of s.players) expect(s.known[seat]?.every((c) => s.hands[seat]?.includes(c))).toBe(true);
          const waiting = honderden.toAct(s);
          for (let seat = 0; seat < s.seats; seat++) {
            const n = honderden.legalActions(s, seat).length;
            expect(n > 0).toBe(waiting.includes(seat));
            expect(n).toBeLessThanOrEqual(25);
          }
          if (!honderden.isOver(s)) expect(waiting).toHaveLength(1);
          const tricks = s.tricksWon.reduce((a, b) => a + b, 0);
          expect(tricks).toBe(s.tricksPlayed);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('no view shows a card of another hand (unless shown) or the stock order; the rng stays inside', () => {
    fc.assert(
      fc.property(anyGame, fc.nat(), (game, salt) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          for (const viewer of [null, ...s.players]) {
            // Shuffle every card this viewer cannot know: other hands (less their shown cards) and the stock.
            const slots: { list: Card[]; index: number }[] = [];
            s.players.forEach((seat) => {
              if (seat === viewer) return;
              (s.hands[seat] as Card[]).forEach((card, index) => {
                if (!s.known[seat]?.includes(card)) slots.push({ list: s.hands[seat] as Card[], index });
              });
            });
            // Version 1 showed the last hidden card before the choice.
            if (s.phase !== 'chooseLast' || versionOf(s) >= 2) s.stock.forEach((_, index) => slots.push({ list: s.stock, index }));
            const other: HonderdenState = { ...s, hands: s.hands.map((h) => [...h]), stock: [...s.stock] };
            const remap = (list: Card[]) => (list === s.stock ? other.stock : (other.hands[s.hands.indexOf(list)] as Card[]));
            const cards = slots.map((slot) => slot.list[slot.index] as Card);
            const shift = cards.length > 0 ? (salt % cards.length) + 1 : 0;
            slots.forEach((slot, i) => {
              remap(slot.list)[slot.index] = cards[(i + shift) % cards.length] as Card;
            });
            const a = honderden.view(s, viewer);
            expect(JSON.stringify(honderden.view(other, viewer))).toBe(JSON.stringify(a));
            expect(JSON.stringify(a)).not.toContain('rng');
            if (!s.roemShown) for (const st of a.roem) expect(st.combos).toBeNull();
            for (const e of a.events) if (e.type === 'drew' && e.seat !== viewer) expect(e.card).toBeNull();
          }
        });
      }),
      { numRuns: 15 },
    );
  });

  it('apply refuses every action that legalActions does not list, and leaves its input alone', () => {
    const card = fc.constantFrom(...DECK_32);
    const category: fc.Arbitrary<RoemCategory> = fc.oneof(
      fc.constant({ kind: 'carre' as const }),
      fc.record({ kind: fc.constant('sequence' as const), length: fc.integer({ min: 2, max: 9 }), top: fc.constantFrom(...RANKS) }),
    );
    const anyAction: fc.Arbitrary<HonderdenAction> = fc.oneof(
      fc.record({ type: fc.constant('play' as const), card }),
      fc.record({ type: fc.constant('take' as const), card }),
      fc.record({ type: fc.constant('declare' as const), roem: category }),
      fc.record({ type: fc.constant('reject' as const), roem: category }),
      fc.constantFrom<HonderdenAction>(SWAP, STUK, CLAIM, DONE, { type: 'takeHidden' }),
    );
    fc.assert(
      fc.property(anyGame, fc.nat(400), fc.array(fc.tuple(fc.nat(3), anyAction), { maxLength: 30 }), (game, stop, probes) => {
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } });
        for (let k = 0; k < stop && !honderden.isOver(s); k++) {
          const seat = honderden.toAct(s)[0] as Seat;
          const options = honderden.legalActions(s, seat).filter((a) => a.type !== 'claim');
          s = honderden.apply(s, seat, options[pick(options.length)] as HonderdenAction);
        }
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = honderden.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => honderden.apply(s, seat, action)).not.toThrow();
          else expect(() => honderden.apply(s, seat, action)).toThrow(IllegalAction);
        }
        const before = JSON.stringify(s);
        for (const seat of honderden.toAct(s)) for (const a of honderden.legalActions(s, seat)) honderden.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the same seed and actions gives the same state, under either rules version', () => {
    fc.assert(
      fc.property(anyGame, fc.constantFrom(1, 2), (game, rulesVersion) => {
        const log: ([Seat, HonderdenAction] | Seat)[] = [];
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        const options = { target: game.target };
        let s = honderden.setup({ seats: game.seats, seed: game.seed, options, rulesVersion });
        expect(s.rules).toBe(rulesVersion);
        for (let k = 0; k < 600 && !honderden.isOver(s); k++) {
          if (game.resigns && pick(200) === 0) {
            const leaver = s.players[pick(s.players.length)] as Seat;
            log.push(leaver);
            s = honderden.resign(s, leaver);
            continue;
          }
          const seat = honderden.toAct(s)[0] as Seat;
          const legalNow = honderden.legalActions(s, seat);
          const a = legalNow[pick(legalNow.length)] as HonderdenAction;
          log.push([seat, JSON.parse(JSON.stringify(a)) as HonderdenAction]);
          s = honderden.apply(s, seat, a);
        }
        let replayed = JSON.parse(JSON.stringify(honderden.setup({ seats: game.seats, seed: game.seed, options, rulesVersion }))) as HonderdenState;
        for (const entry of log) {
          replayed = typeof entry === 'number' ? honderden.resign(replayed, entry) : honderden.apply(replayed, entry[0], entry[1]);
          replayed = JSON.parse(JSON.stringify(replayed)) as HonderdenState;
        }
        expect(replayed).toEqual(JSON.parse(JSON.stringify(s)));
      }),
      { numRuns: 60 },
    );
  });

  it('a state stored before games carried a version (the table in its place) plays on under version 1', () => {
    const v1 = honderden.setup({ seats: 3, seed: 'stored', options: { target: 5 }, rulesVersion: 1 });
    const stored = { ...v1, rules: 'three' } as unknown as HonderdenState;
    expect(versionOf(stored)).toBe(1);
    expect(tableOf(stored)).toBe('three');
    const seat = honderden.toAct(stored)[0] as Seat;
    const action = honderden.legalActions(stored, seat).at(-1) as HonderdenAction;
    expect(honderden.legalActions(stored, seat)).toEqual(honderden.legalActions(v1, seat));
    expect(honderden.view(stored, null)).toEqual(honderden.view(v1, null));
    expect(honderden.apply(stored, seat, action)).toEqual(honderden.apply(v1, seat, action));
  });
});

describe('Honderden: a move for an absent player', () => {
  it('is always legal and never a claim: a card, letting the roem stand, or one of the last two cards', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly({ ...game, resigns: false }, (s) => {
          if (honderden.isOver(s)) return;
          const seat = honderden.toAct(s)[0] as Seat;
          const action = honderden.timeoutAction?.(s, seat) as HonderdenAction;
          expect(honderden.legalActions(s, seat)).toContainEqual(action);
          expect(action.type).toBe(s.phase === 'roemAnswer' ? 'done' : s.phase === 'chooseLast' ? 'takeHidden' : 'play');
        });
      }),
      { numRuns: 20 },
    );
  });
});

describe('Honderden: apply takes the listed actions only, whole', () => {
  it('refuses a legal action with a field more, also inside its roem, changing nothing; the order of the fields does not matter', () => {
    // The leader of the roem trick holds a carré of jacks and a sequence of three in spades.
    const s = position({
      hands: [
        ['JS', 'JH', 'JC', 'JD', 'QS', 'KS', '7C', '8D', '9D'],
        ['QH', 'QC', 'QD', '7D', 'TC', '9S', 'AC', '8H', '7H'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 0,
    });
    const before = JSON.stringify(s);
    // Each forged action beside the listed one it copies.
    const forged: [unknown, HonderdenAction][] = [
      [{ ...play('7C'), extra: 1 }, play('7C')],
      [{ ...declare(carre), extra: 1 }, declare(carre)],
      [{ type: 'declare', roem: { ...carre, top: 'J' } }, declare(carre)],
      [{ type: 'declare', roem: { ...seq(3, 'K'), suit: 'S' } }, declare(seq(3, 'K'))],
    ];
    for (const [action, listed] of forged) {
      expect(legal(s, 0)).toContainEqual(listed);
      expect(() => honderden.apply(s, 0, action as HonderdenAction)).toThrow(IllegalAction);
    }
    expect(JSON.stringify(s)).toBe(before);
    const reordered = { roem: { top: 'K', length: 3, kind: 'sequence' }, type: 'declare' } as HonderdenAction;
    expect(honderden.apply(s, 0, reordered)).toEqual(honderden.apply(s, 0, declare(seq(3, 'K'))));
  });
});
