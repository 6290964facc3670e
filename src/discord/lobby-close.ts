import type { GameRow } from '../db/schema.js';
import { localeFrom, translator } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { lobbyMessage } from './views/lobby-message.js';

type LobbyContext = Pick<BotContext, 'client' | 'service' | 'presenters' | 'logger'>;

/** Lobbies closed per tick: far more than real servers open, few enough that a tick stays short. */
const EXPIRED_LOBBIES_PER_TICK = 25;

/**
 * Edits a closed lobby's message to its last word (`note`, in the game's language), without
 * buttons. A courtesy, not retried: what counts is committed, and a button left on a message that
 * could not be edited gets a private refusal saying why.
 */
export async function closeLobbyMessage(ctx: LobbyContext, row: GameRow, note: string): Promise<void> {
  if (!row.lobbyMessageId) return;
  try {
    const channel = await ctx.client.channels.fetch(row.channelId);
    const publicT = translator(localeFrom(row.locale));
    if (channel?.isTextBased()) await channel.messages.edit(row.lobbyMessageId, lobbyMessage(ctx, row, await ctx.service.seatsOf(row.id), publicT, note));
  } catch (error) {
    ctx.logger.warn({ game: row.id, err: error }, 'could not close the lobby message');
  }
}

/**
 * The scheduler's lobby step: closes a page of the lobbies whose time to be started ran out (the
 * soonest first; the next tick takes the next page) and edits their messages in the background.
 * A lobby that expired while the bot was down closes on the first tick after it starts.
 */
export async function closeExpiredLobbies(ctx: LobbyContext): Promise<Promise<void>[]> {
  const edits: Promise<void>[] = [];
  for (const due of await ctx.service.dueLobbies(EXPIRED_LOBBIES_PER_TICK)) {
    const closed = await ctx.service.expireLobby(due.id);
    if (!closed) continue;
    ctx.logger.info({ game: closed.id }, 'a lobby expired');
    edits.push(closeLobbyMessage(ctx, closed, translator(localeFrom(closed.locale))('lobby.expired')));
  }
  return edits;
}
