import type { ActionOutcome } from '../service/game-service.js';
import type { LivePanels } from './live-panels.js';

export interface TurnPostDeps {
  panels: Pick<LivePanels, 'isWatching'>;
}

/**
 * Whether a committed step calls for a board post: the game ended, or the game says a turn
 * passed (its rules' `turnEnded`), or a person must act now who was not waited for before
 * the step and is not at a live panel that shows it him (one he looked at within the last
 * minute). Games that post once per round of turns (one per trick of a card game) rely on live
 * panels between their posts; for someone away from his, the post is how he learns it is his turn.
 */
export function callsForPost(deps: TurnPostDeps, outcome: ActionOutcome): boolean {
  const { game, events, result, waitedFor } = outcome;
  if (result) return true;
  if (game.def.turnEnded(events)) return true;
  if (game.row.status !== 'running') return false;
  return game.def.toAct(game.state).some((seat) => {
    const seated = game.seats[seat];
    return !waitedFor.includes(seat) && seated !== undefined && seated.botLevel === null && !deps.panels.isWatching(game.row.id, seated.userId);
  });
}
