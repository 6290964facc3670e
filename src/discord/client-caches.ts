import { Options, Partials, SnowflakeUtil, type Client, type ClientOptions, type ThreadChannel } from 'discord.js';

/** How often the thread cache is swept, in seconds. */
export const THREAD_SWEEP_INTERVAL_S = 3600;
/** An archived thread is dropped this long after it was archived (discord.js's default is 4 hours). */
export const ARCHIVED_THREAD_LIFETIME_S = 3600;
/** An open thread is dropped this long after it was created: the bot never reads one from the cache. */
export const OPEN_THREAD_LIFETIME_S = 24 * 3600;

/** The bot's own entry: its user, its member in each server, its member of each thread. */
const own = (entry: { id: string; client: Client }): boolean => entry.id === entry.client.user?.id;

/** Whether a cached thread is old enough to drop, at `now` (ms). */
export function threadToSweep(thread: ThreadChannel, now = Date.now()): boolean {
  if (thread.archived) return (thread.archiveTimestamp ?? 0) <= now - ARCHIVED_THREAD_LIFETIME_S * 1000;
  const created = thread.createdTimestamp ?? SnowflakeUtil.timestampFrom(thread.id);
  return created <= now - OPEN_THREAD_LIFETIME_S * 1000;
}

/**
 * What discord.js may keep in memory. By default it keeps every user and member an interaction
 * brings, for good: ~670 bytes per distinct member, so a bot in big servers fills its heap. The bot
 * reads none of them: a handler takes the user, the member and his permissions from the interaction
 * itself, posts go by REST to stored ids, and direct messages open their channel by REST. So users,
 * members and thread members are not cached beyond the bot's own (kept for discord.js's permission
 * helpers, `guild.members.me`), nor messages, presences, voice states or reactions.
 *
 * Servers and their channels stay cached (discord.js cannot work without them, and the bot reads
 * `client.guilds` and a lobby message's channel to open its thread). Threads live in that channel
 * cache, which takes no limit, so they are swept: every hour, those archived an hour ago or more
 * and those opened a day ago or more (a game's thread is needed only while it is being opened).
 *
 * A member who is not cached still makes `guildMemberRemove` when he leaves (where the gateway
 * sends it): the GuildMember partial lets discord.js build him from the event.
 */
export function clientCacheOptions(): Pick<ClientOptions, 'makeCache' | 'sweepers' | 'partials'> {
  return {
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      UserManager: { maxSize: 0, keepOverLimit: own },
      GuildMemberManager: { maxSize: 0, keepOverLimit: own },
      ThreadMemberManager: { maxSize: 0, keepOverLimit: own },
      PresenceManager: 0,
      VoiceStateManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      threads: { interval: THREAD_SWEEP_INTERVAL_S, filter: () => (thread) => threadToSweep(thread) },
    },
    partials: [Partials.GuildMember],
  };
}
