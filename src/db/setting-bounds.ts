// The values a server's settings may take and their defaults: what the settings store gives a
// server that set nothing, and what /settings offers.

const HOUR = 60 * 60 * 1000;

/** The time limits per move offered in Discord, by name: none, or one hour to a week. */
export const TIME_LIMITS = {
  none: null,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': 24 * HOUR,
  '2d': 48 * HOUR,
  '3d': 72 * HOUR,
  '1w': 7 * 24 * HOUR,
} as const satisfies Record<string, number | null>;

export type TimeLimitName = keyof typeof TIME_LIMITS;
export const TIME_LIMIT_NAMES = Object.keys(TIME_LIMITS) as TimeLimitName[];

/** A server without settings gives each move two days: long enough for play across time zones. */
export const DEFAULT_TIME_LIMIT_MS: number | null = TIME_LIMITS['2d'];

export function timeLimitByName(name: string): number | null | undefined {
  return Object.hasOwn(TIME_LIMITS, name) ? TIME_LIMITS[name as TimeLimitName] : undefined;
}

/** The name of a stored limit (limits are only ever stored from the list above). */
export function timeLimitName(ms: number | null): TimeLimitName {
  return TIME_LIMIT_NAMES.find((name) => TIME_LIMITS[name] === ms) ?? 'none';
}

/** What a server allows of one member's lobbies. */
export interface LobbyLimits {
  /** Open lobbies one member may host at a time in the server. */
  maxOpen: number;
  /** How long a lobby waits to be started before it expires (ms). */
  expiryMs: number;
}

/** The server settings' bounds and defaults: a few lobbies each, a day to start one. */
export const OPEN_LOBBIES = { min: 1, max: 10, default: 3 } as const;
export const LOBBY_EXPIRY_HOURS = { min: 1, max: 7 * 24, default: 24 } as const;
export const DEFAULT_LOBBY_EXPIRY_MS = LOBBY_EXPIRY_HOURS.default * HOUR;

/** A lobby expiry in whole hours (as /settings takes and shows it) → ms; undefined out of bounds. */
export function lobbyExpiryFromHours(hours: number): number | undefined {
  return Number.isInteger(hours) && hours >= LOBBY_EXPIRY_HOURS.min && hours <= LOBBY_EXPIRY_HOURS.max ? hours * HOUR : undefined;
}

export const lobbyExpiryHours = (ms: number): number => Math.round(ms / HOUR);

export function validOpenLobbies(count: number): boolean {
  return Number.isInteger(count) && count >= OPEN_LOBBIES.min && count <= OPEN_LOBBIES.max;
}
