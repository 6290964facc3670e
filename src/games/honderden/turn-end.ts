import type { HonderdenEvent } from './state.js';

/**
 * Events that wait for a later post: the steps before a card (swap, roem, stuk, the last draw),
 * and a card that does not end its trick (live panels show it as it is played).
 */
const QUIET: ReadonlySet<HonderdenEvent['type']> = new Set(['swapped', 'declared', 'rejecting', 'stuk', 'took', 'stockEmpty', 'played']);

/**
 * A trick closes (with all of its cards, and what the trick ended: a hand, the match), or a roem
 * answer, a claim or a resignation: a post once per trick. A person whose turn comes within a trick
 * and who has no live panel is told by a post of his own (src/discord/turn-posts.ts).
 */
export function turnEnded(events: unknown[]): boolean {
  return (events as HonderdenEvent[]).some((e) => !QUIET.has(e.type));
}
