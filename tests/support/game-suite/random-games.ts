/**
 * Seeded random games for the conformance suite: whole games of random legal actions by random
 * seats among those to act, now and then a resignation, each state's JSON noted as it was reached
 * so that a later mutation of it (by `apply`, or through an array two states share) shows.
 */
import { indexOfAction, nextUint32, seedRng, type AnyGameDefinition, type RngState, type Seat } from '../../../src/engine/index.js';
import type { GameCase } from '../../../src/games/define-game.js';

/** A resignation as the action log writes it. */
export const RESIGN = { $: 'resign' } as const;
export const isResign = (action: unknown) => JSON.stringify(action) === JSON.stringify(RESIGN);

export interface Step {
  seat: Seat;
  /** A legal action, or `RESIGN`. */
  action: unknown;
  before: unknown;
  after: unknown;
}

export interface RandomGame {
  seed: string;
  options: unknown;
  seats: number;
  start: unknown;
  steps: Step[];
  end: unknown;
  /** Each state's JSON as it was reached: the start, then each step's `after`. */
  snapshots: string[];
}

/** Longer than any game of the five; a game that runs past it does not end. */
export const MAX_STEPS = 20_000;

const pick = <T>(rng: RngState, items: readonly T[]): T => items[nextUint32(rng) % items.length] as T;

/**
 * One random game. Every third game one seat to act resigns at a random early step (the others
 * play on, or the game ends), so that resigning is played and replayed too.
 */
export function playRandomGame(def: AnyGameDefinition, c: GameCase, index: number): RandomGame {
  const seed = `conformance/${c.label}/${index}`;
  const rng = seedRng(`choices/${seed}`);
  const options: unknown = def.options.parse(c.options);
  const resignAt = index % 3 === 2 ? nextUint32(rng) % 40 : -1;
  const start: unknown = def.setup({ seats: c.seats, seed, options });
  const steps: Step[] = [];
  const snapshots = [JSON.stringify(start)];
  let state = start;
  while (!def.isOver(state)) {
    if (steps.length >= MAX_STEPS) throw new Error(`${seed}: no end after ${MAX_STEPS} steps`);
    const seat = pick(rng, def.toAct(state));
    const action = steps.length === resignAt ? RESIGN : pick(rng, def.legalActions(state, seat) as unknown[]);
    const after: unknown = isResign(action) ? def.resign(state, seat) : def.apply(state, seat, action);
    steps.push({ seat, action, before: state, after });
    snapshots.push(JSON.stringify(after));
    state = after;
  }
  return { seed, options, seats: c.seats, start, steps, end: state, snapshots };
}

/** The state the log reaches from the seed and options alone: replay as the service does it. */
export function replay(def: AnyGameDefinition, game: Pick<RandomGame, 'seed' | 'options' | 'seats' | 'steps'>): unknown {
  let state: unknown = def.setup({ seats: game.seats, seed: game.seed, options: game.options });
  for (const { seat, action } of game.steps) state = isResign(action) ? def.resign(state, seat) : def.apply(state, seat, action);
  return state;
}

/** Every state of the game, start first. */
export const statesOf = (game: RandomGame): unknown[] => [game.start, ...game.steps.map((s) => s.after)];

/** About `count` states spread over the game, always the first and the last. */
export function sampleStates(game: RandomGame, count: number): unknown[] {
  const states = statesOf(game);
  const stride = Math.max(1, Math.ceil(states.length / count));
  return states.filter((_, i) => i % stride === 0 || i === states.length - 1);
}

/** About `count` steps spread over the game. */
export function sampleSteps(game: RandomGame, count: number): Step[] {
  const stride = Math.max(1, Math.ceil(game.steps.length / count));
  return game.steps.filter((_, i) => i % stride === 0);
}

/** Whether `action` is listed among `legal`, by the action identity the service and the games use. */
export function isListed(legal: readonly unknown[], action: unknown): boolean {
  return indexOfAction(legal, action) >= 0;
}

/**
 * Actions a forged click or a tampered log could bring: nonsense, and each legal action with one
 * field changed (a number far out of range or negative, a string renamed, a flag turned, a field
 * dropped). Those that happen to be legal are left out by the caller.
 */
export function forgeries(legal: readonly unknown[]): unknown[] {
  const forged: unknown[] = [null, 7, 'forged', [], {}, { type: 'forged' }];
  for (const action of legal.slice(0, 3)) forged.push(...mutants(action));
  return forged;
}

/** A legal action with a field it does not have: see `expectRefusals`. */
export const withExtraField = (action: unknown): unknown => (isRecord(action) ? { ...action, forged: true } : undefined);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value with one leaf changed or one field dropped, every way once. */
function mutants(value: unknown): unknown[] {
  if (typeof value === 'number') return [value + 1000, -1 - value, value + 0.5];
  if (typeof value === 'string') return [`${value}-forged`];
  if (typeof value === 'boolean') return [!value];
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    return items.flatMap((item, i) => mutants(item).map((m) => items.map((old, j) => (j === i ? m : old))));
  }
  if (!isRecord(value)) return [];
  return Object.keys(value).flatMap((key) => [
    ...mutants(value[key]).map((m) => ({ ...value, [key]: m })),
    Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)),
  ]);
}

/** Every place in `value` where `found` holds, as paths ("events.3.rng"). */
export function pathsWhere(value: unknown, found: (key: string, item: unknown) => boolean, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = path ? `${path}.${key}` : key;
    return [...(found(key, item) ? [here] : []), ...pathsWhere(item, found, here)];
  });
}
