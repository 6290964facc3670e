import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, randomInt, seedRng } from '../../engine/index.js';
import { replay } from '../../service/action-log.js';
import { shanghaien, type Crew, type DieEffect, type ShanghaienAction, type ShanghaienEvent, type ShanghaienState } from './rules.js';
import { act, game, isTrickAction, legal, picker, playRandomly, position, sailor, trick } from './test-positions.js';

/*
 * Rules version 2: the round's start player numbers the row right after his first roll, before
 * any dirty trick. Version 1 (games opened before) let roll again and a joker come first.
 */

const ORIENT_ONLY = [
  { type: 'orient', first: 'left' },
  { type: 'orient', first: 'right' },
];

/** Anne (seat 0) holds these trick cards and an Italian sailor, so that a joker is open to her too. */
const holding = (...effects: DieEffect[]): Partial<Crew>[] => [{ tricks: effects.map(trick), sailors: [sailor('italian', 3)] }, {}];

/**
 * The rulebook's situation: "Anne begint de ronde en dobbelt 2 en 4" and then decides which outer
 * card is card 1. Here she also holds dirty tricks.
 */
const anneRolledTwoAndFour = (rules?: number) =>
  position({ rules, first: null, startPlayer: 0, rolled: [2, 4], crews: holding('adjust', 'place-both', 'reroll') });

describe('Shanghaien: the start player numbers the row right after his first roll (rules version 2)', () => {
  it("the rulebook's example: Anne starts the round and rolls 2 and 4; holding dirty tricks, she may only choose card 1", () => {
    const s = anneRolledTwoAndFour();
    expect(legal(s)).toEqual(ORIENT_ONLY);
    for (const early of [
      { type: 'reroll' },
      { type: 'joker', effect: 'reroll', nation: 'italian' },
      { type: 'place-both' },
      { type: 'place', pips: 2 },
    ] as const) {
      expect(() => act(s, early)).toThrow(IllegalAction);
    }
    // Numbered, the same roll may now be placed or changed by any of her tricks.
    const numbered = act(s, { type: 'orient', first: 'left' });
    expect(legal(numbered)).toEqual([
      { type: 'place', pips: 2 },
      { type: 'place', pips: 4 },
      { type: 'adjust', from: 2, to: 1 },
      { type: 'adjust', from: 2, to: 3 },
      { type: 'adjust', from: 4, to: 3 },
      { type: 'adjust', from: 4, to: 5 },
      { type: 'place-both' },
      { type: 'reroll' },
      { type: 'joker', effect: 'adjust', nation: 'italian' },
      { type: 'joker', effect: 'place-both', nation: 'italian' },
      { type: 'joker', effect: 'reroll', nation: 'italian' },
    ]);
    // Rolling again after the numbering keeps it: the new roll goes to the cards already numbered.
    const rerolled = act(numbered, { type: 'reroll' });
    expect(rerolled.first).toBe('left');
    expect(legal(rerolled).every((a) => a.type === 'place')).toBe(true);
  });

  it('new games are opened under version 2; a game opened under version 1 keeps version 1', () => {
    expect(shanghaien.rulesVersion).toBe(2);
    expect(shanghaien.setup({ seats: 2, seed: 'v', options: {} }).rules).toBe(2);
    expect(shanghaien.setup({ seats: 2, seed: 'v', options: {}, rulesVersion: 1 }).rules).toBe(1);
  });

  it('version 1 (games opened before): roll again and the joker may still come before the numbering, ±1 and place both not', () => {
    const s = anneRolledTwoAndFour(1);
    expect(legal(s)).toEqual([
      ...ORIENT_ONLY,
      { type: 'reroll' },
      { type: 'joker', effect: 'adjust', nation: 'italian' },
      { type: 'joker', effect: 'place-both', nation: 'italian' },
      { type: 'joker', effect: 'reroll', nation: 'italian' },
    ]);
    // She rolls again first and numbers the row after seeing the new roll.
    const rerolled = act(s, { type: 'reroll' });
    expect(rerolled.first).toBeNull();
    expect(legal(rerolled)).toEqual(ORIENT_ONLY);
    // A state stored before states carried their rules version is version 1 too.
    const { rules: _, ...stored } = s;
    expect(shanghaien.legalActions(stored as ShanghaienState, 0)).toEqual(legal(s));
  });
});

