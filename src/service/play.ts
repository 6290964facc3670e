import { IllegalAction, type Seat } from '../engine/index.js';
import { StaleVersion, type Storage } from '../db/storage.js';
import { VersionCache } from '../db/version-cache.js';
import type { ActionOrigin } from '../db/schema.js';
import type { Hosting } from './hosting.js';
import { ok, refuse, type ActionOutcome, type LoadedGame, type Outcome, type SameChoice } from './outcomes.js';
import { applyLogged, isResign, publicEvents, replay, startOf, UNDO_ACTION } from './action-log.js';
import { latestPendingOf, pendingMoves, stateWithout, undoTarget, type PendingMove } from './undo.js';
import { hiddenFrom, shownState, shownThrough } from './shown.js';
import { rateFinished } from './ratings.js';
import { holdForTimeOff, standsIn } from './away-waits.js';
import { NO_WAIT, nextWait, type WaitTiming } from './time-limits.js';

/** Games whose undo answers are kept: those being played at any moment. */
const UNDO_TARGETS_CACHED = 500;

/**
 * How often a click judged by its meaning is read, judged and committed again when another move
 * was committed between its read and its write (the others choosing at the same moment).
 */
const CLICK_ATTEMPTS = 4;

/**
 * Playing: a person's or a bot's action, taking one back, and what each viewer is shown meanwhile.
 * `commit` is the one way an action reaches the log; votes and waits commit through it too.
 */
export class Play {
  /** Per game version, the moves that may still be taken back (see `pending`). */
  private readonly pendingCache = new VersionCache<PendingMove[] | undefined>(UNDO_TARGETS_CACHED);
  /** Per game version, the state each viewer is shown while moves may still be taken back (see `shownTo`). */
  private readonly shownCache = new VersionCache<Map<Seat | null, LoadedGame>>(UNDO_TARGETS_CACHED);

  constructor(private readonly h: Hosting) {}

  /** The bot players who must act now, and the seats the bot stands in for (in the order the game lists them). */
  botsToAct(game: LoadedGame): Seat[] {
    if (game.row.status !== 'running') return [];
    const now = this.h.clock.now();
    return game.def.toAct(game.state).filter((seat) => {
      const row = game.seats[seat];
      return row !== undefined && ((row.botLevel !== null && !row.resigned) || standsIn(row, now));
    });
  }

  /**
   * A bot player's move, chosen by the search for the state at `expectedVersion`. Refused like a
   * person's when the game moved on meanwhile or the action is not legal; logged with origin 'bot',
   * or 'stand-in' in the seat of a player away whom the others let the bot play for.
   */
  async actAsBot(id: number, seat: Seat, expectedVersion: number, action: unknown): Promise<Outcome<ActionOutcome>> {
    const game = await this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const row = game.seats[seat];
    const standIn = row !== undefined && standsIn(row, this.h.clock.now());
    if (!row || ((row.botLevel === null || row.resigned) && !standIn)) return refuse('not-a-bot');
    if (game.row.version !== expectedVersion) return refuse('stale');
    if (!game.def.toAct(game.state).includes(seat)) return refuse('not-your-turn');
    return this.commit(this.h.store, game, seat, action, standIn ? 'stand-in' : 'bot');
  }

  /**
   * Plays the action at `actionIndex` of the seat's legal actions, as shown to the user at
   * `expectedVersion`. When the game moved on since, the click is refused as stale unless
   * `sameChoice` finds, on the game as it is now, a legal choice meaning what the clicked one meant
   * (the others' secret choices, a bot's move: docs/decisions.md): then that one is played. Either
   * way the move is committed against the version read here, which the store checks again: a move
   * committed in between sends a judged click round again, read anew.
   */
  async act(id: number, userId: string, expectedVersion: number, actionIndex: number, sameChoice?: SameChoice): Promise<Outcome<ActionOutcome>> {
    // A click on a panel this process has just shown, or on the answer to the move before: made on
    // the game as it was then, not read again (one round trip fewer on most clicks). If the game
    // moved on meanwhile, the move's statement writes nothing (it is guarded by the version), and
    // the click is judged anew on the game read, as when nothing was seen: so is any refusal.
    const seen = this.h.seenAt(id, expectedVersion);
    if (seen) {
      const clicked = await this.clickedAction(seen, userId, expectedVersion, actionIndex);
      const outcome = clicked.ok ? await this.commit(this.h.store, seen, clicked.value.seat, clicked.value.action) : clicked;
      if (outcome.ok) return outcome;
    }
    for (let attempt = 1; ; attempt++) {
      const clicked = await this.clickedAction(await this.h.load(id), userId, expectedVersion, actionIndex, sameChoice);
      if (!clicked.ok) return clicked;
      const { game, seat, action } = clicked.value;
      const outcome = await this.commit(this.h.store, game, seat, action);
      // 'stale' here is the store's guard: another move came between the read and the write.
      if (outcome.ok || outcome.refusal !== 'stale' || sameChoice === undefined || attempt >= CLICK_ATTEMPTS) return outcome;
    }
  }

