/**
 * Every kind of button and select menu the bot makes, declared once: where it may be used, whether
 * it is a button or a select menu, and what handles it. Its custom id's shape is declared in
 * ./custom-id.ts (apart, because the builders of components need the shapes and the handlers need
 * the builders). The router (./router.ts) checks each click against its kind's declaration, by the
 * named checks below, before the handler runs: a forged or misplaced click is refused in one
 * sentence and changes nothing.
 *
 * A new kind: its shape in `ID_SHAPES`, its declaration here (TypeScript refuses either without
 * the other), its builder beside the others (./components.ts, ./views/), its texts.
 */
import { MessageFlags, type ButtonInteraction, type Message, type StringSelectMenuInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import type { Locale, Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { decodeChoice, type ComponentKind, type IdOf } from './custom-id.js';
import { answerCancel } from './cancel.js';
import { showLog } from './game-log.js';
import { handleLobbyButton } from './lobby.js';
import { handleBotSelect } from './lobby-bots.js';
import { askBeforeMove, handleMove, handleUndo, showPanel } from './panel.js';
import { handleRematch } from './rematch.js';
import { refuse, type Handled } from './replies.js';
import { showReplay } from './replay.js';
import { answerResign } from './resign.js';

/**
 * Where a kind may be used: a custom id is only data a client sends, so each is taken only on the
 * message it is made for. `lobby`: the game's lobby message; `private`: the user's own ephemeral
 * messages (panels, log pages, questions, replays); `public`: a post in the thread; `anywhere`.
 */
export type Place = 'lobby' | 'private' | 'public' | 'anywhere';

/** Whether the message a click came with is a place of that sort, for that game. */
export const PLACE_CHECKS: Record<Place, (row: Pick<GameRow, 'lobbyMessageId'>, message: Message) => boolean> = {
  lobby: (row, message) => !message.flags.has(MessageFlags.Ephemeral) && (row.lobbyMessageId === null || row.lobbyMessageId === message.id),
  private: (_row, message) => message.flags.has(MessageFlags.Ephemeral),
  public: (_row, message) => !message.flags.has(MessageFlags.Ephemeral),
  anywhere: () => true,
};

/** The sort of component a kind is. */
export type Accepts = 'button' | 'select';
type InteractionOf<A extends Accepts> = A extends 'button' ? ButtonInteraction : StringSelectMenuInteraction;

/** A click that passed its kind's checks, as its handler gets it. */
export interface Click<K extends ComponentKind, A extends Accepts> {
  ctx: BotContext;
  interaction: InteractionOf<A>;
  id: IdOf<K>;
  locale: Locale;
  t: Translate;
}

export interface Declaration<K extends ComponentKind, A extends Accepts> {
  place: Place;
  accepts: A;
  handle(click: Click<K, A>): Promise<Handled>;
}

export type AnyDeclaration<K extends ComponentKind> = Declaration<K, 'button'> | Declaration<K, 'select'>;

export const COMPONENT_KINDS: { [K in ComponentKind]: AnyDeclaration<K> } = {
  // The lobby message's buttons and menus.
  join: { place: 'lobby', accepts: 'button', handle: ({ ctx, interaction, id, t }) => handleLobbyButton(ctx, interaction, 'join', id.game, t) },
  leave: { place: 'lobby', accepts: 'button', handle: ({ ctx, interaction, id, t }) => handleLobbyButton(ctx, interaction, 'leave', id.game, t) },
  start: { place: 'lobby', accepts: 'button', handle: ({ ctx, interaction, id, t }) => handleLobbyButton(ctx, interaction, 'start', id.game, t) },
  cancel: { place: 'lobby', accepts: 'button', handle: ({ ctx, interaction, id, t }) => handleLobbyButton(ctx, interaction, 'cancel', id.game, t) },
  addbot: { place: 'lobby', accepts: 'select', handle: ({ ctx, interaction, id, t }) => handleBotSelect(ctx, interaction, 'addbot', id.game, t) },
  rmbot: { place: 'lobby', accepts: 'select', handle: ({ ctx, interaction, id, t }) => handleBotSelect(ctx, interaction, 'rmbot', id.game, t) },
  // "Open my panel", on every post and on a panel: wherever it is.
  panel: { place: 'anywhere', accepts: 'button', handle: ({ ctx, interaction, id, locale, t }) => showPanel(ctx, interaction, id.game, locale, t) },
  // "Open my panel" on a panel that is no longer the live one: a new panel, below the newest post.
  reopen: {
    place: 'private',
    accepts: 'button',
    handle: ({ ctx, interaction, id, locale, t }) => showPanel(ctx, interaction, id.game, locale, t, undefined, { below: true }),
  },
  // A finished game's last post.
  rematch: { place: 'public', accepts: 'button', handle: ({ ctx, interaction, id, t }) => handleRematch(ctx, interaction, id.game, t) },
  replay: { place: 'public', accepts: 'button', handle: ({ ctx, interaction, id, t }) => showReplay(ctx, interaction, id.game, 0, t) },
  // The player's own panel and the questions it asks.
  act: {
    place: 'private',
    accepts: 'button',
    handle: ({ ctx, interaction, id, locale, t }) => handleMove(ctx, interaction, id.game, id.version, { index: id.index, meaning: id.meaning }, locale, t),
  },
  pick: {
    place: 'private',
    accepts: 'select',
    handle: ({ ctx, interaction, id, locale, t }) => {
      const choice = decodeChoice(interaction.values[0]);
      if (choice === null) return refuse(interaction, t, 'refusal.illegal', {}, id.game);
      return handleMove(ctx, interaction, id.game, id.version, choice, locale, t);
    },
  },
  ask: {
    place: 'private',
    accepts: 'button',
    handle: ({ ctx, interaction, id, locale, t }) => askBeforeMove(ctx, interaction, id.game, id.version, { index: id.index, meaning: id.meaning }, locale, t),
  },
  undo: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, locale, t }) => handleUndo(ctx, interaction, id.game, id.seq, locale, t) },
  resign: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, t }) => answerResign(ctx, interaction, 'resign', id.game, t) },
  keep: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, t }) => answerResign(ctx, interaction, 'keep', id.game, t) },
  cancelyes: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, t }) => answerCancel(ctx, interaction, 'cancelyes', id.game, t) },
  cancelno: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, t }) => answerCancel(ctx, interaction, 'cancelno', id.game, t) },
  // The user's own log pages and replays.
  log: {
    place: 'private',
    accepts: 'button',
    handle: ({ ctx, interaction, id, t }) => showLog(ctx, interaction, id.game, { move: id.move, toward: id.toward }, t),
  },
  replayto: { place: 'private', accepts: 'button', handle: ({ ctx, interaction, id, t }) => showReplay(ctx, interaction, id.game, id.move, t) },
  replaygo: {
    place: 'private',
    accepts: 'select',
    handle: ({ ctx, interaction, id, t }) => {
      const value = interaction.values[0];
      if (value === undefined || !/^\d{1,15}$/.test(value)) return refuse(interaction, t, 'refusal.unknown-component', {}, id.game);
      return showReplay(ctx, interaction, id.game, Number(value), t);
    },
  },
};