/** Checks the order within each round: whether a dirty trick came before the row was numbered. */
function trickBeforeNumbering(events: ShanghaienEvent[]): boolean {
  let numbered = false;
  let early = false;
  for (const e of events) {
    if (e.type === 'round-started') numbered = false;
    else if (e.type === 'oriented') numbered = true;
    else if ((e.type === 'trick' || e.type === 'joker') && !numbered) early = true;
  }
  return early;
}

/** Random play that picks a dirty trick whenever one is offered, so that tricks meet the numbering often. */
function playTrickHappy(seed: string, rulesVersion: number) {
  const choices = seedRng(`choices ${seed}`);
  let s = shanghaien.setup({ seats: 2, seed, options: {}, rulesVersion });
  const events: ShanghaienEvent[] = [...s.events];
  const log: { seat: number; action: ShanghaienAction }[] = [];
  while (!shanghaien.isOver(s)) {
    const options = legal(s);
    const tricks = options.filter(isTrickAction);
    const pool = tricks.length > 0 ? tricks : options;
    const action = pool[randomInt(choices, pool.length)] as ShanghaienAction;
    log.push({ seat: s.current, action });
    s = shanghaien.apply(s, s.current, action);
    events.push(...s.events);
  }
  return { s, log, early: trickBeforeNumbering(events) };
}

describe('Shanghaien: the order of numbering and tricks in random play', () => {
  it('version 2: in every reachable state no dirty trick is offered while the row is unnumbered', () => {
    // States where the start player has just rolled, holds a trick and has not played one this round.
    let tempted = 0;
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        const { events } = playRandomly(
          seed,
          picker(picks),
          (before) => {
            if (before.first !== null) return;
            expect(legal(before).filter(isTrickAction)).toEqual([]);
            if (before.rolled && !before.trickUsed[before.current] && (before.crews[before.current] as Crew).tricks.length > 0) tempted++;
          },
          2,
        );
        expect(trickBeforeNumbering(events)).toBe(false);
      }),
      { numRuns: 60 },
    );
    expect(tempted).toBeGreaterThan(10);
    for (let i = 0; i < 30; i++) expect(playTrickHappy(`order ${i}`, 2).early).toBe(false);
  });

  it('version 1: roll again and the joker are still offered before the numbering, and get played there', () => {
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        playRandomly(
          seed,
          picker(picks),
          (before) => {
            if (before.first !== null || before.rolled === null || before.trickUsed[before.current]) return;
            const crew = before.crews[before.current] as Crew;
            const offered = legal(before).filter(isTrickAction);
            expect(offered.some((a) => a.type === 'reroll')).toBe(crew.tricks.some((c) => c.effect === 'reroll'));
            expect(offered.some((a) => a.type === 'adjust' || a.type === 'place-both')).toBe(false);
          },
          1,
        );
      }),
      { numRuns: 60 },
    );
    const early = Array.from({ length: 30 }, (_, i) => playTrickHappy(`order ${i}`, 1).early);
    expect(early).toContain(true);
  });

  it('random legal play under version 1 and under version 2 replays from the log to the same state', () => {
    fc.assert(
      fc.property(game, fc.constantFrom(1, 2), ({ seed, picks }, rulesVersion) => {
        const { s, log } = playRandomly(seed, picker(picks), undefined, rulesVersion);
        const actions = log.map(([seat, action]) => ({ seat, action: JSON.parse(JSON.stringify(action)) as unknown }));
        expect(replay(shanghaien, { seed, options: {}, rulesVersion }, 2, actions)).toEqual(s);
      }),
      { numRuns: 30 },
    );
  });

  it('an old game with a trick before the numbering replays under version 1, and its log would be refused under version 2', () => {
    const seed = Array.from({ length: 30 }, (_, i) => `order ${i}`).find((k) => playTrickHappy(k, 1).early) as string;
    const { s, log } = playTrickHappy(seed, 1);
    expect(replay(shanghaien, { seed, options: {}, rulesVersion: 1 }, 2, log)).toEqual(s);
    expect(() => replay(shanghaien, { seed, options: {}, rulesVersion: 2 }, 2, log)).toThrow(IllegalAction);
  });
});
