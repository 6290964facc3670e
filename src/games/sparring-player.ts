import { randomInt, type RngState, type Seat } from '../engine/index.js';

/*
 * Sparring partner B: a second rule-of-thumb player per game, written from the rules alone by
 * someone who had not read the bots or the first heuristic players, so that the bot levels are
 * measured against an opponent they were not tuned on (docs/bots.md, "Sparring partner B").
 */

/**
 * One seat's player for one game. Like a person at the table it sees each step as it happens
 * (`observe`, with that seat's view only) and may remember what it saw: the cards played so
 * far in a trick-taking game, say. It chooses one of the legal actions from its view alone.
 */
export interface SparringSeat<V, A> {
  /** The table as this seat sees it, after the setup and after every step (anyone's). */
  observe?(view: V): void;
  /** One of `legal`; `rng` breaks ties, so a seeded game plays the same every time. */
  choose(view: V, legal: readonly A[], rng: RngState): A;
}

/** A fresh player for a seat at a new game. */
export type SparringPlayer<V, A> = (seat: Seat) => SparringSeat<V, A>;

/**
 * The item with the highest score; among items within `tolerance` of the best, one drawn with
 * `rng`, so that ties are broken the same way for the same seed and not always towards the first.
 */
export function bestBy<T>(items: readonly T[], score: (item: T) => number, rng: RngState, tolerance = 1e-9): T {
  if (items.length === 0) throw new Error('nothing to choose from');
  const scores = items.map(score);
  const best = Math.max(...scores);
  const top = items.filter((_, i) => (scores[i] as number) >= best - tolerance);
  return top.length === 1 ? (top[0] as T) : (top[randomInt(rng, top.length)] as T);
}
