import { nameOf, type PresentContext } from '../presenter.js';
import { outcomeKey, pointLabel, type FreibeuterView, type OrderChoice, type OrderOutcome } from './rules.js';

/**
 * How an order of resolution reads in a panel: its label names the tokens that decide it ("First
 * the pirate treasure at B3-C4"), its outcome what it does to every player it changes anything
 * for ("Marc borrows 7 (1 loan) and is left with 8"), both from the viewer's side.
 */

function tokenText(view: FreibeuterView, point: number, viewer: number | null, ctx: PresentContext): string {
  const { t } = ctx;
  const token = view.tokens[point];
  const label = pointLabel(point);
  const boarder = token?.boardedBy ?? null;
  if (token?.token?.kind === 'pirate') return t('freibeuter.order.token.pirate', { point: label });
  // Only pirate treasures and boarded ships decide an order; anything else by its place.
  if (token?.token?.kind !== 'ship' || boarder === null) return label;
  if (boarder === viewer) return t('freibeuter.order.token.yours', { point: label });
  return t('freibeuter.order.token.ship', { point: label, player: nameOf(ctx, boarder) });
}

/** "First Marc's ship at B2-C3, then the pirate treasure at B3-C4": the tokens that decide this order. */
export function orderLabel(view: FreibeuterView, choice: OrderChoice, viewer: number | null, ctx: PresentContext): string {
  const [first, ...rest] = choice.lead.length > 0 ? choice.lead : choice.points;
  let text = ctx.t('freibeuter.order.first', { token: tokenText(view, first as number, viewer, ctx) });
  for (const point of rest) text = ctx.t('freibeuter.order.then', { order: text, token: tokenText(view, point, viewer, ctx) });
  return text;
}

/** What this order does to each player for whom the orders on offer differ. */
export function outcomeText(view: FreibeuterView, choice: OrderChoice, viewer: number | null, ctx: PresentContext): string {
  const { t } = ctx;
  const differs = (seat: number) => new Set(view.orders.map((o) => outcomeKey(o.outcome[seat] as OrderOutcome))).size > 1;
  const parts = choice.outcome
    .filter((o) => differs(o.seat))
    .map((o) => {
      const you = o.seat === viewer;
      const player = nameOf(ctx, o.seat);
      if (o.loans.length === 0) return t(you ? 'freibeuter.outcome.clear.you' : 'freibeuter.outcome.clear', { player, treasure: o.treasure });
      const count = o.loans.length;
      let loans = count === 1 ? t('freibeuter.outcome.loan.one') : t('freibeuter.outcome.loan.many', { count });
      if (o.markers < count) loans = t('freibeuter.outcome.unmarked', { loans, count: count - o.markers });
      const amount = o.loans.reduce((a, b) => a + b, 0);
      return t(you ? 'freibeuter.outcome.loans.you' : 'freibeuter.outcome.loans', { player, amount, loans, treasure: o.treasure });
    });
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
