/**
 * Follows the servers the bot is in: removed from one (GUILD_DELETE without `unavailable`, or
 * absent from READY after a restart), its games pause and the announcer stops posting for them;
 * added back (GUILD_CREATE), they get their time back, what they owe is posted, and bot players
 * whose turn it is move.
 */
import { Events, type Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import { guildsLeft, pauseGuild, resumeGuild } from '../service/guild-membership.js';
import type { Announcer } from './announcer.js';

/** `back`: told when the bot is back in a server, so that bot players held meanwhile move (src/discord/bot-players.ts). */
export function watchGuildMembership(client: Client, service: GameService, announcer: Announcer, logger: Logger, back: () => void = () => undefined): void {
  const left = async (guildId: string) => {
    announcer.absentGuilds.add(guildId);
    const games = await pauseGuild(service, guildId);
    logger.warn({ guild: guildId, games }, 'the bot is not in this server (any more); its games pause until it is added back');
  };
  client.once(
    Events.ClientReady,
    () =>
      void (async () => {
        try {
          for (const guildId of await guildsLeft(service, (id) => client.guilds.cache.has(id))) await left(guildId);
        } catch (error) {
          logger.error({ err: error }, 'could not check the servers of the running games');
        }
      })(),
  );
  // A server's outage is GuildUnavailable in discord.js; GuildDelete is the bot leaving it.
  client.on(
    Events.GuildDelete,
    (guild) =>
      void (async () => {
        try {
          await left(guild.id);
        } catch (error) {
          logger.error({ err: error, guild: guild.id }, 'could not pause the games of a server the bot left');
        }
      })(),
  );
  client.on(
    Events.GuildCreate,
    (guild) =>
      void (async () => {
        if (!announcer.absentGuilds.delete(guild.id)) return;
        try {
          const games = await resumeGuild(service, guild.id);
          logger.info({ guild: guild.id, games: games.length }, 'the bot is back in this server; its games go on');
          // One after another, as the sweep posts: a server with a thousand games does not start a thousand posts at once.
          void (async () => {
            for (const id of games) await announcer.post(id);
          })();
          back();
        } catch (error) {
          logger.error({ err: error, guild: guild.id }, 'could not resume the games of a server the bot is back in');
        }
      })(),
  );
}
