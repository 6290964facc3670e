import type { AnyGameDefinition } from './contract.js';

/** The public events of the latest step, from the spectator's view (every view carries `events`). */
export function publicEvents(def: AnyGameDefinition, state: unknown): unknown[] {
  const view = def.view(state, null) as { events?: unknown[] };
  return view.events ?? [];
}
