import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { chooseAction, type Level } from './index.js';

/** At most this many steps are planned for one absent player (no game's move needs nearly as many). */
const MAX_STEPS = 50;

/**
 * The move a bot player makes for seats whose time ran out: for each seat in turn, its choices
 * while the decision is still his, until `endsMove` says his move is over (the game's presenter
 * knows: the step after which it posts). The service plays the plan only if the game is still in
 * the state it was made for, step by step, falling back to the game's safe move otherwise.
 */
export function planStandIn(
  def: AnyGameDefinition,
  state: unknown,
  seats: readonly Seat[],
  options: { level: Level; seed: string },
  endsMove: (state: unknown) => boolean,
): [Seat, unknown[]][] {
  const plan: [Seat, unknown[]][] = [];
  let current = state;
  for (const seat of seats) {
    const steps: unknown[] = [];
    for (let step = 0; step < MAX_STEPS && !def.isOver(current) && def.toAct(current).includes(seat); step++) {
      const action: unknown = chooseAction(def, current, seat, { level: options.level, seed: `${options.seed}/${seat}/${step}` });
      steps.push(action);
      current = def.apply(current, seat, action);
      if (endsMove(current)) break;
    }
    plan.push([seat, steps]);
  }
  return plan;
}
