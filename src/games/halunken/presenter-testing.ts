/**
 * What the presenter's tests share: an English context for a table, random legal play over every
 * game shape the bot offers, and the views it is shown.
 */
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import type { Seat } from '../../engine/index.js';
import { halunken, seatRange, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './rules.js';
import { halunkenPresenter as presenter } from './presenter.js';
import { englishTable, TEST_NAMES } from '../../../tests/support/players.js';
import { picksFrom, playRandomSteps } from '../../../tests/support/random-play.js';

export const t = translator('en');
export const NAMES = TEST_NAMES;
export const ctxFor = (seats: number) => englishTable(presenter, seats);
export const ctx = ctxFor(4);

/** Every game shape the bot offers: beginner 3-4, standard 2-4 (2: the two-player rules), short or long. */
export const anyGame = fc.record({
  options: fc.constantFrom<HalunkenOptions>(
    { variant: 'beginner', long: false },
    { variant: 'beginner', long: true },
    { variant: 'standard', long: false },
    { variant: 'standard', long: true },
  ),
  seatPick: fc.nat(2),
  seed: fc.string({ maxLength: 8 }),
  steps: fc.nat(260),
  picks: fc.infiniteStream(fc.nat()),
});

export type Game = { options: HalunkenOptions; seatPick: number; seed: string; steps: number; picks: fc.Stream<number> };

export function seatsOf(game: Pick<Game, 'options' | 'seatPick'>): number {
  const { min, max } = seatRange(game.options);
  return min + (game.seatPick % (max - min + 1));
}

/** Random legal play for `steps` actions; `each` sees every state with the action that led to it. */
export function play(game: Game, each?: (before: HalunkenState, seat: Seat, action: HalunkenAction, after: HalunkenState) => void): HalunkenState {
  return playRandomSteps(halunken, halunken.setup({ seats: seatsOf(game), seed: game.seed, options: game.options }), {
    steps: game.steps,
    pick: picksFrom(game.picks),
    // Any of the seats to act: in a simultaneous step each may choose first.
    seat: 'any',
    ...(each && { each: (step) => each(step.before, step.seat, step.action as HalunkenAction, step.after) }),
  });
}

export const view = (s: HalunkenState, seat: Seat | null) => halunken.view(s, seat);
