import { IllegalAction, type Seat } from '../engine/index.js';
import { StaleVersion } from '../db/store.js';
import { VersionCache } from '../db/version-cache.js';
import type { ActionOrigin } from '../db/schema.js';
import type { Hosting } from './hosting.js';
import { ok, refuse, type ActionOutcome, type LoadedGame, type Outcome } from './outcomes.js';
import { applyLogged, isResign, publicEvents, replay, startOf, UNDO_ACTION } from './replay.js';
import { latestPendingOf, pendingMoves, stateWithout, undoTarget, type PendingMove } from './undo.js';
import { hiddenFrom, shownState, shownThrough } from './shown.js';
import { rateFinished } from './ratings.js';
import { holdForTimeOff, standsIn } from './away-waits.js';
import { NO_WAIT, nextWait, type WaitTiming } from './time-limits.js';

/** Games whose undo answers are kept: those being played at any moment. */
const UNDO_TARGETS_CACHED = 500;

/**
 * Playing: a person's or a bot's action, taking one back, and what each viewer is shown meanwhile.
 * `commit` is the one way an action reaches the log; votes and waits commit through it too.
 */
export class Play {
  /** Per game version, the moves that may still be taken back (see `pending`). */
  private readonly pendingCache = new VersionCache<PendingMove[]>(UNDO_TARGETS_CACHED);
  /** Per game version, the state each viewer is shown while moves may still be taken back (see `shownTo`). */
  private readonly shownCache = new VersionCache<Map<Seat | null, LoadedGame>>(UNDO_TARGETS_CACHED);

  constructor(private readonly h: Hosting) {}

  /** The bot players who must act now, and the seats the bot stands in for (in the order the game lists them). */
  botsToAct(game: LoadedGame): Seat[] {
    if (game.row.status !== 'running') return [];
    const now = this.h.clock.now();
    return (game.def.toAct(game.state) as Seat[]).filter((seat) => {
      const row = game.seats[seat];
      return row !== undefined && ((row.botLevel !== null && !row.resigned) || standsIn(row, now));
    });
  }

  /**
   * A bot player's move, chosen by the search for the state at `expectedVersion`. Refused like a
   * person's when the game moved on meanwhile or the action is not legal; logged with origin 'bot',
   * or 'stand-in' in the seat of a player away whom the others let the bot play for.
   */
  actAsBot(id: number, seat: Seat, expectedVersion: number, action: unknown): Outcome<ActionOutcome> {
    const game = this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const row = game.seats[seat];
    const standIn = row !== undefined && standsIn(row, this.h.clock.now());
    if (!row || ((row.botLevel === null || row.resigned) && !standIn)) return refuse('not-a-bot');
    if (game.row.version !== expectedVersion) return refuse('stale');
    if (!game.def.toAct(game.state).includes(seat)) return refuse('not-your-turn');
    return this.commit(game, seat, action, standIn ? 'stand-in' : 'bot');
  }

  /**
   * Plays the action at `actionIndex` of the seat's legal actions, as shown to the user at
   * `expectedVersion`. Refuses when the game moved on since, or the action is not legal.
   */
  act(id: number, userId: string, expectedVersion: number, actionIndex: number): Outcome<ActionOutcome> {
    const game = this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.h.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    if (game.row.version !== expectedVersion) return refuse('stale');
    if (!game.def.toAct(game.state).includes(seat)) return refuse('not-your-turn');
    const action = game.def.legalActions(game.state, seat)[actionIndex];
    if (action === undefined) return refuse('illegal');
    return this.commit(game, seat, action);
  }

  /** The move `seat` may take back now (the panel then offers "Undo"): its seq, or null. */
  undoableMove(game: LoadedGame, seat: Seat): number | null {
    return latestPendingOf(this.pending(game), seat);
  }

  /**
   * The moves of a running game that may still be taken back, newest first. Read once per version:
   * every panel and board asks, and the log only changes with the version (within a transaction,
   * that version may yet be rolled back).
   */
  private pending(game: LoadedGame): PendingMove[] {
    if (game.row.status !== 'running' || game.def.undoable === undefined) return [];
    const read = () => pendingMoves(this.h.store.undoTrail(game.row.id));
    return this.h.store.inTransaction ? read() : this.pendingCache.get(game.row.id, game.row.version, read);
  }

