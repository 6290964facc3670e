/**
 * Whether an IDENTIFY may start a session, checked in this order: the token (4004), the intents
 * (4013 for an unknown bit, 4014 for a privileged intent the application has not enabled), the shard
 * (4010, also for a num_shards mixed with a connected session's), the guilds per shard (4011), the
 * session start limit (the token is reset, as on Discord) and the identify window of the shard's
 * bucket (op 9 INVALID_SESSION). See shards.ts for Discord's words on each.
 */
import type { FakeDiscordContext } from './context.js';
import { GatewayClose, KNOWN_INTENTS, PRIVILEGED_INTENTS } from './gateway-protocol.js';
import type { SessionRegistry } from './gateway-sessions.js';
import type { GuildRecord } from './model.js';
import { parseShard, shardOf, type IdentifyBudget } from './shards.js';

export type Admission =
  | { kind: 'accept'; shard: [number, number]; guilds: GuildRecord[] }
  | { kind: 'close'; code: number; reason: string; warning: string }
  | { kind: 'invalid-session'; warning: string }
  | { kind: 'reset-token'; warning: string };

export function admitIdentify(ctx: FakeDiscordContext, sessions: SessionRegistry, budget: IdentifyBudget, d: Record<string, unknown>): Admission {
  const { options, store } = ctx;
  const config = options.sharding;
  if (d.token !== options.botToken || ctx.botTokenRevoked) {
    const warning = `IDENTIFY with a ${ctx.botTokenRevoked ? 'revoked' : 'wrong'} token`;
    return { kind: 'close', code: GatewayClose.AuthenticationFailed, reason: 'Authentication failed.', warning };
  }
  // (A missing `intents` is taken as none, as the session records it.)
  const intents = d.intents === undefined ? 0 : typeof d.intents === 'number' && Number.isSafeInteger(d.intents) ? d.intents : null;
  if (intents === null || intents < 0 || intents > 2 ** 31 - 1 || (intents & ~KNOWN_INTENTS) !== 0) {
    return { kind: 'close', code: GatewayClose.InvalidIntents, reason: 'Invalid intent(s).', warning: `IDENTIFY with invalid intents: ${String(d.intents)}` };
  }
  const disallowed = intents & PRIVILEGED_INTENTS & ~options.privilegedIntents;
  if (disallowed !== 0) {
    const warning = `IDENTIFY with privileged intents ${disallowed} not enabled for the application (enable them with the privilegedIntents option)`;
    return { kind: 'close', code: GatewayClose.DisallowedIntents, reason: 'Disallowed intent(s).', warning };
  }
  const shard = parseShard(d.shard);
  if ('invalid' in shard) {
    return { kind: 'close', code: GatewayClose.InvalidShard, reason: 'Invalid shard.', warning: `IDENTIFY with an invalid shard: ${shard.invalid}` };
  }
  const name = `[${shard.join(', ')}]`;
  const other = config.rejectMixedShardCounts ? sessions.connectedWithOtherCount(shard[1]) : undefined;
  if (other) {
    const warning = `IDENTIFY as ${name} while [${other.shard.join(', ')}] is connected (one shard count at a time)`;
    return { kind: 'close', code: GatewayClose.InvalidShard, reason: 'Invalid shard.', warning };
  }
  // The guilds of the shard that the bot is a member of (it may have been removed from one).
  const guilds = [...store.guilds.values()].filter((g) => shardOf(g.id, shard[1]) === shard[0] && store.member(g.id, ctx.bot.id) !== undefined);
  if (config.maxGuildsPerShard !== null && guilds.length > config.maxGuildsPerShard) {
    const warning = `IDENTIFY as ${name} would handle ${guilds.length} guilds (at most ${config.maxGuildsPerShard} per shard)`;
    return { kind: 'close', code: GatewayClose.ShardingRequired, reason: 'Sharding required.', warning };
  }
  if (budget.exhausted()) {
    return { kind: 'reset-token', warning: `session start limit (${config.sessionStartLimit}) used up: all sessions end and the bot's token is reset` };
  }
  const since = budget.tooSoon(shard);
  if (since !== null) {
    const warning =
      `IDENTIFY as ${name} ${since} ms after another of its bucket (shard_id % max_concurrency ${config.maxConcurrency}; ` +
      `one per ${config.identifyIntervalMs} ms); answering INVALID_SESSION`;
    return { kind: 'invalid-session', warning };
  }
  return { kind: 'accept', shard, guilds };
}
