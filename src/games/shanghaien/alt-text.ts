import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import type { ShanghaienView } from './rules.js';
import { finalScoring } from './scoring.js';
import { cardText } from './card-text.js';

/**
 * Shanghaien's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), the points (as the final scoring would count the
 * crews now, all of them open), the tavern's row as the board shows it (each card with its number
 * once chosen and the dice at it), and the last turn as the posts tell it. The draw pile's order is
 * the one secret, and no view holds it.
 */
export function shanghaienAltText(view: ShanghaienView, ctx: PresentContext, post: Pick<GamePresenter<ShanghaienView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const totals = (view.scoring ?? finalScoring(view.crews)).totals;
  const list = totals.map((points, seat) => `${nameOf(ctx, seat)} ${points}`).join(', ');
  const sentences = [post.status(view, ctx), t(view.over ? 'shanghaien.alt.points' : 'shanghaien.alt.points.now', { list })];
  // Rolled and not yet placed, the turn is still under way; before the first roll, the tavern's row is all there is.
  const told = view.phase === 'rolled' ? 'under-way' : view.turn.every((e) => e.type === 'round-started' && e.round === 1) ? 'start' : 'last';
  return [...sentences, ...rowSentence(view, ctx), ...turnSentence(t, post.describe(view.turn, ctx), told)];
}

/** "The tavern, left to right on the board: card 6: Brit 4 (dice: Anne 1, Bart 2); …", while cards lie there. */
function rowSentence(view: ShanghaienView, ctx: PresentContext): string[] {
  const { t } = ctx;
  if (view.row.length === 0) return [];
  const slots = view.row.map((slot) => {
    const card = cardText(t, slot.card);
    const named = slot.position === null ? card : t('shanghaien.alt.slot', { number: slot.position, card });
    const dice = slot.dice.flatMap((count, seat) => (count > 0 ? [`${nameOf(ctx, seat)} ${count}`] : []));
    return dice.length === 0 ? named : `${named} ${t('shanghaien.alt.dice', { list: dice.join(', ') })}`;
  });
  return [t('shanghaien.alt.row', { list: slots.join('; ') })];
}
