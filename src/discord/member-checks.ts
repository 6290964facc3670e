import { DiscordAPIError, GatewayDispatchEvents, Routes, type Client, type REST } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { LeftGame } from '../service/members.js';
import { localeFrom, translator } from '../i18n/index.js';
import { Lru } from '../lru.js';
import type { Announcer } from './announcer.js';

/** Discord's answer to GET /guilds/{guild}/members/{user} for someone who is not (or no longer) a member. */
export const UNKNOWN_MEMBER = 10007;
/** A member is asked about at most this often: Discord's limits are the bot's, and clicks come far more often. */
export const CHECK_EVERY_MS = 10 * 60_000;
/** Members whose last check is remembered (the longest unused forgotten first): memory never grows with the members. */
const REMEMBERED = 10_000;
/** Checks out at once; past that a check is skipped, and made at the next occasion. */
const AT_ONCE = 4;

/**
 * Finds out whether players are still members of their games' server. The bot has only the Guilds
 * intent, so nothing tells it that someone left: it asks Discord (GET the member) at moments when it
 * matters (a cancel vote, a reminder, a deadline, another player opening his panel while the game
 * waits for someone), each member at most once every ten minutes, a few at a time. An answer of
 * Unknown Member, or the member event where the bot has the (privileged, optional) GuildMembers
 * intent, means he left: his games go on without him (src/service/members.ts) and their threads are
 * told. Any other answer or failure tells nothing, and the game goes on as before.
 */
export class MemberChecks {
  private readonly lastChecked = new Lru<string, number>(REMEMBERED);
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly deps: {
      rest: Pick<REST, 'get'>;
      service: GameService;
      announcer: Pick<Announcer, 'post'>;
      logger: Logger;
      now?: () => number;
    },
  ) {}

  /**
   * Checks these members of a server, those not checked within the last ten minutes; resolves with
   * those found gone once the checks made (or awaited) are answered. Never throws.
   */
  async check(guildId: string, userIds: readonly string[]): Promise<string[]> {
    const asked = userIds.map(async (userId) => ((await this.checkOne(guildId, userId)) ? [userId] : []));
    return (await Promise.all(asked)).flat();
  }

  /**
   * Checks the players of a game whom it waits for (or, `voting`, whose agreement it needs),
   * `exceptUserId` aside. Resolves with those found gone, or with none once `waitMs` passed (a click
   * must be answered in time; the check goes on and applies what it finds).
   */
  checkGame(gameId: number, guildId: string, exceptUserId: string | null, voting: boolean, waitMs = Number.POSITIVE_INFINITY): Promise<string[]> {
    const checking = this.deps.service.members.toCheck(gameId, exceptUserId, voting).then(
      (userIds) => this.check(guildId, userIds),
      (error: unknown) => {
        this.deps.logger.warn({ game: gameId, err: error }, 'could not read whom to check');
        return [];
      },
    );
    if (!Number.isFinite(waitMs)) return checking;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), waitMs)));
    return Promise.race([checking, late]).finally(() => clearTimeout(timer));
  }

  /** A member left a server (a check, or the member event): his games go on without him, and their places are told. */
  async left(guildId: string, userId: string): Promise<LeftGame[]> {
    let games: LeftGame[];
    try {
      games = await this.deps.service.members.left(guildId, userId, noticeOf);
    } catch (error) {
      this.deps.logger.error({ guild: guildId, user: userId, err: error }, 'could not let the games of a member who left go on');
      return [];
    }
    for (const game of games) {
      this.deps.logger.info({ game: game.row.id, user: userId, rule: game.rule, cancelled: game.cancelled }, 'a player left the server');
      void this.deps.announcer.post(game.row.id).catch(() => undefined);
    }
    return games;
  }

  /** Whether the member is gone: asked of Discord unless asked lately (then false) or already being asked. */
  private checkOne(guildId: string, userId: string): Promise<boolean> {
    const key = `${guildId}:${userId}`;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const now = (this.deps.now ?? Date.now)();
    const last = this.lastChecked.get(key);
    if ((last !== undefined && now - last < CHECK_EVERY_MS) || this.inFlight.size >= AT_ONCE) return Promise.resolve(false);
    this.lastChecked.set(key, now);
    const asking = this.ask(guildId, userId).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, asking);
    return asking;
  }

  private async ask(guildId: string, userId: string): Promise<boolean> {
    try {
      await this.deps.rest.get(Routes.guildMember(guildId, userId));
      return false;
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === UNKNOWN_MEMBER) {
        await this.left(guildId, userId);
        return true;
      }
      const status = error instanceof DiscordAPIError ? error.status : undefined;
      const code = error instanceof DiscordAPIError ? error.code : undefined;
      this.deps.logger.debug({ guild: guildId, user: userId, status, code }, 'a member check told nothing');
      return false;
    }
  }
}

/** What the thread is told, in the game's language: who left, what the rule made of his seat, and whether the game ended. */
function noticeOf(game: LeftGame): { text: string; mentions: string[] } {
  const t = translator(localeFrom(game.row.locale));
  const user = `<@${game.seat.userId}>`;
  // A seat the bot plays on, or the player out of a game that goes on or ends here.
  const lines = [t(game.rule === 'stand-in' && game.cancelled === null ? 'left.stand-in' : 'left.removed', { user })];
  if (game.cancelled !== null) lines.push(t(game.cancelled === 'agreed' ? 'left.cancelled' : 'left.nobody'));
  return { text: lines.join('\n'), mentions: [] };
}

/**
 * Hears GUILD_MEMBER_REMOVE where the bot has the Server Members intent (DISCORD_MEMBER_EVENTS=on;
 * without it Discord sends none). Read from the raw dispatch: discord.js emits its own event only for
 * members it has cached, and the bot caches none. Returns the checks, for the bot's context.
 */
export function watchMembers(client: Client, checks: MemberChecks): MemberChecks {
  client.on('raw', (packet: { t?: string | null; d?: { guild_id?: unknown; user?: { id?: unknown } } }) => {
    if (packet.t !== GatewayDispatchEvents.GuildMemberRemove) return;
    const guildId = packet.d?.guild_id;
    const userId = packet.d?.user?.id;
    if (typeof guildId === 'string' && typeof userId === 'string') void checks.left(guildId, userId);
  });
  return checks;
}
