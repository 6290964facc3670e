import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Seat } from '../../engine/index.js';
import { RUM } from './cards.js';
import { halunken, seatRange, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';
import { undoable } from './undo.js';

/** Whether `seat` may take back `action` made in `s`, as the game definition records it. */
function mayTakeBack(s: HalunkenState, seat: Seat, action: HalunkenAction): boolean {
  const after = halunken.apply(s, seat, action);
  expect(halunken.undoable?.(s, after, seat)).toBe(undoable(s, after, seat));
  return undoable(s, after, seat);
}

/** A beginner game for three with the captains placed: the first secret choice. */
function choosing(): HalunkenState {
  let s = halunken.setup({ seats: 3, seed: 'undo', options: { variant: 'beginner', long: false } });
  for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
  expect(s.phase.name).toBe('choose');
  return s;
}

describe('Halunken & Spelunken: which moves may be taken back', () => {
  it('a secret movement card while others still choose; not the last one, which reveals them all', () => {
    let s = choosing();
    expect(mayTakeBack(s, 0, { type: 'choose', card: 3 })).toBe(true);
    s = halunken.apply(s, 0, { type: 'choose', card: 3 });
    expect(mayTakeBack(s, 1, { type: 'choose', card: RUM })).toBe(true);
    s = halunken.apply(s, 1, { type: 'choose', card: RUM });
    expect(mayTakeBack(s, 2, { type: 'choose', card: 5 })).toBe(false);
  });

  it('not a placement, a bid or a pass: everyone sees them at once', () => {
    const s = halunken.setup({ seats: 3, seed: 'undo', options: { variant: 'standard', long: false } });
    expect(mayTakeBack(s, 0, { type: 'place', space: 2 })).toBe(false);
    let t = s;
    while (t.phase.name !== 'auction') {
      const seat = halunken.toAct(t)[0] as Seat;
      t = halunken.apply(t, seat, halunken.legalActions(t, seat)[0] as HalunkenAction);
    }
    const bidder = halunken.toAct(t)[0] as Seat;
    for (const action of halunken.legalActions(t, bidder)) expect(mayTakeBack(t, bidder, action)).toBe(false);
  });

  it('the two-player hirer: his own card and Black Jack’s, until the other player has chosen', () => {
    let s = halunken.setup({ seats: 2, seed: 'undo-two', options: { variant: 'standard', long: false } });
    while (s.phase.name !== 'choose' || s.hirer === null) {
      const seat = halunken.toAct(s)[0] as Seat;
      const legal = halunken.legalActions(s, seat);
      s = halunken.apply(s, seat, legal.find((a) => a.type === 'bid') ?? (legal.at(-1) as HalunkenAction));
    }
    const hirer = s.hirer;
    expect(mayTakeBack(s, hirer, { type: 'choose', card: 4 })).toBe(true);
    s = halunken.apply(s, hirer, { type: 'choose', card: 4 });
    expect(mayTakeBack(s, hirer, { type: 'chooseForBlackJack', card: 2 })).toBe(true);
    s = halunken.apply(s, hirer, { type: 'chooseForBlackJack', card: 2 });
    expect(mayTakeBack(s, 1 - hirer, { type: 'choose', card: 6 })).toBe(false);
  });

  it('over whole games: exactly the choices that reveal nothing, and they change nothing anyone else sees but who has chosen', () => {
    const shapes: [HalunkenOptions, number][] = [
      [{ variant: 'beginner', long: false }, 4],
      [{ variant: 'standard', long: false }, 2],
      [{ variant: 'standard', long: true }, 3],
    ];
    let undoables = 0;
    shapes.forEach(([options, seats], k) => {
      const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: 17 + k })[0] as fc.Stream<number>;
      const stream = picks[Symbol.iterator]();
      const pick = (n: number) => (stream.next().value as number) % n;
      expect(seats).toBeGreaterThanOrEqual(seatRange(options).min);
      let s = halunken.setup({ seats, seed: `undo-${k}`, options });
      while (!halunken.isOver(s)) {
        const waiting = halunken.toAct(s);
        const seat = waiting[pick(waiting.length)] as Seat;
        const legal = halunken.legalActions(s, seat);
        const action = legal[pick(legal.length)] as HalunkenAction;
        const after = halunken.apply(s, seat, action);
        const secret = (action.type === 'choose' || action.type === 'chooseForBlackJack') && after.phase.name === 'choose' && after.round === s.round;
        expect(undoable(s, after, seat), JSON.stringify(action)).toBe(secret);
        if (secret) {
          undoables++;
          // The spectators' view changes in the "has chosen" marks and the events only.
          const strip = (x: HalunkenState) => ({ ...halunken.view(x, null), chosen: [], waitingFor: [], blackJackChosen: false, events: [] });
          expect(strip(after)).toEqual(strip(s));
        }
        s = after;
      }
    });
    expect(undoables).toBeGreaterThan(20);
  });
});
