import type { GameRow } from '../db/schema.js';
import type { Seat } from '../engine/index.js';
import type { Hosting } from './hosting.js';
import { haveASay } from './away-waits.js';
import { lobbyExpired } from './lobby-limits.js';
import { ok, refuse, type ActionOutcome, type CancelOutcome, type LoadedGame, type Outcome } from './outcomes.js';
import type { Play } from './play.js';
import { RESIGN_ACTION } from './action-log.js';

/** Leaving a running game and ending it: resigning, and cancelling (at once, or by everyone's agreement). The stand-in vote is in ./time-off.ts. */
export class Votes {
  constructor(
    private readonly h: Hosting,
    private readonly play: Play,
  ) {}

  /** Whether this user may resign from this game now (asked before he confirms). */
  async mayResign(id: number, userId: string): Promise<Outcome<LoadedGame>> {
    const game = await this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    if (this.h.seatOf(game, userId) === undefined) return refuse('not-a-player');
    return ok(game);
  }

  /** A player leaves a running game; the game's rules decide how it goes on. */
  async resign(id: number, userId: string): Promise<Outcome<ActionOutcome>> {
    const may = await this.mayResign(id, userId);
    if (!may.ok) return refuse(may.refusal);
    const game = may.value;
    const seat = this.h.seatOf(game, userId) as Seat;
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(id);
      const outcome = await this.play.commit(tx, game, seat, RESIGN_ACTION);
      if (outcome.ok) await tx.markResigned(id, seat);
      return outcome;
    });
  }

  /**
   * Cancels a game. A lobby: its host (or a member who may manage the server) closes it. A running
   * game ends by agreement: each player still in it asks to cancel, and the last one's request
   * cancels it; a member who may manage the server cancels it at once.
   */
  async cancel(id: number, userId: string, canManageServer: boolean): Promise<Outcome<CancelOutcome>> {
    const may = await this.mayCancel(id, userId, canManageServer);
    if (!may.ok) return refuse(may.refusal);
    const row = may.value;
    if (row.status === 'lobby' || canManageServer) {
      if (!(await this.h.store.cancel(id))) return refuse('not-running');
      this.h.tellCommitted(id, 'cancel');
      return ok({ cancelled: true, row: (await this.h.store.get(id)) as GameRow, agreed: [], needed: [] });
    }
    // The agreement and, when it is the last one, the cancelling are one write.
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(id);
      const players = haveASay(await tx.seatsOf(id));
      const agreed = await tx.addCancelVote(id, userId);
      const needed = players.map((s) => s.userId).filter((user) => !agreed.includes(user));
      if (needed.length === 0 && !(await tx.cancel(id))) return refuse<CancelOutcome>('not-running');
      if (needed.length === 0) this.h.tellCommitted(id, 'cancel', tx);
      return ok({ cancelled: needed.length === 0, row: (await tx.get(id)) as GameRow, agreed, needed });
    });
  }

  /** Whether this user may cancel the game, or ask to (checked before he is asked to confirm). */
  async mayCancel(id: number, userId: string, canManageServer: boolean): Promise<Outcome<GameRow>> {
    const row = await this.h.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby' && row.status !== 'running') return refuse(lobbyExpired(row) ? 'lobby-expired' : 'not-running');
    if (row.status === 'lobby' && row.hostId !== userId && !canManageServer) return refuse('not-host');
    if (row.status === 'lobby' || canManageServer) return ok(row);
    // Bots have no say, nor those who left the server: the people still in the game decide.
    const players = haveASay(await this.h.store.seatsOf(id));
    if (!players.some((s) => s.userId === userId)) return refuse('not-a-player');
    if (row.cancelVotes.includes(userId)) return refuse('already-agreed');
    return ok(row);
  }
}