  /** The action a click plays on `game` (as read, or as last seen), or why it is refused. */
  private async clickedAction(
    game: LoadedGame | undefined,
    userId: string,
    expectedVersion: number,
    actionIndex: number,
    sameChoice?: SameChoice,
  ): Promise<Outcome<{ game: LoadedGame; seat: Seat; action: unknown }>> {
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.h.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    const hisTurn = game.def.toAct(game.state).includes(seat);
    let index = actionIndex;
    if (game.row.version !== expectedVersion) {
      // An earlier panel: played only where it still means what it meant to him.
      const found = sameChoice !== undefined && hisTurn ? await sameChoice(game, seat) : null;
      if (found === null) return refuse('stale');
      index = found;
    }
    if (!hisTurn) return refuse('not-your-turn');
    const action: unknown = game.def.legalActions(game.state, seat)[index];
    if (action === undefined) return refuse('illegal');
    return ok({ game, seat, action });
  }

  /** The move `seat` may take back now (the panel then offers "Undo"): its seq, or null. */
  async undoableMove(game: LoadedGame, seat: Seat): Promise<number | null> {
    return latestPendingOf(await this.pending(game), seat);
  }

  /**
   * The moves of a running game that may still be taken back, newest first. Read once per version:
   * every panel and board asks, and the log only changes with the version. Read through the root
   * store only, never a transaction (whose version may yet be rolled back): the root store's reads
   * wait while a transaction is open, so what is kept here was committed.
   */
  private async pending(game: LoadedGame): Promise<PendingMove[]> {
    if (game.row.status !== 'running' || game.def.undoable === undefined) return [];
    const cached = this.pendingCache.get(game.row.id, game.row.version, () => undefined);
    if (cached !== undefined) return cached;
    const pending = await pendingMoves(this.h.store.log.undoTrail(game.row.id));
    this.pendingCache.set(game.row.id, game.row.version, pending);
    return pending;
  }

  /**
   * The game as `viewer` (a seat; null: spectators, posts, the public log) may be shown it: without
   * the other seats' moves that may still be taken back, and with `row.version` the last move whose
   * events he may read. For showing only: acting always goes by the real game.
   */
  async shownTo(game: LoadedGame, viewer: Seat | null): Promise<LoadedGame> {
    const hidden = hiddenFrom(await this.pending(game), viewer);
    if (hidden.size === 0) return game;
    // Like `pending`, kept per version and read through the root store only.
    const shown = this.shownCache.get(game.row.id, game.row.version, () => new Map<Seat | null, LoadedGame>());
    const known = shown.get(viewer);
    if (known !== undefined) return known;
    const start = startOf(game.def, game.row, game.seats.length);
    const state = shownState(game.def, start, await this.h.store.log.actionsOf(game.row.id), hidden);
    const computed: LoadedGame = { ...game, state, row: { ...game.row, version: shownThrough(game.row.version, hidden) } };
    shown.set(viewer, computed);
    return computed;
  }

  /**
   * Takes back the player's move `seq` (his panel's "Undo"), if it is still his latest in force and
   * showed nothing new and kept the turn (see ./undo.ts): the others' secret choices made since do
   * not stand in the way. Logged as an undo; the state is rebuilt from the log without the move.
   */
  async undo(id: number, userId: string, seq: number): Promise<Outcome<ActionOutcome>> {
    const game = await this.h.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.h.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    const target = await undoTarget(this.h.store.log.undoTrail(id), seat);
    if (target === null) return refuse('nothing-to-undo');
    if (target !== seq) return refuse('stale');
    const next = stateWithout(game.def, startOf(game.def, game.row, game.seats.length), await this.h.store.log.actionsOf(id), target);
    if (next === null) return refuse('nothing-to-undo');
    return this.record(this.h.store, game, seat, UNDO_ACTION, next, 'player', { undoes: target });
  }

