import { givenName, type LoadedGame } from '../../service/game-service.js';
import type { AnyGamePresenter, PresentContext } from '../../games/presenter.js';
import { translator, localeFrom } from '../../i18n/index.js';
import type { BoardRequest } from '../../games/board-renderer.js';
import { seatColour } from '../../render/palette.js';
import type { SeatRow } from '../../db/schema.js';
import { escapeName, plainName, textName } from '../player-name.js';

// How games and players are shown, for handlers and the announcer alike. Kept apart from
// BotContext (../context.ts), which names the announcer: the announcer builds with these.

/** The part of the bot's context these need: each game's presenter. */
export interface WithPresenters {
  presenters: Record<string, AnyGamePresenter>;
}

/** The presenter of a game id typed or sent by a user: undefined for anything but a known game (`__proto__` too). */
export function findPresenter(ctx: WithPresenters, gameId: string | null | undefined): AnyGamePresenter | undefined {
  return gameId && Object.hasOwn(ctx.presenters, gameId) ? ctx.presenters[gameId] : undefined;
}

export function presenterOf(ctx: WithPresenters, gameId: string): AnyGamePresenter {
  const presenter = findPresenter(ctx, gameId);
  if (!presenter) throw new Error(`no presenter for game '${gameId}'`);
  return presenter;
}

/** How a post names a seat: a person is mentioned, a bot player named in bold (it has no Discord account). */
export function mentionOf(seat: Pick<SeatRow, 'seat' | 'userId' | 'displayName' | 'botLevel'>): string {
  return seat.botLevel === null ? `<@${seat.userId}>` : `**${textName(seat)}**`;
}

/** Names, mentions and colours of a game's players, in the given language: names escaped for texts, as typed in `plain`. */
export function presentContext(ctx: WithPresenters, game: LoadedGame, locale: string): PresentContext {
  const colours = presenterOf(ctx, game.row.gameId).colours(game.seats.length);
  const players = game.seats.map((s) => {
    const plain = plainName(s);
    return {
      name: escapeName(plain),
      plain,
      ...(s.botLevel === null ? {} : { short: givenName(plain) }),
      mention: mentionOf(s),
      colour: colours[s.seat] ?? seatColour(s.seat),
    };
  });
  return { t: translator(localeFrom(locale)), players };
}

/**
 * The context with every name as typed, for what is not Markdown (button and menu labels); the
 * same context when escaping changed no name, as for most games.
 */
export function labelContext(pctx: PresentContext): PresentContext {
  if (pctx.players.every((p) => p.plain === undefined || p.plain === p.name)) return pctx;
  return { ...pctx, players: pctx.players.map((p) => ({ ...p, name: p.plain ?? p.name })) };
}

/** What the board renderer needs to draw a game as everyone may see it (names as typed: canvas draws text literally). */
export function boardRequest(ctx: WithPresenters, game: LoadedGame, locale: string): BoardRequest {
  return { gameId: game.row.gameId, view: game.def.view(game.state, null), locale: localeFrom(locale), players: presentContext(ctx, game, locale).players };
}

/** Link to the place a game is played in. */
export function gameLink(row: { guildId: string; channelId: string; threadId: string | null }): string {
  return channelLink(row.guildId, row.threadId ?? row.channelId);
}

/** A link to a channel or thread, or to one message in it. */
export function channelLink(guildId: string, channelId: string, messageId?: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}${messageId === undefined ? '' : `/${messageId}`}`;
}
