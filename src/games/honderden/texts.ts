import type { Translate } from '../../i18n/index.js';
import { nameOf, markedName, type PresentContext } from '../presenter.js';
import { SUIT_SYMBOL, cardText } from './labels.js';
import type { Card, Combo, HonderdenView, Play, RoemCategory, StatementStatus } from './rules.js';

/** Words shared by Honderden's posts and panels: cards, players, roem. */

/** "K♠ Q♠" (English), "H♠ V♠" (Dutch): cards in the reader's language. */
export const cardsText = (t: Translate, cards: readonly Card[]) => cards.map((card) => cardText(t, card)).join(' ');

/** "carré" or "3 on the queen": what a player says aloud. */
export function categoryText(t: Translate, category: RoemCategory): string {
  return category.kind === 'carre'
    ? t('honderden.roem.carre')
    : t('honderden.roem.sequence', { length: category.length, top: t(`honderden.rank.${category.top}`) });
}

/** "carré of queens" or "4 on the king in ♠": a shown combination. */
export function comboText(t: Translate, combo: Combo): string {
  return combo.kind === 'carre'
    ? t('honderden.combo.carre', { ranks: t(`honderden.ranks.${combo.rank}`) })
    : t('honderden.combo.sequence', { length: combo.length, top: t(`honderden.rank.${combo.top}`), suit: SUIT_SYMBOL[combo.suit] });
}

/** What a category is worth, for a choice's description. */
export function categoryAbout(t: Translate, category: RoemCategory): string {
  if (category.kind === 'carre') return t('honderden.roem.carre.about');
  const points = category.length >= 5 ? 100 : category.length === 4 ? 50 : 20;
  return t('honderden.roem.sequence.about', { length: category.length, top: t(`honderden.rank.${category.top}`), points });
}

/** "Anne K♣, Bart **A♣**": a trick in playing order, the winning card bold when given. */
export function playsText(ctx: PresentContext, plays: readonly Play[], winner: number | null = null): string {
  const { t } = ctx;
  return plays.map((p) => `${nameOf(ctx, p.seat)} ${p.seat === winner ? `**${cardText(t, p.card)}**` : cardText(t, p.card)}`).join(', ');
}

/** "■ Anne 2 · ◆ Bart 1" (`marked`: each name with the player's shape, as on the board). */
export function perPlayer(
  ctx: PresentContext,
  seats: readonly number[],
  value: (seat: number) => string | number,
  viewer: number | null = null,
  marked = true,
): string {
  return seats
    .map((seat) => {
      const name = seat === viewer ? ctx.t('honderden.panel.you') : nameOf(ctx, seat);
      return `${marked ? markedName(ctx, seat, name) : name} ${value(seat)}`;
    })
    .join(' · ');
}

/** Seats in the match, or (a finished match after everyone else left) every seat. */
export const seatsShown = (view: HonderdenView) => (view.players.length > 0 ? view.players : view.gamePoints.map((_, s) => s));

export function statusWord(t: Translate, status: StatementStatus): string {
  return t(`honderden.roem.status.${status}`);
}

/** "1 game point", "3 game points". */
export const gamePointsText = (t: Translate, count: number) => (count === 1 ? t('honderden.game-points.one') : t('honderden.game-points', { count }));

/** "1 point", "104 points". */
export const pointsText = (t: Translate, count: number) => (count === 1 ? t('honderden.points.one') : t('honderden.points', { count }));

/** "carré, 3 on the queen": what a player said. */
export const saidText = (t: Translate, categories: readonly RoemCategory[]) => categories.map((c) => categoryText(t, c)).join(', ');
