import { z } from 'zod';
import { tn } from '../i18n/index.js';
import { defineSetting } from './declare.js';

const HOUR = 60 * 60 * 1000;

/** What a server allows of one member's lobbies. */
export interface LobbyLimits {
  /** Open lobbies one member may host at a time in the server. */
  maxOpen: number;
  /** How long a lobby waits to be started before it expires (ms). */
  expiryMs: number;
}

/** A few lobbies each, and a day to start one. */
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

/** How many lobbies one member may have open at a time. */
export const maxOpenLobbies = defineSetting({
  key: 'maxOpenLobbies',
  owner: 'server',
  value: z.number().int().min(OPEN_LOBBIES.min).max(OPEN_LOBBIES.max),
  default: OPEN_LOBBIES.default,
  name: 'settings.name.open-lobbies',
  told: (count) => String(count),
  change: { name: 'lobby-limit', option: 'lobbies', kind: 'integer', min: OPEN_LOBBIES.min, max: OPEN_LOBBIES.max },
});

/** How long a lobby waits to be started before it expires: in ms, taken and told in whole hours. */
export const lobbyExpiry = defineSetting({
  key: 'lobbyExpiryMs',
  owner: 'server',
  value: z
    .number()
    .int()
    .min(LOBBY_EXPIRY_HOURS.min * HOUR)
    .max(LOBBY_EXPIRY_HOURS.max * HOUR),
  default: DEFAULT_LOBBY_EXPIRY_MS,
  name: 'settings.name.lobby-expiry',
  told: (ms, locale) => {
    const hours = lobbyExpiryHours(ms);
    return tn(locale, 'settings.hours', hours, { hours });
  },
  change: {
    name: 'lobby-expiry',
    option: 'hours',
    kind: 'integer',
    min: LOBBY_EXPIRY_HOURS.min,
    max: LOBBY_EXPIRY_HOURS.max,
    unit: HOUR,
    // Its text names the week the range is.
    refusal: 'refusal.bad-hours',
  },
});
