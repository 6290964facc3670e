import { eq, inArray, like, max, or } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect, SqlDb } from './dialect.js';
import type { BotLevel, DeadlinePolicy, PingMode } from './schema.js';
import { ALL_GUILDS, type ShardScope } from './shard.js';
import { DEFAULT_GUILD_SETTINGS, SERVER_SETTINGS, type LobbyLimits } from './setting-bounds.js';

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

/** The limits a server puts on its members' lobbies, as the service takes them. */
export const lobbyLimitsOf = (settings: GuildSettings): LobbyLimits => ({ maxOpen: settings.maxOpenLobbies, expiryMs: settings.lobbyExpiryMs });

/** Wall-clock ms of the last heartbeat: whether (and until when) the bot was running. */
const HEARTBEAT = 'heartbeat';
/** The host's boot clock at that heartbeat (see `HostReading`), where the host tells it. */
const HEARTBEAT_UPTIME = 'heartbeat-uptime';
const HEARTBEAT_BOOT = 'heartbeat-boot';

/**
 * A heartbeat's keys for a shard of a set: each shard beats for itself, so that a shard whose
 * process died while the others ran (its lease then taken over on another host) is credited its
 * own time away, not masked by the others' beats. One shard keeps the plain keys.
 */
function heartbeatKeys(shard: ShardScope): { at: string; uptime: string; boot: string } {
  if (shard.count <= 1) return { at: HEARTBEAT, uptime: HEARTBEAT_UPTIME, boot: HEARTBEAT_BOOT };
  const of = (key: string) => `${key}:${shard.id}`;
  return { at: of(HEARTBEAT), uptime: of(HEARTBEAT_UPTIME), boot: of(HEARTBEAT_BOOT) };
}

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
  private readonly h: Dialect;

  private readonly beat: ReturnType<typeof heartbeatKeys>;

  constructor(
    db: Db | Dialect,
    private readonly now: () => number = Date.now,
    /** Whose heartbeat this store reads and writes: its shard's. */
    shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
    this.beat = heartbeatKeys(shard);
  }

  guild(guildId: string): Promise<GuildSettings> {
    const { guildSettings } = this.h.t;
    return this.h.run(async (db) => {
      const [row] = await db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId));
      if (!row) return { ...DEFAULT_GUILD_SETTINGS };
      return settingsOfRow(row);
    });
  }

  /** Changes some of a server's settings (the others kept): read and written in one transaction. */
  updateGuild(guildId: string, change: Partial<GuildSettings>): Promise<GuildSettings> {
    return this.h.transaction(async (tx) => {
      const next = { ...(await new SettingsStore(tx, this.now).guild(guildId)), ...change };
      const values = { ...next, updatedAt: this.now() };
      const { guildSettings } = tx.t;
      await tx.db
        .insert(guildSettings)
        .values({ guildId, ...values })
        .onConflictDoUpdate({ target: guildSettings.guildId, set: values });
      return next;
    });
  }

  dmReminders(userId: string): Promise<boolean> {
    const { userSettings } = this.h.t;
    return this.h.run(
      async (db) => (await db.select({ on: userSettings.dmReminders }).from(userSettings).where(eq(userSettings.userId, userId)))[0]?.on ?? false,
    );
  }

  setDmReminders(userId: string, on: boolean): Promise<void> {
    const { userSettings } = this.h.t;
    return this.h.run(async (db) => {
      await db
        .insert(userSettings)
        .values({ userId, dmReminders: on })
        .onConflictDoUpdate({ target: userSettings.userId, set: { dmReminders: on } });
    });
  }

  /** When a post about his turn pings him (see PingMode). */
  pings(userId: string): Promise<PingSetting> {
    const { userSettings } = this.h.t;
    return this.h.run(async (db) => {
      const [row] = await db
        .select({ mode: userSettings.pings, awayMinutes: userSettings.pingAwayMinutes })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      return row ?? { ...DEFAULT_PINGS };
    });
  }

  setPings(userId: string, setting: PingSetting): Promise<void> {
    const { userSettings } = this.h.t;
    const values = { pings: setting.mode, pingAwayMinutes: setting.awayMinutes };
    return this.h.run(async (db) => {
      await db
        .insert(userSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userSettings.userId, set: values });
    });
  }

  /**
   * When the bot (its shard, in a set) was last known to be running; null on its very first start.
   * A shard that never beat for itself (the bot ran with fewer shards before) goes by the latest
   * beat of any shard: when the bot as a whole last ran.
   */
  lastHeartbeat(): Promise<number | null> {
    return this.h.run(async (db) => (await this.state(db, this.beat.at)) ?? (await this.latestBeat(db)));
  }

  /** The host's boot clock at the last heartbeat; null if it was not recorded with it (or the shard never beat itself). */
  lastHostHeartbeat(): Promise<HostReading | null> {
    return this.h.run(async (db) => {
      const uptimeMs = await this.state(db, this.beat.uptime);
      const boot = await this.state(db, this.beat.boot);
      return uptimeMs === null || boot === null ? null : { boot, uptimeMs };
    });
  }

  /** The latest heartbeat of the bot and of each of its shards. */
  private async latestBeat(db: SqlDb): Promise<number | null> {
    const { botState } = this.h.t;
    const [row] = await db
      .select({ latest: max(botState.value) })
      .from(botState)
      .where(or(eq(botState.key, HEARTBEAT), like(botState.key, `${HEARTBEAT}:%`)));
    return row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
  }

  /** Records a heartbeat; without a host reading the previous one is dropped, so none is stale. */
  heartbeat(at: number, host: HostReading | null = null): Promise<void> {
    return this.h.transaction(async ({ db, t }) => {
      await this.setState(db, this.beat.at, at);
      if (host) {
        await this.setState(db, this.beat.uptime, host.uptimeMs);
        await this.setState(db, this.beat.boot, host.boot);
      } else {
        await db.delete(t.botState).where(inArray(t.botState.key, [this.beat.uptime, this.beat.boot]));
      }
    });
  }

  private async state(db: SqlDb, key: string): Promise<number | null> {
    const { botState } = this.h.t;
    return (await db.select({ value: botState.value }).from(botState).where(eq(botState.key, key)))[0]?.value ?? null;
  }

  private async setState(db: SqlDb, key: string, value: number): Promise<void> {
    const { botState } = this.h.t;
    await db.insert(botState).values({ key, value }).onConflictDoUpdate({ target: botState.key, set: { value } });
  }
}

/** The declared settings (`SERVER_SETTINGS`) of a server's row, its other columns left out: a setting's column is named as its field. */
function settingsOfRow(row: GuildSettings): GuildSettings {
  const settings: Partial<Record<keyof GuildSettings, unknown>> = {};
  for (const key of Object.keys(SERVER_SETTINGS) as (keyof GuildSettings)[]) settings[key] = row[key];
  return settings as GuildSettings;
}
