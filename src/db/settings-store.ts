import { eq, inArray } from 'drizzle-orm';
import type { Db } from './connection.js';
import { botState, guildSettings, userSettings, type BotLevel, type DeadlinePolicy, type PingMode } from './schema.js';
import { DEFAULT_LOBBY_EXPIRY_MS, DEFAULT_TIME_LIMIT_MS, OPEN_LOBBIES, type LobbyLimits } from './setting-bounds.js';

/** One reading of the host's boot clock. */
export interface HostReading {
  /** A 32-bit hash of the boot's id: another value means the host rebooted in between. */
  boot: number;
  /** Time since the host booted, time it was suspended included, in ms. */
  uptimeMs: number;
}

/** How a server runs its games. */
export interface GuildSettings {
  defaultTimeLimitMs: number | null;
  deadlinePolicy: DeadlinePolicy;
  /** Channels games may be opened in; empty: every channel. */
  allowedChannels: string[];
  useThreads: boolean;
  /** How well the bot plays for a player whose time ran out (auto-move). */
  absentLevel: BotLevel;
  /** How many lobbies one member may have open at a time. */
  maxOpenLobbies: number;
  /** How long a lobby waits to be started before it expires (ms). */
  lobbyExpiryMs: number;
  /** The most days of time off a member may take in any 30 days; 0: none. */
  awayDaysMax: number;
  /** Its finished games also count in the ratings shared between servers (src/service/ratings.ts). */
  sharedRatings: boolean;
}

/** What a server gets before its admins change anything. */
export const DEFAULT_GUILD_SETTINGS: GuildSettings = {
  defaultTimeLimitMs: DEFAULT_TIME_LIMIT_MS,
  deadlinePolicy: 'auto-move',
  allowedChannels: [],
  useThreads: true,
  absentLevel: 'normal',
  maxOpenLobbies: OPEN_LOBBIES.default,
  lobbyExpiryMs: DEFAULT_LOBBY_EXPIRY_MS,
  awayDaysMax: 14,
  sharedRatings: false,
};

/** The limits a server puts on its members' lobbies, as the service takes them. */
export const lobbyLimitsOf = (settings: GuildSettings): LobbyLimits => ({ maxOpen: settings.maxOpenLobbies, expiryMs: settings.lobbyExpiryMs });

/** Wall-clock ms of the last heartbeat: whether (and until when) the bot was running. */
const HEARTBEAT = 'heartbeat';
/** The host's boot clock at that heartbeat (see `HostReading`), where the host tells it. */
const HEARTBEAT_UPTIME = 'heartbeat-uptime';
const HEARTBEAT_BOOT = 'heartbeat-boot';

/** When posts ping a player: every turn, when he has been away from the game `awayMinutes`, or never. */
export interface PingSetting {
  mode: PingMode;
  awayMinutes: number;
}
export const DEFAULT_PINGS: PingSetting = { mode: 'every-turn', awayMinutes: 15 };
/** The least and most minutes away before a ping, as `/settings pings` offers them. */
export const PING_AWAY_MINUTES = { min: 1, max: 24 * 60 } as const;

/** Server settings, user settings, and the bot's heartbeat. */
export class SettingsStore {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  guild(guildId: string): GuildSettings {
    const row = this.db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).get();
    if (!row) return { ...DEFAULT_GUILD_SETTINGS };
    return {
      defaultTimeLimitMs: row.defaultTimeLimitMs,
      deadlinePolicy: row.deadlinePolicy,
      allowedChannels: row.allowedChannels,
      useThreads: row.useThreads,
      absentLevel: row.absentLevel,
      maxOpenLobbies: row.maxOpenLobbies,
      lobbyExpiryMs: row.lobbyExpiryMs,
      awayDaysMax: row.awayDaysMax,
      sharedRatings: row.sharedRatings,
    };
  }

  updateGuild(guildId: string, change: Partial<GuildSettings>): GuildSettings {
    const next = { ...this.guild(guildId), ...change };
    const values = { ...next, updatedAt: this.now() };
    this.db
      .insert(guildSettings)
      .values({ guildId, ...values })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: values })
      .run();
    return next;
  }

  dmReminders(userId: string): boolean {
    return this.db.select().from(userSettings).where(eq(userSettings.userId, userId)).get()?.dmReminders ?? false;
  }

  setDmReminders(userId: string, on: boolean): void {
    this.db
      .insert(userSettings)
      .values({ userId, dmReminders: on })
      .onConflictDoUpdate({ target: userSettings.userId, set: { dmReminders: on } })
      .run();
  }

  /** When a post about his turn pings him (see PingMode). */
  pings(userId: string): PingSetting {
    const row = this.db.select({ mode: userSettings.pings, awayMinutes: userSettings.pingAwayMinutes }).from(userSettings).where(eq(userSettings.userId, userId)).get();
    return row ?? { ...DEFAULT_PINGS };
  }

  setPings(userId: string, setting: PingSetting): void {
    const values = { pings: setting.mode, pingAwayMinutes: setting.awayMinutes };
    this.db.insert(userSettings).values({ userId, ...values }).onConflictDoUpdate({ target: userSettings.userId, set: values }).run();
  }

  /** When the bot was last known to be running; null on its very first start. */
  lastHeartbeat(): number | null {
    return this.state(HEARTBEAT);
  }

  /** The host's boot clock at the last heartbeat; null if it was not recorded with it. */
  lastHostHeartbeat(): HostReading | null {
    const uptimeMs = this.state(HEARTBEAT_UPTIME);
    const boot = this.state(HEARTBEAT_BOOT);
    return uptimeMs === null || boot === null ? null : { boot, uptimeMs };
  }

  /** Records a heartbeat; without a host reading the previous one is dropped, so none is stale. */
  heartbeat(at: number, host: HostReading | null = null): void {
    this.db.$client.transaction(() => {
      this.setState(HEARTBEAT, at);
      if (host) {
        this.setState(HEARTBEAT_UPTIME, host.uptimeMs);
        this.setState(HEARTBEAT_BOOT, host.boot);
      } else {
        this.db.delete(botState).where(inArray(botState.key, [HEARTBEAT_UPTIME, HEARTBEAT_BOOT])).run();
      }
    })();
  }

  private state(key: string): number | null {
    return this.db.select().from(botState).where(eq(botState.key, key)).get()?.value ?? null;
  }

  private setState(key: string, value: number): void {
    this.db.insert(botState).values({ key, value }).onConflictDoUpdate({ target: botState.key, set: { value } }).run();
  }
}
