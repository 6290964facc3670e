import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import type { FreibeuterView } from './view.js';

/**
 * Freibeuter's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), everyone's points as they stand (treasure, ships and
 * loans are open), and the turn the board marks, told as the posts tell it: no line names a card
 * drawn, which only its drawer sees.
 */
export function freibeuterAltText(view: FreibeuterView, ctx: PresentContext, post: Pick<GamePresenter<FreibeuterView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const points = view.players.filter((p) => !p.resigned).map((p) => `${nameOf(ctx, p.seat)} ${p.score}`);
  const sentences = [post.status(view, ctx), t('freibeuter.alt.points', { list: points.join(', ') })];
  // Choosing an order or drawing, the turn is still under way; before the first move, the deal is all there is.
  const told = view.phase === 'order' || view.phase === 'draw' ? 'under-way' : view.turn === 1 && !view.over ? 'start' : 'last';
  return [...sentences, ...turnSentence(t, post.describe(view.turnEvents, ctx), told)];
}