  /**
   * The game as `viewer` (a seat; null: spectators, posts, the public log) may be shown it: without
   * the other seats' moves that may still be taken back, and with `row.version` the last move whose
   * events he may read. For showing only: acting always goes by the real game.
   */
  shownTo(game: LoadedGame, viewer: Seat | null): LoadedGame {
    const hidden = hiddenFrom(this.pending(game), viewer);
    if (hidden.size === 0) return game;
    const compute = (): LoadedGame => {
      const start = startOf(game.def, game.row, game.seats.length);
      const state = shownState(game.def, start, this.h.store.actionsOf(game.row.id), hidden);
      return { ...game, state, row: { ...game.row, version: shownThrough(game.row.version, hidden) } };
    };
    if (this.h.store.inTransaction) return compute();
    const shown = this.shownCache.get(game.row.id, game.row.version, () => new Map<Seat | null, LoadedGame>());
    if (!shown.has(viewer)) shown.set(viewer, compute());
    return shown.get(viewer) as LoadedGame;
  }

  /**
   * Takes back the player's move `seq` (his panel's "Undo"), if it is still his latest in force and
   * showed nothing new and kept the turn (see ./undo.ts): the others' secret choices made since do
   * not stand in the way. Logged as an undo; the state is rebuilt from the log without the move.
   */
  undo(id: number, userId: string, seq: number): Outcome<ActionOutcome> {
    const game = this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.h.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    const target = undoTarget(this.h.store.undoTrail(id), seat);
    if (target === null) return refuse('nothing-to-undo');
    if (target !== seq) return refuse('stale');
    const next = stateWithout(game.def, startOf(game.def, game.row, game.seats.length), this.h.store.actionsOf(id), target);
    if (next === null) return refuse('nothing-to-undo');
    return this.record(game, seat, UNDO_ACTION, next, 'player', { undoes: target });
  }

  /**
   * The answer to a move did not reach the player (the move itself was made): his next panel says
   * so. Called with null once it has.
   */
  noteUnanswered(id: number, seat: Seat, version: number | null): void {
    this.h.store.setUnanswered(id, seat, version);
  }

  /** Rebuilds the state from the log: must equal the stored snapshot. */
  replay(id: number): unknown {
    const game = this.h.load(id);
    if (!game) throw new Error(`no game ${id}`);
    return replay(game.def, game.row, game.seats.length, this.h.store.actionsOf(id));
  }

  /** Applies and records a seat's action (the service's parts only: every caller checked the seat may act). */
  commit(game: LoadedGame, seat: Seat, action: unknown, origin: ActionOrigin = 'player'): Outcome<ActionOutcome> {
    let next: unknown;
    try {
      next = applyLogged(game.def, game.state, seat, action);
    } catch (error) {
      if (error instanceof IllegalAction) return refuse('illegal');
      throw error;
    }
    const undoable = !isResign(action) && (game.def.undoable?.(game.state, next, seat) ?? false);
    return this.record(game, seat, action, next, origin, { undoable });
  }

  /** Stores `next` as the state after `action` and logs it; an undo records what it took back. */
  private record(game: LoadedGame, seat: Seat, action: unknown, next: unknown, origin: ActionOrigin, undo: { undoable?: boolean; undoes?: number }): Outcome<ActionOutcome> {
    const { def, row } = game;
    const result = def.isOver(next) ? def.result(next) : null;
    // An undo tells nothing new: the restored state's events are those of a step already told.
    const events = undo.undoes === undefined ? publicEvents(def, next) : [];
    const current: WaitTiming = { waitingSince: row.waitingSince, deadlineAt: row.deadlineAt, reminderAt: row.reminderAt };
    const waitedFor = def.toAct(game.state) as Seat[];
    const now = this.h.clock.now();
    const fresh = result ? NO_WAIT : nextWait(current, waitedFor, def.toAct(next), seat, now, row.timeLimitMs);
    // A wait that begins for a player away waits until he is back.
    const wait = fresh === current || fresh === NO_WAIT ? fresh : holdForTimeOff(this.h.store, game, def.toAct(next), fresh, now);
    const commit = () =>
      this.h.store.commitAction(row.id, row.version, { seat, action, publicEvents: events, nextState: next, wait, origin, ...undo, ...(result ? { result } : {}) });
    let seq: number;
    try {
      // A game that ends is rated in the same write: no way of finishing can forget the ratings.
      seq = result
        ? this.h.store.transaction(() => {
            const finished = commit();
            rateFinished(this.h.store, row.id, isResign(action) ? seat : null);
            return finished;
          })
        : commit();
    } catch (error) {
      if (error instanceof StaleVersion) return refuse('stale');
      throw error;
    }
    const updated: LoadedGame = { ...game, row: { ...row, ...wait, version: seq, state: next, status: result ? 'finished' : row.status }, state: next };
    this.h.tellCommitted(row.id, 'action');
    return ok({ game: updated, seat, seq, events, result, waitedFor });
  }

}
