/** The status line: whose turn it is and what he must do, or how the game ended. */
import type { Translate } from '../../i18n/index.js';
import { markedName, nameOf, type PresentContext } from '../presenter.js';
import type { FreibeuterView } from './rules.js';
import { nameList } from './texts.js';

export const piratesText = (t: Translate, view: FreibeuterView) =>
  t(view.piratesLeft === 1 ? 'freibeuter.status.pirates.one' : 'freibeuter.status.pirates', { count: view.piratesLeft });

/** Winners of a finished game (ties share), among those who stayed. */
function winnersOf(view: FreibeuterView): number[] {
  const live = view.players.filter((p) => !p.resigned);
  const best = Math.max(...live.map((p) => p.score));
  return live.filter((p) => p.score === best).map((p) => p.seat);
}

/** Who won a finished game, and why when everyone else left: "Anne won the game." */
export function resultText(view: FreibeuterView, ctx: PresentContext): string {
  const { t } = ctx;
  const winners = winnersOf(view);
  if (view.end?.reason === 'lastPlayer') return t('freibeuter.status.last', { player: markedName(ctx, winners[0] as number) });
  if (winners.length === 1) return t('freibeuter.status.won', { player: markedName(ctx, winners[0] as number) });
  return t('freibeuter.status.shared', {
    players: nameList(
      t,
      winners.map((seat) => markedName(ctx, seat)),
    ),
  });
}

export function status(view: FreibeuterView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return resultText(view, ctx);
  const player = nameOf(ctx, view.current);
  const turn = view.turn;
  switch (view.phase) {
    case 'turn':
      return t('freibeuter.status.turn', { turn, player, pirates: piratesText(t, view), sea: view.seaPile });
    case 'order':
      return t('freibeuter.status.order', { turn, player });
    case 'draw':
      return t('freibeuter.status.draw', { turn, player });
    case 'over':
      return resultText(view, ctx);
  }
}
