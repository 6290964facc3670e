/**
 * A local Discord-compatible server for end-to-end tests: the real discord.js client connects to
 * it (REST + gateway), and tests act as Discord users through it.
 *
 * The bot must pass `rest: { api: process.env.DISCORD_API_BASE }` to its discord.js Client (and
 * `api` to any standalone `new REST()`); the gateway URL then comes from GET /gateway/bot.
 * DISCORD_API_BASE is `discord.apiBase`, e.g. http://127.0.0.1:PORT/api (no /v10: discord.js adds it).
 *
 *   const discord = await startFakeDiscord({ botToken: 'test-token' });
 *   // start the bot with DISCORD_API_BASE=discord.apiBase (see server.ts for the Client option)
 *   await discord.waitForBotReady();
 *   const alice = discord.user('alice');
 *   const res = await alice.slash('game', { subcommand: 'new', options: { game: 'cartagena' } });
 *   await alice.click(res.message!, { prefix: 'game:join' });
 *
 * Robustness tests (see controls.ts; tests/e2e/server-faults.test.ts and server-moderation.test.ts):
 *   discord.failNext({ route: '/channels/:channel/messages', status: 500, count: 8 });  // faults.ts
 *   discord.holdAnswers({ route: '/channels/:channel/messages', method: 'POST' });  // made, answer held
 *   discord.denyBot(channelId, 'SendMessages');  // 403 50013, also in app_permissions
 *   discord.deleteChannel(threadId); discord.lockThread(id); discord.archiveThread(id);
 *   discord.revokeBotToken();                   // REST 401, gateway 4004
 *   alice.forgeComponent(message, { customId: 'anything' });
 *   alice.slash('cmd', { options: { hours: -48 }, unchecked: true });
 *   discord.expireInteraction(discord.interactions().at(-1)!);
 *
 * Shards (see shards.ts; tests/e2e/server-shards.test.ts):
 *   startFakeDiscord({ guilds: [{ shard: [0, 2] }, { shard: [1, 2] }], sharding: { recommendedShards: 2 } });
 *   discord.shardSessions(); discord.killShard(1); await discord.waitForShards(2);
 *   discord.configureSharding({ maxGuildsPerShard: 1 });  // 4011 for a session with more
 *
 * Several hosts on one shard (see several-hosts.ts; tests/e2e/server-hosts.test.ts, tests/e2e/hosts.ts):
 *   every session of a shard gets its events, an interaction with a token of its own in each;
 *   discord.sessionsOfShard(0); discord.answersOf(interaction); discord.answeredTwice();
 *   discord.postedTwice(); discord.messageCreates(channel); discord.assertNothingTwice();
 *   startFakeDiscord({ heartbeatIntervalMs: 1000, heartbeatTimeoutMs: 2000 });  // silent: 4009
 */
export { startFakeDiscord, FakeDiscord } from './server.js';
export type { WaitForMessageOptions } from './reads.js';
export type { FakeDiscordOptions, GuildSpec, ChannelSpec } from './setup.js';
export { FakeDiscordControls } from './controls.js';
export { FakeDiscordReads } from './reads.js';
export { FakeDiscordHosts } from './several-hosts.js';
export type { InteractionAnswer, InteractionGrant, AnswerKind, DoubleAnswer } from './answers.js';
export type { PostAttempt, PostOutcome, DoublePost } from './posts.js';
export { HEARTBEAT_GRACE_MS, defaultHeartbeatTimeout } from './gateway-heartbeats.js';
export type { FaultSpec, FaultHandle, FaultRequest } from './faults.js';
export type { HoldSpec, HoldHandle } from './held-answers.js';
export { NONCE_WINDOW_MS } from './nonces.js';
export { SimUser } from './users.js';
export type { SimUserOptions, SlashOptions, AutocompleteOptions, ActionOptions, ForgedComponent } from './users.js';
export { InteractionResult } from './results.js';
export { Callback, InteractionFailedError } from './interactions.js';
export type { InteractionRecord, InteractionError, InteractionProblem, InteractionKind, ModalData, SettleOptions } from './interactions.js';
export { channelPermissions, resolvePermissions, DEFAULT_BOT_PERMISSIONS } from './permissions.js';
export type { PermissionInput } from './permissions.js';
export { buttonsOf, selectsOf, findButton, findSelect, describeComponents, messageText, walkComponents } from './components.js';
export type { ButtonInfo, SelectInfo, SelectOptionInfo, ComponentMatcher } from './components.js';
export type { OptionValue, CommandInvocation } from './commands.js';
export type {
  StoredMessage,
  StoredAttachment,
  MessageRevision,
  MessageInteractionLink,
  ChannelRecord,
  GuildRecord,
  UserRecord,
  RawComponent,
  PermissionOverwrite,
} from './model.js';
export type { GatewayStatus, DisconnectOptions } from './gateway.js';
export { GatewayClose, Intent } from './gateway-protocol.js';
export { shardOf } from './shards.js';
export type { ShardingOptions, ShardingConfig, ShardSessionInfo, GatewaySessionInfo, Peer, SessionStartLimit } from './shards.js';
export { snowflakeOnShard } from './snowflake.js';
export type { RestLogEntry } from './rest/index.js';
export { isPng, pngSize } from './messages.js';
export { WaitTimeoutError } from './waits.js';
