/**
 * What the presenter's tests share: an English context for a table, random legal play for two
 * and three players, the views it is shown, and the cards a text names.
 */
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import type { Seat } from '../../engine/index.js';
import { honderden, type Card, type HonderdenAction, type HonderdenState, type Suit } from './rules.js';
import { honderdenPresenter as presenter } from './presenter.js';
import { englishTable, TEST_NAMES } from '../../../tests/support/players.js';
import { picksFrom, playRandomSteps } from '../../../tests/support/random-play.js';

export const t = translator('en');
export const NAMES = TEST_NAMES;
export const ctxFor = (seats: number) => englishTable(presenter, seats);

export const anyGame = fc.record({
  seats: fc.constantFrom(2, 3),
  seed: fc.string({ maxLength: 8 }),
  target: fc.integer({ min: 1, max: 3 }),
  steps: fc.nat(400),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
});
export type Game = { seats: number; seed: string; target: number; steps: number; picks: fc.Stream<number>; resigns?: boolean };

/**
 * Random legal play for `steps` actions (claims seldom, now and then a resignation); `each` sees
 * every state after an action, with the state before it.
 */
export function play(game: Game, each?: (after: HonderdenState, before: HonderdenState, seat: Seat, action: HonderdenAction | null) => void): HonderdenState {
  const pick = picksFrom(game.picks);
  return playRandomSteps(honderden, honderden.setup({ seats: game.seats, seed: game.seed, options: { target: game.target } }), {
    steps: game.steps,
    pick,
    ...(game.resigns && { resign: (s) => (pick(250) === 0 ? (s.players[pick(s.players.length)] as Seat) : null) }),
    choose: (legal) => {
      const action = legal[pick(legal.length)] as HonderdenAction;
      return action.type === 'claim' && pick(6) !== 0 ? (legal.at(-1) as HonderdenAction) : action;
    },
    ...(each && { each: (step) => each(step.after, step.before, step.seat, step.action) }),
  });
}

export const view = (s: HonderdenState, seat: Seat | null) => honderden.view(s, seat);

/** The cards named in a text ("10♥", "A♠"). */
export const CARD_TEXT = /(10|[789JQKA])([♠♥♣♦])/g;
export const SUIT_OF: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♣': 'C', '♦': 'D' };
export function cardsIn(text: string): Card[] {
  return [...text.matchAll(CARD_TEXT)].map((m) => `${m[1] === '10' ? 'T' : m[1]}${SUIT_OF[m[2] as string]}` as Card);
}

/** Cards in a seat's hand that nobody else may know (not shown, not taken openly). */
export const secretCards = (s: HonderdenState, seat: Seat) => (s.hands[seat] ?? []).filter((c) => !s.known[seat]?.includes(c));