  /**
   * The answer to a move did not reach the player (the move itself was made): his next panel says
   * so. Called with null once it has.
   */
  async noteUnanswered(id: number, seat: Seat, version: number | null): Promise<void> {
    await this.h.store.setUnanswered(id, seat, version);
  }

  /** Rebuilds the state from the log: must equal the stored snapshot. */
  async replay(id: number): Promise<unknown> {
    const game = await this.h.load(id);
    if (!game) throw new Error(`no game ${id}`);
    return replay(game.def, game.row, game.seats.length, await this.h.store.log.actionsOf(id));
  }

  /**
   * Applies and records a seat's action (the service's parts only: every caller checked the seat may
   * act), through `store`: the root store, or the transaction the caller has open.
   */
  async commit(store: Storage, game: LoadedGame, seat: Seat, action: unknown, origin: ActionOrigin = 'player'): Promise<Outcome<ActionOutcome>> {
    let next: unknown;
    try {
      next = applyLogged(game.def, game.state, seat, action);
    } catch (error) {
      if (error instanceof IllegalAction) return refuse('illegal');
      throw error;
    }
    const undoable = !isResign(action) && (game.def.undoable?.(game.state, next, seat) ?? false);
    return this.record(store, game, seat, action, next, origin, { undoable });
  }

  /** Stores `next` as the state after `action` and logs it; an undo records what it took back. */
  private async record(
    store: Storage,
    game: LoadedGame,
    seat: Seat,
    action: unknown,
    next: unknown,
    origin: ActionOrigin,
    undo: { undoable?: boolean; undoes?: number },
  ): Promise<Outcome<ActionOutcome>> {
    const { def, row } = game;
    const result = def.isOver(next) ? def.result(next) : null;
    // An undo tells nothing new: the restored state's events are those of a step already told.
    const events = undo.undoes === undefined ? publicEvents(def, next) : [];
    const current: WaitTiming = { waitingSince: row.waitingSince, deadlineAt: row.deadlineAt, reminderAt: row.reminderAt };
    const waitedFor = def.toAct(game.state);
    const now = this.h.clock.now();
    const fresh = result ? NO_WAIT : nextWait(current, waitedFor, def.toAct(next), seat, now, row.timeLimitMs);
    // A wait that begins for a player away waits until he is back.
    const wait = fresh === current || fresh === NO_WAIT ? fresh : await holdForTimeOff(store, game, def.toAct(next), fresh, now);
    // A wait that goes on is left as the database has it: shifted meanwhile, perhaps (time off).
    const waitGoesOn = wait === current;
    const commit = (on: Storage) =>
      on.commitAction(row.id, row.version, {
        seat,
        action,
        publicEvents: events,
        nextState: next,
        wait,
        waitGoesOn,
        origin,
        ...undo,
        ...(result ? { result } : {}),
      });
    let seq: number;
    try {
      // A game that ends is rated in the same write: no way of finishing can forget the ratings.
      seq = result
        ? await store.transaction(async (tx) => {
            await tx.lockGame(row.id);
            const finished = await commit(tx);
            await rateFinished(tx, row.id, isResign(action) ? seat : null);
            return finished;
          })
        : await commit(store);
    } catch (error) {
      if (error instanceof StaleVersion) return refuse('stale');
      throw error;
    }
    // What was read with the game (its people's time off) was read before this move: not carried on.
    const { away: _readBefore, ...kept } = game;
    const updated: LoadedGame = { ...kept, row: { ...row, ...wait, version: seq, state: next, status: result ? 'finished' : row.status }, state: next };
    // Committed through a caller's transaction, the move may yet be rolled back: kept only when made.
    if (store === this.h.store) this.h.seen(updated);
    this.h.tellCommitted(row.id, 'action', store);
    return ok({ game: updated, seat, seq, events, result, waitedFor });
  }
}
