import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import { tokenLabel } from './labels.js';
import type { FreibeuterView } from './view.js';

/**
 * Freibeuter's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), everyone's points as they stand (treasure, ships and
 * loans are open), the turn the board marks, told as the posts tell it (no line names a card drawn,
 * which only its drawer sees), then the boats around each ship and who boarded it. A turn is a few
 * lines but a crowded sea some twenty ships: each ship is a sentence of its own, so that what does
 * not fit is the last ships, whole.
 */
export function freibeuterAltText(view: FreibeuterView, ctx: PresentContext, post: Pick<GamePresenter<FreibeuterView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const points = view.players.filter((p) => !p.resigned).map((p) => `${nameOf(ctx, p.seat)} ${p.score}`);
  const sentences = [post.status(view, ctx), t('freibeuter.alt.points', { list: points.join(', ') })];
  // Choosing an order or drawing, the turn is still under way; before the first move, the deal is all there is.
  const told = view.phase === 'order' || view.phase === 'draw' ? 'under-way' : view.turn === 1 && !view.over ? 'start' : 'last';
  return [...sentences, ...turnSentence(t, post.describe(view.turnEvents, ctx), told), ...shipSentences(view, ctx)];
}

/** "Ship 13 at B2-C3 (20/4): Anne 2, Cees; boarded by Jo*Jo.": each ship that has boats around it or on it. */
function shipSentences(view: FreibeuterView, ctx: PresentContext): string[] {
  const { t } = ctx;
  const boatsOn = new Map(view.fields.map((field) => [field.name, field.boats]));
  return view.tokens.flatMap((token) => {
    if (token.token?.kind !== 'ship') return [];
    const around = token.fields.flatMap((name) => boatsOn.get(name) ?? []);
    const counts = view.players
      .map((p) => ({ seat: p.seat, count: around.filter((seat) => seat === p.seat).length }))
      .filter(({ count }) => count > 0)
      .map(({ seat, count }) => (count === 1 ? nameOf(ctx, seat) : `${nameOf(ctx, seat)} ${count}`));
    if (counts.length === 0 && token.boardedBy === null) return [];
    const { value } = token.token;
    const ship = t('freibeuter.alt.ship', { label: tokenLabel(token.point), point: token.label, value, per: value / 5 });
    const boats = counts.length > 0 ? counts.join(', ') : t('freibeuter.alt.no-boats');
    const boarded = token.boardedBy === null ? '' : t('freibeuter.alt.boarded', { player: nameOf(ctx, token.boardedBy) });
    return [`${ship}: ${boats}${boarded}.`];
  });
}
