import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import type { ShanghaienView } from './rules.js';
import { finalScoring } from './scoring.js';

/**
 * Shanghaien's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), the points (as the final scoring would count the
 * crews now, all of them open), and the last turn as the posts tell it. The draw pile's order is
 * the one secret, and no view holds it.
 */
export function shanghaienAltText(view: ShanghaienView, ctx: PresentContext, post: Pick<GamePresenter<ShanghaienView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const totals = (view.scoring ?? finalScoring(view.crews)).totals;
  const list = totals.map((points, seat) => `${nameOf(ctx, seat)} ${points}`).join(', ');
  const sentences = [post.status(view, ctx), t(view.over ? 'shanghaien.alt.points' : 'shanghaien.alt.points.now', { list })];
  // Rolled and not yet placed, the turn is still under way; before the first roll, the tavern's row is all there is.
  const told = view.phase === 'rolled' ? 'under-way' : view.turn.every((e) => e.type === 'round-started' && e.round === 1) ? 'start' : 'last';
  return [...sentences, ...turnSentence(t, post.describe(view.turn, ctx), told)];
}
