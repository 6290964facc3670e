import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import { COLOURS as SAILOR_COLOURS, type SailorCard } from './cards.js';
import type { HalunkenView } from './view.js';

/**
 * Halunken & Spelunken's board in words (its alt text), from the spectator's view it is drawn
 * from: whose turn it is (the status line of the posts), each crew's points (and in a long game
 * what the earlier games brought), the ring of taverns (each one's open card and who stands there),
 * each crew by colour, and the last move as the posts tell it. Secret movement cards
 * are told only as chosen, and tavern cards only once they lie face up, as on the board.
 */
export function halunkenAltText(view: HalunkenView, ctx: PresentContext, post: Pick<GamePresenter<HalunkenView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  const seats = view.totals.map((_, seat) => seat);
  let points: string;
  if (view.over) {
    const totals = seats.map((seat) =>
      view.resigned[seat]
        ? t('halunken.panel.score.left', { player: nameOf(ctx, seat), total: view.totals[seat] ?? 0 })
        : `${nameOf(ctx, seat)} ${view.totals[seat] ?? 0}`,
    );
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
  return [post.status(view, ctx), points, ...tavernSentence(view, ctx), ...crewSentences(view, ctx), ...turnSentence(t, post.describe(view.events, ctx), told)];
}

/** "Yellow 7": a card in words (the board's colour, said). */
const cardWords = (ctx: PresentContext, card: SailorCard) => `${ctx.t(`halunken.colour.${card.colour}`)} ${card.value}`;

/** "Taverns: 1 Yellow 7 (Anne); 2 empty; 3 face down, 2 cards; …": the ring as the board shows it. */
function tavernSentence(view: HalunkenView, ctx: PresentContext): string[] {
  const { t } = ctx;
  if (view.taverns.length === 0) return [];
  const list = view.taverns.map((tavern, space) => {
    const shown = tavern.top !== null ? cardWords(ctx, tavern.top) : tavern.hidden > 0 ? t('halunken.alt.tavern.hidden') : t('halunken.alt.tavern.empty');
    const here = [
      ...view.captains.flatMap((at, seat) => (at === space && !view.resigned[seat] ? [nameOf(ctx, seat)] : [])),
      ...(view.blackJack === space ? [t('halunken.black-jack')] : []),
    ];
    return `${space + 1} ${shown}${here.length > 0 ? ` (${here.join(', ')})` : ''}`;
  });
  return [t('halunken.alt.taverns', { list: list.join('; ') })];
}

/** "Anne's crew: Yellow 3+7 = 10 (×2), Grey 5.": each crew still playing, by colour. */
function crewSentences(view: HalunkenView, ctx: PresentContext): string[] {
  const { t } = ctx;
  return view.crews.flatMap((crew, seat) => {
    if (view.resigned[seat]) return [];
    const parts = SAILOR_COLOURS.flatMap((colour) => {
      const values = crew
        .filter((c) => c.colour === colour)
        .map((c) => c.value)
        .sort((a, b) => a - b);
      if (values.length === 0) return [];
      const sum = values.reduce((a, b) => a + b, 0);
      const doubled = view.scores[seat]?.doubled === colour ? ` ${t('halunken.panel.doubled')}` : '';
      return [`${t(`halunken.colour.${colour}`)} ${values.length === 1 ? sum : `${values.join('+')} = ${sum}`}${doubled}`];
    });
    return [t('halunken.alt.crew', { player: nameOf(ctx, seat), list: parts.length > 0 ? parts.join(', ') : t('halunken.panel.crew.empty') })];
  });
}
