/**
 * A game's state after any logged action, for replays. An action row keeps the action, its seat
 * and its public events, not the state after it: a state per action would be kilobytes a row,
 * for every move of every game ever played, to serve the few replays anyone opens. So a state is
 * rebuilt by replaying the log from the setup with the game's seed, and to keep each click
 * bounded the states passed on the way are kept every `spacing` actions (checkpoints), for the
 * few games being replayed at a time: after the first walk through a game, reaching any of its
 * moves reads and applies at most `spacing` actions. The first walk itself reads the log in
 * batches and gives the event loop back between them, so a long game never holds up a click.
 */
import type { AnyGameDefinition } from '../engine/index.js';
import type { GameService } from './game-service.js';
import { Lru } from '../lru.js';
import { Slices } from '../pace.js';
import { applyLogged, inForce, startOf } from './action-log.js';

/** What a state is rebuilt from: the game as loaded (its `state` is the one after `row.version`). */
export interface ReplayableGame {
  row: { id: number; seed: string; options: unknown; rulesVersion?: number; version: number };
  seats: readonly unknown[];
  def: AnyGameDefinition;
  state: unknown;
}

/** Rows read from the log per query while walking. */
const BATCH = 64;
/** How long a walk may hold the event loop before it gives it back (as the scheduler does). */
const SLICE_MS = 20;

export class ReplayStates {
  /**
   * Per game, the state after each multiple of `spacing` walked through (0: the setup). A state is
   * a few kilobytes (measured: 2 to 6 KB as JSON for every game), so even a 1,000-action game keeps
   * about 30 of them; and only the games replayed most recently are kept.
   */
  private readonly checkpoints: Lru<number, Map<number, unknown>>;

  constructor(
    private readonly log: Pick<GameService, 'logPage'>,
    games = 16,
    readonly spacing = 32,
  ) {
    this.checkpoints = new Lru(games);
  }

  /**
   * The state after every action still in force up to `seq` (0: the setup). Only ever asked for
   * moves everyone may see: no action up to there can still be taken back, so a checkpoint once
   * kept stays true.
   */
  async after(game: ReplayableGame, seq: number): Promise<unknown> {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > game.row.version) throw new RangeError(`no action ${seq} in game ${game.row.id}`);
    // The stored snapshot is the state after the last action: nothing to rebuild.
    if (seq === game.row.version) return game.state;
    let kept = this.checkpoints.get(game.row.id);
    if (!kept) {
      kept = new Map([[0, startOf(game.def, game.row, game.seats.length)]]);
      this.checkpoints.set(game.row.id, kept);
    }
    let from = 0;
    for (const at of kept.keys()) if (at <= seq && at > from) from = at;
    let state = kept.get(from);
    const slices = new Slices(SLICE_MS);
    for (let next = from + 1; next <= seq;) {
      const rows = await this.log.logPage(game.row.id, next, 'newer', Math.min(BATCH, seq - next + 1));
      if (rows.length === 0) throw new Error(`the log of game ${game.row.id} ends before action ${next}`);
      for (const row of rows) {
        if (inForce(row)) state = applyLogged(game.def, state, row.seat, row.action);
        if (row.seq % this.spacing === 0) kept.set(row.seq, state);
        next = row.seq + 1;
      }
      await slices.breathe();
    }
    return state;
  }

  /** Checkpoints kept for a game (for tests). */
  keptFor(gameId: number): number {
    return this.checkpoints.get(gameId)?.size ?? 0;
  }
}
