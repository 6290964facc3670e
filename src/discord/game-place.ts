/**
 * Where a game's messages go: its thread, or its channel once the thread cannot be posted in (the
 * channel is told, once), or nowhere (a running game's deadlines pause, a finished game's channel
 * being gone ends what it owes). A message with files goes out in words where the bot may not
 * attach them. Used by the announcer (./announcer.ts) for every post and notice.
 */
import type { Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { GameRow } from '../db/schema.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { localeFrom, translator } from '../i18n/index.js';
import { isMissingPermissions, isPlaceFailure, isUnknownChannel, send, withoutFiles, type Outgoing } from './delivery.js';
import { nonces } from './nonces.js';
import { mayAttachFiles } from './bot-permissions.js';
import { whenWritable } from '../service/database-errors.js';
import { gameHeader, named } from './game-named.js';

/** Thrown when the bot can post nowhere for a game: its deadlines pause until it can. */
export class Unreachable extends Error {
  constructor(readonly gameId: number) {
    super(`cannot post anywhere for game ${gameId}`);
    this.name = 'Unreachable';
  }
}

/** Thrown when a game that is over can be posted nowhere because its channel no longer exists: what it owes is given up. */
export class PlaceGone extends Error {
  constructor(readonly gameId: number) {
    super(`the channel of game ${gameId} no longer exists`);
    this.name = 'PlaceGone';
  }
}

/** Thrown when the bot was removed from the game's server while posting: nothing is tried until it is back. */
export class ServerLeft extends Error {
  constructor(readonly guildId: string) {
    super(`the bot is not in server ${guildId}`);
    this.name = 'ServerLeft';
  }
}

export interface GamePlaceDeps {
  client: Client;
  service: GameService;
  presenters: Record<string, AnyGamePresenter>;
  logger: Logger;
  /** Servers the bot is not in (the announcer's): a failure there is not the place's. */
  absentGuilds: ReadonlySet<string>;
  /** Queues what the game owes again (a notice just kept goes out after the post being made). */
  postAgain(gameId: number): void;
  /** Told of every message that went out into a game's place (panels below it move: ./live-panels.ts). */
  delivered(gameId: number, messageId: string): void;
}

export class GamePlace {
  constructor(private readonly deps: GamePlaceDeps) {}

  /**
   * Sends a message to the game's place. When the thread is gone or closed to the bot, the game
   * moves to its channel (saying so there, once); when the channel is too, the game is marked
   * unreachable (its deadlines pause) and Unreachable is thrown. Other failures are thrown as they are.
   */
  async deliver(row: GameRow, message: Outgoing): Promise<{ channelId: string; messageId: string }> {
    let current = row;
    for (;;) {
      const channelId = current.threadId ?? current.channelId;
      let sent: { id: string };
      try {
        sent = await this.sendHere(current, channelId, current.threadId === null ? named(message, this.headerOf(current)) : message);
      } catch (error) {
        // Removed from the server while this post was on its way: not the place's fault; the post
        // waits for the bot's return (src/discord/guild-membership.ts posts it then).
        if (this.deps.absentGuilds.has(current.guildId)) throw new ServerLeft(current.guildId);
        if (!isPlaceFailure(error)) throw error;
        if (current.threadId === null) return this.nowhere(current, error);
        current = await this.leaveThread(current);
        continue;
      }
      this.deps.delivered(current.id, sent.id);
      if (current.unreachableSince !== null) {
        const paused = await whenWritable(() => this.deps.service.posts.reachable(current.id));
        this.deps.logger.info({ game: current.id, pausedMs: paused }, 'the game can be posted again; its deadlines go on');
      }
      return { channelId, messageId: sent.id };
    }
  }

  /**
   * Neither the game's thread nor its channel takes posts. A running game is marked unreachable
   * (its deadlines pause) and tried again; a game that is over, whose channel no longer exists,
   * will never be posted: what it owes is given up (PlaceGone).
   */
  private async nowhere(row: GameRow, error: unknown): Promise<never> {
    if (isUnknownChannel(error) && (row.status === 'cancelled' || row.status === 'finished')) throw new PlaceGone(row.id);
    await whenWritable(() => this.deps.service.posts.unreachable(row.id));
    throw new Unreachable(row.id);
  }

  /**
   * Sends a message to one place. One with files goes out without them, in words, where the bot
   * may not attach files: as discord.js's cache knows it, else as Discord answers (the same
   * "Missing Permissions" as for a place closed to the bot, which the post in words tells apart:
   * it fails too). The game's host is then told once what to grant. A game never leaves its place
   * for the lack of Attach Files.
   */
  private async sendHere(row: GameRow, channelId: string, message: Outgoing): Promise<{ id: string }> {
    if (!message.upload) return send(this.deps.client.rest, channelId, message);
    if (mayAttachFiles(this.deps.client, channelId) !== false) {
      try {
        return await send(this.deps.client.rest, channelId, message);
      } catch (error) {
        if (!isMissingPermissions(error)) throw error;
      }
    }
    const sent = await send(this.deps.client.rest, channelId, withoutFiles(message));
    await this.tellAttachFilesMissing(row);
    return sent;
  }

  /** Once per game, a notice in its place: the host, or a manager, may give the bot Attach Files. */
  private async tellAttachFilesMissing(row: GameRow): Promise<void> {
    if (row.attachFilesToldAt !== null) return;
    const t = translator(localeFrom(row.locale));
    const notice = { text: t('place.no-attach-files', { channel: row.channelId, host: `<@${row.hostId}>` }), mentions: [row.hostId] };
    try {
      const kept = await whenWritable(() => this.deps.service.posts.attachFilesMissing(row.id, notice));
      if (!kept) return;
      this.deps.logger.warn({ game: row.id }, 'the bot may not attach files in the game place; boards go out in words and the host is told');
      // Queued behind the post being made: it goes out right after it.
      this.deps.postAgain(row.id);
    } catch (error) {
      // The post itself went out: a notice not kept now is kept on the next post in words.
      this.deps.logger.error({ game: row.id, err: error }, 'could not keep the notice about Attach Files');
    }
  }

  /** The line that names the game atop a post outside its thread. */
  headerOf(row: GameRow): string {
    const t = translator(localeFrom(row.locale));
    const presenter = this.deps.presenters[row.gameId];
    return gameHeader(t, presenter ? t(presenter.name) : row.gameId, row.id);
  }

  /**
   * The game's thread cannot be posted in: the game goes on in its channel, which hears why. A game
   * that is over goes on nowhere: what it still owes (its result, its cancellation) goes to the
   * channel without that note, named as every post there is.
   */
  private async leaveThread(row: GameRow): Promise<GameRow> {
    const over = row.status === 'finished' || row.status === 'cancelled';
    this.deps.logger.warn(
      { game: row.id },
      over
        ? 'the game thread cannot be posted in; what the game still owes goes to its channel'
        : 'the game thread cannot be posted in; the game goes on in its channel',
    );
    if (!over) {
      const t = translator(localeFrom(row.locale));
      const presenter = this.deps.presenters[row.gameId];
      const game = presenter ? t(presenter.name) : row.gameId;
      try {
        await send(this.deps.client.rest, row.channelId, { content: t('place.moved', { game, id: row.id }), nonce: nonces.moved(row.id) });
      } catch (error) {
        if (!isPlaceFailure(error)) throw error;
        return this.nowhere(row, error);
      }
    }
    await whenWritable(() => this.deps.service.playIn(row.id, null));
    return { ...row, threadId: null };
  }
}
