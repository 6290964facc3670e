import type { GamePresenter, PresentContext } from '../presenter.js';
import { nameOf } from '../presenter.js';
import { turnSentence } from '../alt-text.js';
import { SHIP, START, type CartagenaView } from './rules.js';

/**
 * Cartagena's board in words (its alt text), from the spectator's view it is drawn from: whose
 * turn it is (the status line of the posts), the pirates aboard, where the others stand (before the
 * tunnel, and on each space with its symbol), and the moves of the last turn
 * told as the posts tell them; none of them names a card drawn in secret (Jamaica).
 */
export function cartagenaAltText(view: CartagenaView, ctx: PresentContext, post: Pick<GamePresenter<CartagenaView>, 'status' | 'describe'>): string[] {
  const { t } = ctx;
  // Players who left have no pirates left: they are out of the count.
  const inGame = view.pirates.map((_, seat) => seat).filter((seat) => !view.resigned[seat]);
  const aboard = inGame.map((seat) => `${nameOf(ctx, seat)} ${(view.pirates[seat] ?? []).filter((p) => p === SHIP).length}`);
  const sentences = [post.status(view, ctx), t('cartagena.alt.aboard', { list: aboard.join(', ') }), ...positions(view, ctx, inGame)];
  if (!view.lastMoves) return sentences;
  // A board asked for in the middle of a turn shows the moves made so far.
  const underWay = !view.over && view.lastMoves.turn === view.turn;
  return [...sentences, ...turnSentence(t, post.describe(view.lastMoves.moves, ctx), underWay ? 'under-way' : 'last')];
}

/** "Anne 2, Cees": who stands somewhere, with how many pirates when more than one. */
function occupants(view: CartagenaView, ctx: PresentContext, seats: number[], at: number): string[] {
  return seats.flatMap((seat) => {
    const count = (view.pirates[seat] ?? []).filter((p) => p === at).length;
    return count === 0 ? [] : [count === 1 ? nameOf(ctx, seat) : `${nameOf(ctx, seat)} ${count}`];
  });
}

/** The pirates before the tunnel, then those in it space by space, each space with its symbol. */
function positions(view: CartagenaView, ctx: PresentContext, seats: number[]): string[] {
  const { t } = ctx;
  const sentences: string[] = [];
  const waiting = occupants(view, ctx, seats, START);
  if (waiting.length > 0) sentences.push(t('cartagena.alt.waiting', { list: waiting.join(', ') }));
  const spaces = view.tunnel.flatMap((symbol, index) => {
    const here = occupants(view, ctx, seats, index + 1);
    return here.length === 0
      ? []
      : [t('cartagena.alt.space', { space: index + 1, symbol: t(`cartagena.symbol.${symbol}`).toLocaleLowerCase(), list: here.join(', ') })];
  });
  if (spaces.length > 0) sentences.push(t('cartagena.alt.tunnel', { list: spaces.join('; ') }));
  return sentences;
}
