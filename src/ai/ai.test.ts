import { describe, expect, it } from 'vitest';
import { chooseAction, decideAction, LEVEL_LIMITS } from './index.js';
import { rewardsOf } from './reward.js';
import { planStandIn } from './stand-in.js';
import { bluff, guess, nim } from './toy-games-testing.js';

const unlimited = { budgetMs: Number.POSITIVE_INFINITY };

describe('the search', () => {
  it('finds the winning move where everything is open: Nim leaves a multiple of 4', () => {
    for (const pile of [5, 6, 7, 9, 10, 11]) {
      const state = nim.setup({ seats: 2, seed: 's', options: { pile } });
      expect(chooseAction(nim, state, 0, { level: 'normal', seed: `nim-${pile}`, ...unlimited }), `pile ${pile}`).toBe(pile % 4);
    }
  });

  it('returns one of the legal actions, the same one for the same seed', () => {
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 8 } });
    const first = chooseAction(nim, state, 0, { level: 'easy', seed: 'same', ...unlimited });
    expect(nim.legalActions(state, 0)).toContain(first);
    for (let i = 0; i < 5; i++) expect(chooseAction(nim, state, 0, { level: 'easy', seed: 'same', ...unlimited })).toBe(first);
  });

  it('easy slips now and then: in some decisions it draws its move by the visits of its search; mostly the best, the same for a seed', () => {
    // With 7 left, taking 3 wins; easy's short search finds it (it takes it 39 times in 40 when it
    // takes its most visited move) but does not always play it.
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 7 } });
    const picks = Array.from({ length: 40 }, (_, i) => chooseAction(nim, state, 0, { level: 'easy', seed: `draw-${i}`, ...unlimited }));
    const best = picks.filter((p) => p === 3).length;
    expect(best).toBeGreaterThan(20);
    expect(best).toBeLessThan(40);
    expect(picks.every((p) => nim.legalActions(state, 0).includes(p))).toBe(true);
    // Normal takes the most visited move, whatever the seed.
    for (let i = 0; i < 10; i++) expect(chooseAction(nim, state, 0, { level: 'normal', seed: `draw-${i}`, ...unlimited })).toBe(3);
  });

  it('cannot see what is hidden: the same choice whatever the hidden card, and a search that looked would differ', () => {
    const red = { rules: 1, card: 'red' as const, guess: null };
    const black = { rules: 1, card: 'black' as const, guess: null };
    for (const seed of ['a', 'b', 'c', 'd']) {
      expect(chooseAction(guess, red, 0, { level: 'normal', seed, ...unlimited })).toBe(chooseAction(guess, black, 0, { level: 'normal', seed, ...unlimited }));
    }
    // The control: with a determinization that keeps the real card, the search finds it every time.
    const cheat = { ...guess, determinize: (s: typeof red | typeof black) => s };
    expect(chooseAction(cheat, red, 0, { level: 'normal', seed: 'a', ...unlimited })).toBe('red');
    expect(chooseAction(cheat, black, 0, { level: 'normal', seed: 'a', ...unlimited })).toBe('black');
  });
});

describe("a game's own help to the search", () => {
  it('an obvious step, judged from the view, is taken without a search; a level is its iterations, whatever the clock', () => {
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 9 } });
    const views: unknown[] = [];
    const takeOne = { ...nim, obviousStep: (view: unknown, legal: number[]) => (views.push(view), legal.includes(1) ? 1 : undefined) };
    expect(decideAction(takeOne, state, 0, { level: 'hard', seed: 'x' })).toEqual({ action: 1, iterations: 0, capped: false });
    expect(views[0]).toEqual(nim.view(state, 0));
    const searched = decideAction(nim, state, 0, { level: 'normal', seed: 'x' });
    expect(searched).toEqual({ action: 1, iterations: LEVEL_LIMITS.normal.iterations, capped: false });
    // Only the safety cap stops a search short of its level, and says so.
    expect(decideAction(nim, state, 0, { level: 'hard', seed: 'x', budgetMs: 0 }).capped).toBe(true);
  });

  it("simulated games follow the game's playout policy where it has one", () => {
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 9 } });
    let asked = 0;
    const greedy = { ...nim, playoutAction: (_: unknown, __: number, legal: number[]) => (asked++, Math.max(...legal)) };
    chooseAction(greedy, state, 0, { level: 'easy', seed: 'p', ...unlimited });
    expect(asked).toBeGreaterThan(0);
  });

  it("the tree tries only the game's searched actions, all of them when it leaves none", () => {
    // With 7 left, taking 3 wins; a game that leaves it out of the search makes the bot take another.
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 7 } });
    const noThree = { ...nim, searchActions: (_: unknown, __: number, legal: number[]) => legal.filter((n) => n !== 3) };
    for (const seed of ['a', 'b']) expect(chooseAction(noThree, state, 0, { level: 'normal', seed, ...unlimited })).not.toBe(3);
    const none = { ...nim, searchActions: () => [] };
    expect(chooseAction(none, state, 0, { level: 'normal', seed: 'a', ...unlimited })).toBe(3);
  });
});

describe("the others' choices in the search's tree", () => {
  it("where the others play by the game's policy in the tree, the answer that depends on their hand is seen", () => {
    const state = bluff.setup({ seats: 2, seed: 'deal', options: {} });
    const seeds = Array.from({ length: 12 }, (_, i) => `seed-${i}`);
    const choose = (def: typeof bluff) => seeds.map((seed) => chooseAction(def, state, 0, { level: 'normal', seed, ...unlimited }));
    expect(choose({ ...bluff, othersByPolicy: () => true })).toEqual(seeds.map(() => 'safe'));
    // The control: one tree for every deal answers alike whatever seat 1 holds, so bold looks better than it is.
    expect(choose(bluff)).toEqual(seeds.map(() => 'bold'));
  });
});

describe('rewards', () => {
  it('count the share of the others a seat finished ahead of, ties half', () => {
    expect(rewardsOf({ scores: [3, 1], ranking: [[0], [1]] })).toEqual([1, 0]);
    expect(rewardsOf({ scores: [1, 5, 3], ranking: [[1], [2], [0]] })).toEqual([0, 1, 0.5]);
    expect(rewardsOf({ scores: [2, 2, 1, 0], ranking: [[0, 1], [2], [3]] })).toEqual([5 / 6, 5 / 6, 1 / 3, 0]);
  });
});

describe('standing in for absent players', () => {
  it("plans a seat's steps until its move ends, with the search's choices", () => {
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 10 } });
    const plan = planStandIn(nim, state, [0], { level: 'normal', seed: 'absent' }, () => true);
    expect(plan).toEqual([[0, [2]]]);
  });
});
