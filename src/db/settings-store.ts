import { eq, inArray, like, max, or } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect, SqlDb } from './dialect.js';
import {
  MEMBER_SETTINGS,
  readSettings,
  SERVER_SETTINGS,
  storedSettings,
  type GuildSettings,
  type MemberSettings,
  type Setting,
  type SettingValues,
  type StoredSettings,
} from '../settings/index.js';
import { ALL_GUILDS, type ShardScope } from './shard.js';

export type { GuildSettings, MemberSettings } from '../settings/index.js';

/** Whose settings: a server's (a row of guild_settings) or a member's own (user_settings). */
export type SettingsOwner = { guildId: string } | { userId: string };

/** One reading of the host's boot clock. */
export interface HostReading {
  /** A 32-bit hash of the boot's id: another value means the host rebooted in between. */
  boot: number;
  /** Time since the host booted, time it was suspended included, in ms. */
  uptimeMs: number;
}

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

/**
 * Server settings, members' settings, and the bot's heartbeat. Each server's (each member's)
 * settings are one JSON document, written and read through their declarations (src/settings):
 * the store names no setting.
 */
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

  /** How a server runs its games: its stored settings as declared, the defaults for the rest. */
  guild(guildId: string): Promise<GuildSettings> {
    return this.read(SERVER_SETTINGS, { guildId });
  }

  /** Changes some of a server's settings (the others kept): read and written in one transaction. */
  updateGuild(guildId: string, change: Partial<GuildSettings>): Promise<GuildSettings> {
    return this.update(SERVER_SETTINGS, { guildId }, change);
  }

  /** A member's own settings: as he stored them, the defaults for the rest. */
  member(userId: string): Promise<MemberSettings> {
    return this.read(MEMBER_SETTINGS, { userId });
  }

  updateMember(userId: string, change: Partial<MemberSettings>): Promise<MemberSettings> {
    return this.update(MEMBER_SETTINGS, { userId }, change);
  }

  /** The values of `settings` in their owner's document (one row by its key). */
  read<L extends readonly Setting[]>(settings: L, owner: SettingsOwner): Promise<SettingValues<L>> {
    return this.h.run(async (db) => readSettings(settings, await this.document(db, owner)));
  }

  /** Changes some of `settings` (the others kept) in their owner's document, in one transaction. */
  update<L extends readonly Setting[]>(settings: L, owner: SettingsOwner, change: Partial<SettingValues<L>>): Promise<SettingValues<L>> {
    return this.h.transaction(async ({ db, t }) => {
      const next: SettingValues<L> = { ...readSettings(settings, await this.document(db, owner)), ...change };
      const stored = storedSettings(settings, next);
      if ('guildId' in owner) {
        const values = { settings: stored, updatedAt: this.now() };
        await db
          .insert(t.guildSettings)
          .values({ guildId: owner.guildId, ...values })
          .onConflictDoUpdate({ target: t.guildSettings.guildId, set: values });
      } else {
        await db
          .insert(t.userSettings)
          .values({ userId: owner.userId, settings: stored })
          .onConflictDoUpdate({ target: t.userSettings.userId, set: { settings: stored } });
      }
      return next;
    });
  }

  private async document(db: SqlDb, owner: SettingsOwner): Promise<StoredSettings | undefined> {
    const { guildSettings, userSettings } = this.h.t;
    if ('guildId' in owner) {
      return (await db.select({ settings: guildSettings.settings }).from(guildSettings).where(eq(guildSettings.guildId, owner.guildId)))[0]?.settings;
    }
    return (await db.select({ settings: userSettings.settings }).from(userSettings).where(eq(userSettings.userId, owner.userId)))[0]?.settings;
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
