import { AsyncResource } from 'node:async_hooks';
import { seatRangeOf, type AnyGameDefinition, type Seat } from '../engine/index.js';
import type { Storage } from '../db/storage.js';
import type { Clock } from './time-limits.js';
import type { Change, LoadedGame } from './outcomes.js';
import { Lru } from '../lru.js';

/** Games whose last read or write this process keeps for the next click on them: those being played at any moment. */
const GAMES_SEEN = 500;

/**
 * What the parts of the service share (lobbies, play, votes, waits, and the functions beside them
 * such as time off and standings): the store, the games hosted, the clock, and the listeners told
 * of each commit. Only src/service imports this file (.dependency-cruiser.cjs checks it): the
 * Discord layer talks to `GameService` and never reaches the store.
 */
export class Hosting {
  private readonly committed: ((gameId: number, change: Change) => void)[] = [];
  /** Changes committed and not told yet, in the order they were made. */
  private readonly toTell: [number, Change][] = [];
  /**
   * The service's own async context, where listeners are told: not that of the transaction a change
   * was made in (which the store tells by its context, and which is over by then).
   */
  private readonly ownScope = new AsyncResource('harbour:after-commit');
  /** Per game, the game as this process last read it or committed a move on it (see `seenAt`). */
  private readonly lastSeen = new Lru<number, LoadedGame>(GAMES_SEEN);

  constructor(
    readonly store: Storage,
    readonly registry: Record<string, AnyGameDefinition>,
    readonly newSeed: () => string,
    readonly clock: Clock,
  ) {}

  afterCommit(listener: (gameId: number, change: Change) => void): void {
    this.committed.push(listener);
  }

  /**
   * Tells the listeners of a change once it is committed, in the order the changes were committed:
   * never halfway, so a listener reads what was written (and never a change rolled back). `written`:
   * the store it was written through (the transaction's `tx`, when inside one).
   */
  tellCommitted(id: number, change: Change, written: Storage = this.store): void {
    if (this.committed.length === 0) return;
    written.afterCommit(() => {
      this.toTell.push([id, change]);
      if (this.toTell.length === 1) queueMicrotask(() => this.ownScope.runInAsyncScope(() => this.tell()));
    });
  }

  private tell(): void {
    for (const [id, change] of this.toTell.splice(0)) this.committed.forEach((listener) => listener(id, change));
  }

  definition(gameId: string): AnyGameDefinition | undefined {
    return Object.hasOwn(this.registry, gameId) ? this.registry[gameId] : undefined;
  }

  /** How many players a game with these stored options takes. */
  seatRange(def: AnyGameDefinition, options: unknown): { min: number; max: number } {
    return seatRangeOf(def, def.options.parse(options));
  }

  /** A game with its seats and rules; `store`: the transaction it is read in, if any. */
  async load(id: number, store: Storage = this.store): Promise<LoadedGame | undefined> {
    const at = this.clock.now();
    const found = await store.getWithSeats(id, at);
    if (!found) return undefined;
    const def = this.definition(found.row.gameId);
    if (!def) return undefined;
    const game: LoadedGame = { row: found.row, seats: found.seats, def, state: found.row.state, ...(found.away ? { away: { at, rows: found.away } } : {}) };
    // Read in a transaction, the game may yet be rolled back: only the root store's reads are kept.
    if (store === this.store) this.seen(game);
    return game;
  }

  /**
   * The game as this process last read it or committed a move on it, if that was at `version`: a
   * click on a panel just shown (or on the answer to the move before) acts on it without reading it
   * again. The database may have moved on since; a move made on it is guarded by the version.
   */
  seenAt(id: number, version: number): LoadedGame | undefined {
    const game = this.lastSeen.get(id);
    return game?.row.version === version ? game : undefined;
  }

  /** Keeps a game read through the root store, or the game a move committed there made. */
  seen(game: LoadedGame): void {
    this.lastSeen.set(game.row.id, game);
  }

  seatOf(game: LoadedGame, userId: string): Seat | undefined {
    return game.seats.find((s) => s.userId === userId && !s.resigned)?.seat;
  }
}

/** Each service's shared part, for the functions of src/service that take a `GameService`. */
const hostings = new WeakMap<object, Hosting>();

export function attachHosting(service: object, hosting: Hosting): void {
  hostings.set(service, hosting);
}

export function hostingOf(service: object): Hosting {
  const hosting = hostings.get(service);
  if (!hosting) throw new Error('not a GameService');
  return hosting;
}
