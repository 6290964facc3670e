/**
 * Shared by Freibeuter's presenter tests: English contexts for 2 to 4 players, random play that
 * reaches rings, captures and orders of resolution, and hand-made positions on a 3-player sea.
 */
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import type { Seat } from '../../engine/index.js';
import { FIELDS, freibeuter, pointAt, type FieldName, type FreibeuterAction, type FreibeuterState, type Token } from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { englishTable, TEST_NAMES } from '../../../tests/support/players.js';
import { picksFrom, playRandomSteps } from '../../../tests/support/random-play.js';

export const t = translator('en');
export const NAMES = TEST_NAMES;
export const ctxFor = (seats: number) => englishTable(presenter, seats);
export const ctx = ctxFor(4);

export const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  seed: fc.string({ maxLength: 8 }),
  steps: fc.nat(160),
  picks: fc.infiniteStream(fc.nat()),
});

export type Game = { seats: number; seed: string; steps: number; picks: fc.Stream<number> };

/**
 * Play for `steps` actions, now by type (a Dutchman card when there is one, then sea cards, then
 * boarding) and now uniformly, so that games reach rings, captures and orders of resolution;
 * `each` sees every step.
 */
export function play(game: Game, each?: (before: FreibeuterState, seat: Seat, action: FreibeuterAction, after: FreibeuterState) => void): FreibeuterState {
  const pick = picksFrom(game.picks);
  return playRandomSteps(freibeuter, freibeuter.setup({ seats: game.seats, seed: game.seed, options: {} }), {
    steps: game.steps,
    pick,
    choose: (legal, s) => {
      const of = (...types: FreibeuterAction['type'][]) => legal.filter((a) => types.includes(a.type));
      const r = pick(10);
      let pool = legal;
      if (r < 8 && s.phase === 'turn') {
        const dutchman = of('dutchman');
        const sea = of('place', 'takeTreasure');
        pool = dutchman.length > 0 && r < 4 ? dutchman : sea.length > 0 && r < 7 ? sea : legal;
      }
      return pool[pick(pool.length)] as FreibeuterAction;
    },
    ...(each && { each: (step) => each(step.before, step.seat, step.action as FreibeuterAction, step.after) }),
  });
}

export const view = (s: FreibeuterState, seat: Seat | null) => freibeuter.view(s, seat);
export const labels = (panel: { groups: { choices: { label: string }[] }[] }) => panel.groups.flatMap((g) => g.choices.map((c) => c.label));

/** Puts `token` on `point`, moving what lay there to where `token` lay, so the set stays whole. */
export function withToken(tokens: (Token | null)[], point: number, token: Token): (Token | null)[] {
  const next = [...tokens];
  const from = next.findIndex((tk) => tk !== null && JSON.stringify(tk) === JSON.stringify(token));
  if (from >= 0) next[from] = next[point] ?? null;
  next[point] = token;
  return next;
}

/** A hand-made position on a fresh 3-player sea, Anne (seat 0) to move. */
export function position(p: {
  boats?: Partial<Record<FieldName, Seat[]>>;
  tokens?: Record<string, Token>;
  boarded?: Record<string, Seat>;
  hand?: { sea: FieldName[]; dutchman: ('A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | '1' | '2' | '3' | '4' | '5' | '6' | '7')[] };
}): FreibeuterState {
  const base = freibeuter.setup({ seats: 3, seed: 'position', options: {} });
  let tokens = base.tokens;
  for (const [field, token] of Object.entries(p.tokens ?? {})) tokens = withToken(tokens, pointAt(field as FieldName), token);
  const boarded = tokens.map(() => null as Seat | null);
  for (const [field, seat] of Object.entries(p.boarded ?? {})) boarded[pointAt(field as FieldName)] = seat;
  const sea = FIELDS.map((name) => [...(p.boats?.[name] ?? [])]);
  const players = base.players.map((pl, seat) => (seat === 0 && p.hand ? { ...pl, hand: { sea: [...p.hand.sea], dutchman: [...p.hand.dutchman] } } : pl));
  return { ...base, tokens, sea, boarded, players, current: 0, phase: 'turn', events: [] };
}

/**
 * Anne sails the Dutchman of row C to C3 and closes Bart's 15 at B2-C3 (he owes 9) and Cees's 20
 * at B3-C4 (he owes 16), Bart holding 2 and Cees 10: whoever pays first borrows more, so she
 * chooses the order (under rules version 1: one ring at a time).
 */
export function orderChoice(rules = freibeuter.rulesVersion): FreibeuterState {
  const s = position({
    tokens: { B2: { kind: 'ship', value: 15 }, B3: { kind: 'ship', value: 20 } },
    boarded: { B2: 1, B3: 2 },
    boats: { B2: [0], B3: [0, 1], C2: [2], B4: [1], C4: [0] },
    hand: { sea: ['A1', 'D4', 'E5', 'G7'], dutchman: ['C'] },
  });
  const players = s.players.map((p, seat) => ({ ...p, treasure: [20, 2, 10][seat] as number }));
  return freibeuter.apply({ ...s, rules, players }, 0, { type: 'dutchman', line: 'C', field: 'C3' });
}
