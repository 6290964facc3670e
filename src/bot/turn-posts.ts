import type { AnyGamePresenter } from '../games/presenter.js';
import type { ActionOutcome } from '../service/game-service.js';
import type { LivePanels } from './live-panels.js';

export interface TurnPostDeps {
  presenters: Record<string, AnyGamePresenter>;
  panels: Pick<LivePanels, 'isWatching'>;
}

/**
 * Whether a committed step calls for a board post: the game ended, or the game says a turn
 * passed (its presenter's `postAfter`), or a person must act now who was not waited for before
 * the step and is not at a live panel that shows it him (one he looked at within the last
 * minute). Games that post once per round of turns (Honderden: once per trick) rely on live
 * panels between their posts; for someone away from his, the post is how he learns it is his turn.
 */
export function callsForPost(deps: TurnPostDeps, outcome: ActionOutcome): boolean {
  const { game, events, result, waitedFor } = outcome;
  if (result) return true;
  if (deps.presenters[game.row.gameId]?.postAfter(events)) return true;
  if (game.row.status !== 'running') return false;
  return (game.def.toAct(game.state) as number[]).some((seat) => {
    const seated = game.seats[seat];
    return !waitedFor.includes(seat) && seated !== undefined && seated.botLevel === null && !deps.panels.isWatching(game.row.id, seated.userId);
  });
}
