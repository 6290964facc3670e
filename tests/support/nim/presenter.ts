/**
 * How Nim shows itself. Its keys are not in the bot's types (`MessageKey` names only the games of
 * src/games/registry.ts), so the presenter asks the translator it is given for its own keys, typed
 * through `say`: the context's translator must know them. The conformance suite's does (see
 * tests/support/game-texts.ts); so does the bot's when it runs with ./registry.ts in place of its
 * own (tests/e2e/nim.test.ts), since the catalogues join the texts of the registry they load.
 */
import type { MessageKey, MessageParams, Translate } from '../../../src/i18n/index.js';
import { boardPlayers, markedName, nameOf, type GamePresenter, type Panel, type PresentContext } from '../../../src/games/presenter.js';
import { seatColour } from '../../../src/render/index.js';
import { nimOptions, type NimAction, type NimEvent, type NimView } from './rules.js';
import { renderNimBoard } from './render.js';
import type { NimTextKey } from './texts.en.js';

/** One of Nim's keys, as the translator's type wants it. */
const key = (k: NimTextKey): MessageKey => k as string as MessageKey;
const say = (t: Translate, k: NimTextKey, params?: MessageParams): string => t(key(k), params);

function eventLine(event: NimEvent, ctx: PresentContext): string {
  const player = markedName(ctx, event.type === 'reshuffled' ? 0 : event.seat);
  switch (event.type) {
    case 'took':
      return say(ctx.t, 'nim.event.took', { player });
    case 'ended':
      return say(ctx.t, 'nim.event.ended', { player, taken: event.taken });
    case 'played':
      return say(ctx.t, 'nim.event.played', { player, value: event.value });
    case 'drew':
      return event.value === undefined ? say(ctx.t, 'nim.event.drew', { player }) : say(ctx.t, 'nim.event.drew.own', { player, value: event.value });
    case 'reshuffled':
      return say(ctx.t, 'nim.event.reshuffled', { cards: event.cards });
    case 'won':
      return say(ctx.t, 'nim.event.won', { player });
    case 'resigned':
      return say(ctx.t, 'nim.event.resigned', { player });
  }
}

function status(view: NimView, ctx: PresentContext): string {
  if (view.winner !== null) return say(ctx.t, 'nim.status.over', { player: nameOf(ctx, view.winner) });
  return say(ctx.t, 'nim.status', { pile: view.pile, player: nameOf(ctx, view.current) });
}

function actionLabel(action: NimAction, t: Translate): string {
  if (action.type === 'take') return say(t, 'nim.action.take');
  if (action.type === 'end') return say(t, 'nim.action.end');
  return say(t, 'nim.action.play', { value: action.value });
}

function panel(view: NimView, legal: unknown[], ctx: PresentContext): Panel {
  const cards = view.hand.length > 0 ? view.hand.join(', ') : say(ctx.t, 'nim.panel.no-cards');
  const text =
    legal.length > 0
      ? say(ctx.t, 'nim.panel.text', { pile: view.pile, cards })
      : say(ctx.t, 'nim.panel.waiting', { pile: view.pile, cards, player: nameOf(ctx, view.current) });
  const choices = (legal as NimAction[]).map((action, index) => ({ index, label: actionLabel(action, ctx.t), primary: action.type === 'take' }));
  return { text, groups: choices.length > 0 ? [{ kind: 'buttons', placeholder: say(ctx.t, 'nim.panel.placeholder'), choices }] : [] };
}

const variant = (pile: 'short' | 'long') => ({ value: pile, label: key(`nim.variant.${pile}`), about: key(`nim.variant.${pile}.about`), options: { pile } });

export const nimPresenter: GamePresenter<NimView> = {
  name: key('game.nim.name'),
  rules: key('rules.nim'),
  score: key('nim.score'),
  variants: [variant('short'), variant('long')],
  variantOf(options) {
    const parsed = nimOptions.safeParse(options);
    return parsed.success ? variant(parsed.data.pile) : undefined;
  },
  colours: (seats) => Array.from({ length: seats }, (_, seat) => seatColour(seat)),
  status,
  describe: (events, ctx) => (events as NimEvent[]).map((event) => eventLine(event, ctx)),
  panel,
  render: (view, ctx) => renderNimBoard(view, boardPlayers(ctx.players), (k, params) => say(ctx.t, k, params)),
  altText: (view, ctx) => [status(view, ctx), ...view.events.map((event) => eventLine(event, ctx))],
};
