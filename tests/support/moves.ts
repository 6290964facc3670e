import type { Seat } from '../../src/engine/index.js';

/** Applies the moves in order and collects the events each left in the state (`state.events`). */
export function runMoves<S extends { events: readonly unknown[] }, A>(
  def: { apply(state: S, seat: Seat, action: A): S },
  state: S,
  moves: readonly (readonly [Seat, A])[],
): { s: S; events: S['events'][number][] } {
  const events: S['events'][number][] = [];
  let s = state;
  for (const [seat, action] of moves) {
    s = def.apply(s, seat, action);
    events.push(...s.events);
  }
  return { s, events };
}
