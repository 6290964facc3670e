/**
 * What a replay must show, worked out apart from the bot: a game read straight from the bot's
 * database, its public moves counted as the log lists them, and the board of a move drawn in this
 * process from the spectator's view (no seat) of the state after it. A replay's image that is the
 * same PNG shows nothing a spectator could not see at that moment.
 */
import { createHash } from 'node:crypto';
import { presentContext } from '../../src/discord/views/present.js';
import { moveLines } from '../../src/discord/public-moves.js';
import { games, presenters, type GameId } from '../../src/games/index.js';
import { inProcessRenderer } from '../../src/games/board-renderer.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { translator } from '../../src/i18n/index.js';
import type { LoadedGame } from '../../src/service/game-service.js';
import { inForce, replay } from '../../src/service/action-log.js';
import { inDatabase } from './database-access.js';

export const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

interface StoredGame {
  gameId: GameId;
  def: AnyGameDefinition;
  row: { seed: string; options: unknown; rulesVersion: number };
  seats: { seat: number; userId: string; displayName: string; botLevel: string | null }[];
  log: { seq: number; seat: number; action: unknown; publicEvents: unknown; origin: string; undone: boolean }[];
}

/** A finished game as the bot stored it. */
function storedGame(databasePath: string, id: number): StoredGame {
  return inDatabase(databasePath, (db) => {
    const row = db.prepare('SELECT game_id, seed, options, rules_version FROM games WHERE id = ?').get(id) as {
      game_id: GameId;
      seed: string;
      options: string;
      rules_version: number;
    };
    const seats = db.prepare('SELECT seat, user_id, display_name, bot_level FROM seats WHERE game_id = ? ORDER BY seat').all(id) as {
      seat: number;
      user_id: string;
      display_name: string;
      bot_level: string | null;
    }[];
    const log = db.prepare('SELECT seq, seat, action, public_events, origin, undone FROM actions WHERE game_id = ? ORDER BY seq').all(id) as {
      seq: number;
      seat: number;
      action: string;
      public_events: string;
      origin: string;
      undone: number;
    }[];
    return {
      gameId: row.game_id,
      def: games[row.game_id] as AnyGameDefinition,
      row: { seed: row.seed, options: JSON.parse(row.options) as unknown, rulesVersion: row.rules_version },
      seats: seats.map((s) => ({ seat: s.seat, userId: s.user_id, displayName: s.display_name, botLevel: s.bot_level })),
      log: log.map((a) => ({
        seq: a.seq,
        seat: a.seat,
        action: JSON.parse(a.action) as unknown,
        publicEvents: JSON.parse(a.public_events) as unknown,
        origin: a.origin,
        undone: a.undone === 1,
      })),
    };
  });
}

/** The boards of a finished game's replay, move by move (0: the start), as spectators saw them. */
export class SpectatorBoards {
  private readonly game: StoredGame;
  private readonly loaded: LoadedGame;
  /** The seq of each public move. */
  readonly moves: number[];

  constructor(databasePath: string, id: number) {
    this.game = storedGame(databasePath, id);
    this.loaded = { row: { gameId: this.game.gameId }, seats: this.game.seats } as unknown as LoadedGame;
    const pctx = { ...presentContext({ presenters }, this.loaded, 'en'), t: translator('en') };
    const presenter = presenters[this.game.gameId];
    this.moves = this.game.log.filter((a) => inForce(a) && moveLines(a as never, presenter, pctx).length > 0).map((a) => a.seq);
  }

  /** The PNG of the board after `move`, drawn here from the spectator's view. */
  async after(move: number): Promise<Buffer> {
    const end = move < this.moves.length ? (this.moves[move] as number) - 1 : Number.MAX_SAFE_INTEGER;
    const { def, row, seats, log, gameId } = this.game;
    const state = replay(
      def,
      row,
      seats.length,
      log.filter((a) => a.seq <= end),
    );
    const players = presentContext({ presenters }, this.loaded, 'en').players;
    return inProcessRenderer(presenters).render({ gameId, view: def.view(state, null), locale: 'en', players });
  }
}
