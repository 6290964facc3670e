/**
 * A server the bot was removed from: its running games pause, since nobody there can click and
 * nothing can be posted (retrying would only add to Discord's count of refused requests). Added
 * back, each game gets the paused time back and goes on.
 */
import type { GameService } from './game-service.js';
import { hostingOf } from './hosting.js';

/** The bot left (or was removed from) `guildId`: its running games pause. Returns how many. */
export async function pauseGuild(service: GameService, guildId: string): Promise<number> {
  return hostingOf(service).store.membership.pause(guildId, service.clock.now());
}

/** The bot is back in `guildId`: each paused game gets its paused time back. Returns their ids. */
export async function resumeGuild(service: GameService, guildId: string): Promise<number[]> {
  const ids = await hostingOf(service).store.membership.paused(guildId);
  const now = service.clock.now();
  for (const id of ids) await hostingOf(service).store.reach.markReachable(id, now);
  return ids;
}

/** The servers with running games that the bot is not in (removed while it was stopped). */
export async function guildsLeft(service: GameService, isIn: (guildId: string) => boolean): Promise<string[]> {
  return (await hostingOf(service).store.membership.runningGuilds()).filter((guildId) => !isIn(guildId));
}
