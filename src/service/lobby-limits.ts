import type { GameRow } from '../db/schema.js';

/**
 * How long an inviter's lobbies and rematches leave a person he pinged alone: within it the
 * invitation still names him, without a ping. Five minutes covers a burst (Rematch, Cancel,
 * Rematch again, or several finished games rematched at once) with one notification, and is short
 * enough that an invitation to tonight's game after this afternoon's pings him again.
 */
export const PING_WINDOW_MS = 5 * 60_000;

/** What a server allows of one member's lobbies. */
export interface LobbyLimits {
  /** Open lobbies one member may host at a time in the server. */
  maxOpen: number;
  /** How long a lobby waits to be started before it expires (ms). */
  expiryMs: number;
}

const HOUR_MS = 60 * 60_000;

/** The server settings' bounds and defaults: a few lobbies each, a day to start one. */
export const OPEN_LOBBIES = { min: 1, max: 10, default: 3 } as const;
export const LOBBY_EXPIRY_HOURS = { min: 1, max: 7 * 24, default: 24 } as const;
export const DEFAULT_LOBBY_EXPIRY_MS = LOBBY_EXPIRY_HOURS.default * HOUR_MS;

/** A lobby expiry in whole hours (as /settings takes and shows it) → ms; undefined out of bounds. */
export function lobbyExpiryFromHours(hours: number): number | undefined {
  return Number.isInteger(hours) && hours >= LOBBY_EXPIRY_HOURS.min && hours <= LOBBY_EXPIRY_HOURS.max ? hours * HOUR_MS : undefined;
}

export const lobbyExpiryHours = (ms: number): number => Math.round(ms / HOUR_MS);

export function validOpenLobbies(count: number): boolean {
  return Number.isInteger(count) && count >= OPEN_LOBBIES.min && count <= OPEN_LOBBIES.max;
}

/** Whether a game closed in its lobby because nobody started it in time (see `LobbyStore.expire`). */
export const lobbyExpired = (row: Pick<GameRow, 'status' | 'lobbyExpiresAt'>): boolean => row.status === 'cancelled' && row.lobbyExpiresAt !== null;
