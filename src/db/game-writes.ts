import type { ActionOrigin } from './schema.js';
import type { WaitTiming } from './wait-timing.js';

// What the store's writes of games and actions take, and what deciding an undo reads (./storage.ts).

export interface NewLobby {
  guildId: string;
  channelId: string;
  hostId: string;
  hostName: string;
  gameId: string;
  options: unknown;
  locale: string;
  seed: string;
  rulesVersion: number;
  /** Time per move in ms; null: no limit. */
  timeLimitMs: number | null;
  /** When the lobby closes unless it started; left out (tests of the store), it waits for ever. */
  lobbyExpiresAt?: number;
}

export interface CommittedAction {
  seat: number;
  action: unknown;
  publicEvents: unknown[];
  nextState: unknown;
  /** Present when this action ended the game. */
  result?: unknown;
  /** The wait that follows this action (none once the game is over). */
  wait: WaitTiming;
  /**
   * The wait goes on as it was (the same players awaited): its columns are left as the database
   * has them, so that a shift made since the game was read (time off, a pause while the bot could
   * not hear its players) is kept.
   */
  waitGoesOn?: boolean;
  /** 'timeout' when the bot moved for a player whose time ran out. */
  origin?: ActionOrigin;
  /** The move showed nothing new and kept the turn: its player may take it back. */
  undoable?: boolean;
  /** This is an undo: the seq of the action it takes back, marked undone in the same write. */
  undoes?: number;
}

/** What deciding an undo needs of one logged action. */
export interface UndoTrailEntry {
  seq: number;
  seat: number;
  origin: ActionOrigin;
  undoable: boolean;
  undone: boolean;
  /** The action is itself an undo. */
  undo: boolean;
}
