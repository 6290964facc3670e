import { describe, expect, it } from 'vitest';
import { playAgainstRandom } from '../../ai/heuristic-match.js';
import { expectViewOnly } from '../../ai/heuristic-testing.js';
import { seedRng } from '../../engine/index.js';
import { honderdenHeuristic } from './heuristic.js';
import { honderden, type Card, type HonderdenAction, type HonderdenView } from './rules.js';

/** A two-player view of seat 0 in the first part of a hand, spades trump, the opponent having led `led`. */
function following(hand: Card[], led: Card | null, changes: Partial<HonderdenView> = {}): HonderdenView {
  const view = honderden.view(honderden.setup({ seats: 2, seed: 'hand-made', options: { target: 5 } }), 0);
  return {
    ...view,
    trump: 'S',
    turnedUp: '8S',
    trumpCard: '8S',
    hand,
    handSizes: [hand.length, 9],
    knownCards: [[], []],
    trick: { leader: led ? 1 : 0, plays: led ? [{ seat: 1, card: led }] : [] },
    dutyToFollow: false,
    ...changes,
  };
}

const plays = (cards: Card[]): HonderdenAction[] => cards.map((card) => ({ type: 'play', card }));
const choice = (view: HonderdenView, legal: HonderdenAction[]) => legal[honderdenHeuristic(view, legal, 0, seedRng('choice'))];

describe('Honderden heuristic player', () => {
  it('chooses the same in states it cannot tell apart (the others’ hands and the stock drawn anew)', () => {
    for (const seats of [2, 3]) expectViewOnly(honderden, honderdenHeuristic, { seats, options: { target: 2 }, maxSteps: 150 }, 25);
  });

  it('takes a trick worth having with its cheapest winning card, sparing trumps', () => {
    const hand: Card[] = ['AH', 'JS', '7C'];
    expect(choice(following(hand, 'TH'), plays(hand))).toEqual({ type: 'play', card: 'AH' });
  });

  it('throws the card that gives least away when it cannot take the trick', () => {
    const hand: Card[] = ['TD', '9C', 'KH'];
    expect(choice(following(hand, 'AH'), plays(hand))).toEqual({ type: 'play', card: '9C' });
  });

  it('swaps the trump 7, declares its roem and stuk before it plays, and answers a declaration with a rejection', () => {
    const hand: Card[] = ['7S', 'KS', 'QS', 'AH'];
    const first: HonderdenAction[] = [{ type: 'swap' }, { type: 'stuk' }, ...plays(hand)];
    expect(choice(following(hand, null), first)).toEqual({ type: 'swap' });
    const roem: HonderdenAction[] = [{ type: 'declare', roem: { kind: 'sequence', length: 3, top: 'A' } }, { type: 'stuk' }, ...plays(hand)];
    expect(choice(following(hand, null), roem)).toEqual(roem[0]);
    expect(choice(following(hand, null), roem.slice(1))).toEqual({ type: 'stuk' });
    const answer: HonderdenAction[] = [{ type: 'reject', roem: { kind: 'carre' } }, { type: 'done' }];
    expect(choice(following(hand, null, { phase: 'roemAnswer' }), answer)).toEqual(answer[0]);
  });

  it('claims ("ik dek") only when the points it can count make 100', () => {
    const hand: Card[] = ['9C', 'AH'];
    const steps: HonderdenAction[] = [{ type: 'claim' }, ...plays(hand)];
    // Carried from earlier hands of the game, plus stuk: 85 + 20.
    expect(choice(following(hand, null, { carried: [85, 40], stuk: [true, false] }), steps)).toEqual({ type: 'claim' });
    expect(choice(following(hand, null, { carried: [75, 40], stuk: [true, false] }), steps)).not.toEqual({ type: 'claim' });
  });

  it('beats a random player in at least 90 % of two-player games, seats rotated', () => {
    const figures = playAgainstRandom(honderden, honderdenHeuristic, { seats: 2, options: { target: 1 } }, 40, 'honderden-2');
    expect(figures.wins).toBeGreaterThanOrEqual(36);
  });

  // Three players: a hand's points are split three ways and carried on, so one game is much luck;
  // a match to 5 game points tells players apart. Twice the chance of a random seat at least.
  it('wins most three-player matches against random players', () => {
    const figures = playAgainstRandom(honderden, honderdenHeuristic, { seats: 3, options: { target: 5 } }, 30, 'honderden-3');
    expect(figures.wins).toBeGreaterThanOrEqual(20);
    expect(figures.meanReward).toBeGreaterThanOrEqual(0.75);
  });
});
