import { describe, expect, it } from 'vitest';
import { playAgainstRandom } from '../../ai/heuristic-match.js';
import { expectViewOnly } from '../../ai/heuristic-testing.js';
import { seedRng } from '../../engine/index.js';
import type { SailorCard } from './cards.js';
import { halunkenHeuristic } from './heuristic.js';
import { halunken, type HalunkenAction, type HalunkenView } from './rules.js';

const yellow = (value: number): SailorCard => ({ colour: 'yellow', value });
const red = (value: number): SailorCard => ({ colour: 'red', value });
const grey = (value: number): SailorCard => ({ colour: 'grey', value });

/** A view of seat 0 at the first choice of movement cards (three players, beginner game), to be changed by hand. */
function firstChoice(): HalunkenView {
  let s = halunken.setup({ seats: 3, seed: 'hand-made', options: { variant: 'beginner', long: false } });
  for (const space of [0, 5, 10]) s = halunken.apply(s, halunken.toAct(s)[0] as number, { type: 'place', space });
  const view = halunken.view(s, 0);
  expect(view.phase.name).toBe('choose');
  return { ...view, taverns: view.taverns.map(() => ({ top: yellow(1), hidden: 2 })) };
}

/** The heuristic's choice among `legal` for seat 0 in `view`. */
const choice = (view: HalunkenView, legal: HalunkenAction[]) => legal[halunkenHeuristic(view, legal, 0, seedRng('choice'))];
const choices = (cards: (number | 'rum')[]) => cards.map((card): HalunkenAction => ({ type: 'choose', card }));

describe('Halunken & Spelunken heuristic player', () => {
  const variants = [
    { seats: 2, options: { variant: 'standard' } },
    { seats: 3, options: { variant: 'standard' } },
  ];

  it('chooses the same in states it cannot tell apart (face-down sailors and secret choices drawn anew)', () => {
    for (const c of variants) expectViewOnly(halunken, halunkenHeuristic, { ...c, maxSteps: 100 }, 30);
  });

  it('moves to the sailor worth most to its crew, a card of its doubled colour counting twice', () => {
    const view = firstChoice();
    // Only the sailors count here: the others hold no movement cards that could interfere.
    const hands = view.hands.map((hand, seat) => (seat === 0 ? [4, 6] : []));
    const taverns = view.taverns.map((t, space) => (space === 4 ? { ...t, top: red(8) } : space === 6 ? { ...t, top: yellow(10) } : t));
    // With red doubled, a red 8 adds 16; a yellow 10 adds 10.
    const crews = view.crews.map((crew, seat) => (seat === 0 ? [red(9), red(7), yellow(3)] : crew));
    expect(choice({ ...view, hands, taverns, crews }, choices([4, 6]))).toEqual({ type: 'choose', card: 4 });
    // Without a colour to double, the yellow 10 is worth more.
    const single = view.crews.map((crew, seat) => (seat === 0 ? [grey(3)] : crew));
    expect(choice({ ...view, hands, taverns, crews: single }, choices([4, 6]))).toEqual({ type: 'choose', card: 6 });
  });

  it('gives Black Jack the card it misses least, and steals the one worth most', () => {
    const view = { ...firstChoice(), crews: [[red(15), red(4), yellow(1)], [grey(13), grey(2)], []] };
    expect(
      choice(
        view,
        [red(15), red(4), yellow(1)].map((card): HalunkenAction => ({ type: 'give', card })),
      ),
    ).toEqual({ type: 'give', card: yellow(1) });
    const decide: HalunkenView = { ...view, phase: { name: 'decide', decision: { kind: 'landingSteal', seat: 0, victim: 1, by: 'captain' } } };
    expect(choice(decide, [{ type: 'steal', card: grey(13) }, { type: 'steal', card: grey(2) }, { type: 'skipSteal' }])).toEqual({
      type: 'steal',
      card: grey(13),
    });
  });

  it('hires Black Jack with a cheap card when he promises robberies, never with its best', () => {
    const auction = (crews: SailorCard[][]): HalunkenView => ({
      ...firstChoice(),
      variant: 'standard',
      phase: { name: 'auction', order: [0, 1, 2], bids: [], passed: [] },
      crews,
    });
    const offers = (crew: SailorCard[]): HalunkenAction[] => [{ type: 'pass' }, ...crew.map((card): HalunkenAction => ({ type: 'bid', card }))];
    const rich = [
      [yellow(1), red(15)],
      [grey(13), grey(11), grey(10)],
      [red(11), red(10), red(9)],
    ];
    expect(choice(auction(rich), offers([yellow(1), red(15)]))).toEqual({ type: 'bid', card: yellow(1) });
    const poor = [[red(15)], [yellow(2)], [yellow(3)]];
    expect(choice(auction(poor), offers([red(15)]))).toEqual({ type: 'pass' });
  });

  it('beats random players in at least 90 % of two-player games, seats rotated', () => {
    const figures = playAgainstRandom(halunken, halunkenHeuristic, { seats: 2, options: { variant: 'standard' } }, 40, 'halunken-2');
    expect(figures.wins).toBeGreaterThanOrEqual(36);
  });

  // Three players (the beginner game has no two-player form): more luck, as landing on a captain and
  // Black Jack's robberies take from the biggest crews. Wins at twice the chance of a random seat at
  // least, and ahead of three random players in four.
  it('finishes ahead of random players in three-player games', () => {
    for (const variant of ['beginner', 'standard'] as const) {
      const figures = playAgainstRandom(halunken, halunkenHeuristic, { seats: 3, options: { variant } }, 60, `halunken-3-${variant}`);
      expect(figures.wins, variant).toBeGreaterThanOrEqual(40);
      expect(figures.meanReward, variant).toBeGreaterThanOrEqual(0.75);
    }
  });
});
