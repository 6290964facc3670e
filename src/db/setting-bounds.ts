// The values a server's settings may take and their defaults: what the settings store gives a
// server that set nothing, and what /settings offers and enforces. Each setting is declared once
// in `SERVER_SETTINGS` (below); its column is in ./schema.ts, its subcommand in
// src/discord/commands/settings.ts.
import type { MessageKey } from '../i18n/index.js';
import type { GuildSettings } from './settings-store.js';

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

/** A whole number a setting may be, in the unit /settings takes and shows (hours for the lobbies' expiry). */
export interface Range {
  min: number;
  max: number;
  default: number;
}

/**
 * One server setting: its default as stored, the range /settings offers (and the bot holds it to)
 * when it is a number, and the catalogue key of its name where /settings tells it.
 */
export interface ServerSetting<V> {
  default: V;
  range?: Range;
  /** Its name in `/settings show` and in the line confirming a change. */
  name: MessageKey;
}

/** The server settings' bounds and defaults: a few lobbies each, a day to start one, two weeks of time off. */
export const OPEN_LOBBIES = { min: 1, max: 10, default: 3 } as const satisfies Range;
export const LOBBY_EXPIRY_HOURS = { min: 1, max: 7 * 24, default: 24 } as const satisfies Range;
export const DEFAULT_LOBBY_EXPIRY_MS = LOBBY_EXPIRY_HOURS.default * HOUR;
/** The most days of time off in any 30 days (0 turns time off off). */
export const AWAY_DAYS = { min: 0, max: 30, default: 14 } as const satisfies Range;

/** Every server setting, declared once: TypeScript refuses a field of `GuildSettings` left out. */
export const SERVER_SETTINGS: { [K in keyof GuildSettings]: ServerSetting<GuildSettings[K]> } = {
  defaultTimeLimitMs: { default: DEFAULT_TIME_LIMIT_MS, name: 'settings.name.time-limit' },
  deadlinePolicy: { default: 'auto-move', name: 'settings.name.timeout' },
  allowedChannels: { default: [], name: 'settings.name.channels' },
  useThreads: { default: true, name: 'settings.name.threads' },
  absentLevel: { default: 'normal', name: 'settings.name.timeout' },
  maxOpenLobbies: { default: OPEN_LOBBIES.default, range: OPEN_LOBBIES, name: 'settings.name.open-lobbies' },
  lobbyExpiryMs: { default: DEFAULT_LOBBY_EXPIRY_MS, range: LOBBY_EXPIRY_HOURS, name: 'settings.name.lobby-expiry' },
  awayDaysMax: { default: AWAY_DAYS.default, range: AWAY_DAYS, name: 'settings.name.away-days' },
  sharedRatings: { default: false, name: 'settings.name.shared-ratings' },
};

/** What a server gets before its admins change anything: each setting's declared default. */
export const DEFAULT_GUILD_SETTINGS: GuildSettings = { ...defaultsOf(SERVER_SETTINGS) };

function defaultsOf<S extends object>(settings: { [K in keyof S]: ServerSetting<S[K]> }): S {
  const defaults: Partial<S> = {};
  for (const key of Object.keys(settings) as (keyof S)[]) defaults[key] = settings[key].default;
  return defaults as S;
}

/** A lobby expiry in whole hours (as /settings takes and shows it) → ms; undefined out of bounds. */
export function lobbyExpiryFromHours(hours: number): number | undefined {
  return Number.isInteger(hours) && hours >= LOBBY_EXPIRY_HOURS.min && hours <= LOBBY_EXPIRY_HOURS.max ? hours * HOUR : undefined;
}

export const lobbyExpiryHours = (ms: number): number => Math.round(ms / HOUR);

export function validOpenLobbies(count: number): boolean {
  return Number.isInteger(count) && count >= OPEN_LOBBIES.min && count <= OPEN_LOBBIES.max;
}
