import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Seat } from '../../engine/index.js';
import { legalActionCount } from './actions.js';
import { halunken, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';

/*
 * The shortcuts that make the engine fast for the bots' search, checked over whole games:
 * - states share the lists they do not change (see state.ts), which is only safe if nothing ever
 *   writes into a state it was given: every state is frozen here before the rules see it, so any
 *   such write throws;
 * - the engine counts a seat's legal actions rather than listing them to find forced ones.
 */

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  beginner: fc.boolean(),
  long: fc.boolean(),
  seed: fc.string({ maxLength: 8 }),
  picks: fc.infiniteStream(fc.nat()),
});

describe('Halunken engine shortcuts', () => {
  it('apply, resign, determinize, view and listing actions leave a frozen state alone; counting actions agrees with listing them', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const options: HalunkenOptions = { variant: game.beginner && game.seats >= 3 ? 'beginner' : 'standard', long: game.long };
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s: HalunkenState = deepFreeze(halunken.setup({ seats: game.seats, seed: game.seed, options }));
        for (let steps = 0; !halunken.isOver(s); steps++) {
          if (steps > 2000) throw new Error('game did not end');
          const before = JSON.stringify(s);
          const waiting = halunken.toAct(s);
          for (let seat = 0; seat < s.seats; seat++) {
            const listed = halunken.legalActions(s, seat).length;
            expect(legalActionCount(s, seat)).toBe(listed);
            // Single actions are taken at once: whoever the game waits for has a real choice.
            if (waiting.includes(seat)) expect(listed).toBeGreaterThan(1);
          }
          for (const seat of waiting) {
            halunken.view(s, seat);
            halunken.determinize?.(s, seat, `d${steps}`);
            // Every listed action, not only the one played: each takes its own path through the rules.
            for (const action of halunken.legalActions(s, seat)) halunken.apply(s, seat, action);
          }
          const left = pick(80) === 0 ? halunken.resign(s, s.resigned.indexOf(false)) : null;
          expect(JSON.stringify(s)).toBe(before);
          const seat = waiting[pick(waiting.length)] as Seat;
          const legal = halunken.legalActions(s, seat);
          s = deepFreeze(left ?? halunken.apply(s, seat, legal[pick(legal.length)] as HalunkenAction));
        }
      }),
      { numRuns: 30 },
    );
  });
});
