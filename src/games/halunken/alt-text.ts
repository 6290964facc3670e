import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import type { HalunkenView } from './view.js';

/**
 * Halunken & Spelunken's board in words (its alt text), from the spectator's view it is drawn
 * from: whose turn it is (the status line of the posts), each crew's points (and in a long game
 * what the earlier games brought), and the last move as the posts tell it. Secret movement cards
 * are told only as chosen, and tavern cards only once they lie face up, as on the board.
 */
export function halunkenAltText(view: HalunkenView, ctx: PresentContext, post: Pick<GamePresenter<HalunkenView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const seats = view.totals.map((_, seat) => seat);
  let points: string;
  if (view.over) {
    const totals = seats.map((seat) => (view.resigned[seat] ? t('halunken.panel.score.left', { player: nameOf(ctx, seat), total: view.totals[seat] ?? 0 }) : `${nameOf(ctx, seat)} ${view.totals[seat] ?? 0}`));
    points = t('halunken.alt.points.final', { list: totals.join(', ') });
  } else {
    const crews = seats.flatMap((seat) => {
      const score = view.scores[seat]?.score;
      if (score === undefined) return [];
      const player = nameOf(ctx, seat);
      return [view.gameScores.length > 0 ? t('halunken.alt.points.before', { player, score, total: view.totals[seat] ?? 0 }) : `${player} ${score}`];
    });
    points = t('halunken.alt.points', { list: crews.join(', ') });
  }
  // Before the first captain is placed, the deal is all there is to tell.
  const told = view.events.every((e) => e.type === 'gameStarted' && e.game === 1) ? 'start' : 'last';
  return [post.status(view, ctx), points, ...turnSentence(t, post.describe(view.events, ctx), told)];
}
