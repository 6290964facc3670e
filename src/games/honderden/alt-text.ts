import type { GamePresenter, PresentContext } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import { perPlayer, seatsShown } from './texts.js';
import type { HonderdenView } from './view.js';

/**
 * Honderden's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is and the trick on the table (the status line of the posts), the game points, and the
 * last step as the posts tell it. Hands are never in a spectator's view, nor running point totals,
 * nor the roem three players have not yet been told of.
 */
export function honderdenAltText(view: HonderdenView, ctx: PresentContext, post: Pick<GamePresenter<HonderdenView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const points = perPlayer(ctx, seatsShown(view), (seat) => view.gamePoints[seat] ?? 0, null, false);
  // Before the first card, the deal is all there is to tell.
  const told = view.events.every((e) => e.type === 'handDealt' && e.hand === 1) ? 'start' : 'last';
  return [post.status(view, ctx), t('honderden.panel.game-points', { target: view.target, points }), ...turnSentence(t, post.describe(view.events, ctx), told)];
}
