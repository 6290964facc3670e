import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import { SHIP, type CartagenaView } from './rules.js';

/**
 * Cartagena's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), the pirates aboard, and the moves of the last turn
 * told as the posts tell them; none of them names a card drawn in secret (Jamaica).
 */
export function cartagenaAltText(view: CartagenaView, ctx: PresentContext, post: Pick<GamePresenter<CartagenaView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  // Players who left have no pirates left: they are out of the count.
  const inGame = view.pirates.map((_, seat) => seat).filter((seat) => !view.resigned[seat]);
  const aboard = inGame.map((seat) => `${nameOf(ctx, seat)} ${(view.pirates[seat] ?? []).filter((p) => p === SHIP).length}`);
  const sentences = [post.status(view, ctx), t('cartagena.alt.aboard', { list: aboard.join(', ') })];
  if (!view.lastMoves) return sentences;
  // A board asked for in the middle of a turn shows the moves made so far.
  const underWay = !view.over && view.lastMoves.turn === view.turn;
  return [...sentences, ...turnSentence(t, post.describe(view.lastMoves.moves, ctx), underWay ? 'under-way' : 'last')];
}
