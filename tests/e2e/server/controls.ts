/**
 * What happens to the bot from outside, for robustness tests: Discord failing requests
 * (`failNext`), moderators changing the bot's channel permissions, deleting, locking and
 * archiving channels and threads, the bot's token being revoked, interactions expiring early,
 * and shards: which are connected, killing one, changing the sharding rules.
 * FakeDiscord (server.ts) extends this class; tests call these as `discord.denyBot(...)` etc.
 */
import type { FakeDiscordContext } from './context.js';
import type { FaultHandle, FaultSpec } from './faults.js';
import type { HoldHandle, HoldSpec } from './held-answers.js';
import type { InteractionRecord } from './interactions.js';
import type { ChannelRecord, GuildRecord } from './model.js';

/** A role the local Discord's guilds have: the bot's managed role, @everyone, Manager, Admin. */
type RoleName = keyof GuildRecord['roleIds'];
import { ChannelKind } from './model.js';
import { resolvePermissions, type PermissionInput } from './permissions.js';
import { botPermissionsIn } from './rest/permissions-check.js';
import type { RestApi } from './rest/index.js';
import { resolveSharding, shardOf, type SessionStartLimit, type ShardingConfig, type ShardingOptions, type ShardSessionInfo } from './shards.js';
import { waitFor } from './waits.js';
import { apiGuildCreate, apiMember, apiUserById } from './payloads.js';
import { Intent } from './gateway-protocol.js';

export class FakeDiscordControls {
  protected constructor(
    protected readonly ctx: FakeDiscordContext,
    protected readonly rest: RestApi,
  ) {}

  /** A text channel, thread or DM channel by id, or a guild text channel / thread by name. */
  channel(nameOrId: string): ChannelRecord {
    const { channels, deletedChannels } = this.ctx.store;
    const found =
      channels.get(nameOrId) ??
      [...channels.values()].find((c) => c.type === ChannelKind.GuildText && c.name === nameOrId.replace(/^#/, '')) ??
      [...channels.values()].find((c) => c.thread && c.name === nameOrId);
    if (found) return found;
    const deleted = deletedChannels.get(nameOrId);
    if (deleted) throw new Error(`Channel "${deleted.name}" (${deleted.id}) was deleted`);
    throw new Error(`Unknown channel "${nameOrId}" (known: ${[...channels.values()].map((c) => c.name || c.id).join(', ')})`);
  }

  // ---- REST faults -------------------------------------------------------------------------

  /**
   * Answer the next matching REST call(s) with an error instead of running the route, e.g.
   * `failNext({ route: '/channels/:channel/messages', method: 'POST', status: 500, count: 8 })` or
   * `failNext({ route: '/interactions/:interaction/:token/callback', status: 429, retryAfterMs: 500 })`.
   * Faults are checked in the order they were added. See faults.ts for how discord.js reacts.
   */
  failNext(spec: FaultSpec): FaultHandle {
    return this.rest.faults.add(spec);
  }

  /**
   * Let the next matching REST call(s) run but keep the answer from the bot until `release()`, e.g.
   * `holdAnswers({ route: '/channels/:channel/messages', method: 'POST' })`: the message is made,
   * the bot does not know it yet. See held-answers.ts.
   */
  holdAnswers(spec: HoldSpec): HoldHandle {
    return this.rest.holds.add(spec);
  }

  /** Cancel every pending fault. */
  clearFaults(): void {
    this.rest.faults.clear();
  }

  // ---- the bot's permissions ---------------------------------------------------------------

  /**
   * Deny the bot permissions in a guild text channel (and so in its threads) through a member
   * overwrite, as a moderator would; discord.js learns it from CHANNEL_UPDATE. E.g.
   * `denyBot(channelId, 'SendMessages')`, `denyBot(channelId, ['ViewChannel'])`.
   */
  denyBot(channelId: string, perms: PermissionInput): void {
    const bits = resolvePermissions(perms);
    this.updateBotOverwrite(channelId, (o) => ({ allow: o.allow & ~bits, deny: o.deny | bits }));
  }

  /** Allow the bot permissions in a channel its roles lack (a member overwrite, like `denyBot`). */
  allowBot(channelId: string, perms: PermissionInput): void {
    const bits = resolvePermissions(perms);
    this.updateBotOverwrite(channelId, (o) => ({ allow: o.allow | bits, deny: o.deny & ~bits }));
  }

  /** Remove the bot's overwrite from a channel. */
  resetBotPermissions(channelId: string): void {
    this.updateBotOverwrite(channelId, () => null);
  }

  /**
   * Deny one of the guild's roles permissions in a guild text channel (and so in its threads)
   * through a role overwrite: 'bot' is the bot's managed role, 'everyone' @everyone. E.g.
   * `denyRole(channelId, 'bot', 'AttachFiles')`. `resetRole` removes the overwrite.
   */
  denyRole(channelId: string, role: RoleName, perms: PermissionInput): void {
    const bits = resolvePermissions(perms);
    this.updateOverwrite(channelId, { id: this.roleId(channelId, role), type: 0 }, (o) => ({ allow: o.allow & ~bits, deny: o.deny | bits }));
  }

  resetRole(channelId: string, role: RoleName): void {
    this.updateOverwrite(channelId, { id: this.roleId(channelId, role), type: 0 }, () => null);
  }

  private roleId(channelId: string, role: RoleName): string {
    const guild = this.ctx.store.guilds.get(this.channel(channelId).guildId ?? '');
    if (!guild) throw new Error(`Channel ${channelId} is not a guild channel`);
    return guild.roleIds[role];
  }

  /** The bot's permissions in a channel or thread, overwrites included (what `app_permissions` carries). */
  botPermissionsIn(channelId: string): bigint {
    return botPermissionsIn(this.ctx, this.channel(channelId));
  }

  private updateBotOverwrite(channelId: string, change: (current: { allow: bigint; deny: bigint }) => { allow: bigint; deny: bigint } | null): void {
    this.updateOverwrite(channelId, { id: this.ctx.bot.id, type: 1 }, change);
  }

  private updateOverwrite(
    channelId: string,
    target: { id: string; type: 0 | 1 },
    change: (current: { allow: bigint; deny: bigint }) => { allow: bigint; deny: bigint } | null,
  ): void {
    const channel = this.channel(channelId);
    if (channel.thread) {
      throw new Error(
        `Thread "${channel.name}" has no permission overwrites of its own: threads use their parent's. ` +
          `Change the parent channel (${channel.parentId}) instead.`,
      );
    }
    if (!channel.guildId) throw new Error(`Channel ${channel.id} is not a guild channel`);
    const overwrites = channel.permissionOverwrites ?? [];
    const isTarget = (o: { id: string; type: number }) => o.type === target.type && o.id === target.id;
    const current = overwrites.find(isTarget) ?? { allow: 0n, deny: 0n };
    const next = change(current);
    const others = overwrites.filter((o) => !isTarget(o));
    channel.permissionOverwrites = next ? [...others, { ...target, ...next }] : others;
    this.ctx.store.notify({ kind: 'channel-updated', channel });
  }

  // ---- moderators --------------------------------------------------------------------------

  /**
   * Delete a channel or thread as a moderator would: a text channel takes its threads with it.
   * The bot gets THREAD_DELETE for a thread, CHANNEL_DELETE for a channel (and, like on Discord,
   * no THREAD_DELETE for the threads of a deleted channel). Later REST calls on them answer 404
   * 10003, `discord.messages(id)` returns [] and `discord.channel(id)` throws "was deleted";
   * `discord.allMessages(id)` still shows the history (every message marked deleted).
   */
  deleteChannel(id: string): void {
    this.ctx.store.removeChannel(this.channel(id));
  }

  /**
   * Lock (or unlock) a thread. Only members with ManageThreads may post in a locked thread, and
   * the bot's default role has it: to see the bot refused with 160005, also
   * `denyBot(parentId, 'ManageThreads')`.
   */
  lockThread(id: string, locked = true): void {
    const channel = this.threadById(id);
    (channel.thread as NonNullable<ChannelRecord['thread']>).locked = locked;
    this.ctx.store.notify({ kind: 'channel-updated', channel });
  }

  /** Archive (or unarchive) a thread. A post by the bot unarchives it again unless it is locked. */
  archiveThread(id: string, archived = true): void {
    const channel = this.threadById(id);
    const thread = channel.thread as NonNullable<ChannelRecord['thread']>;
    thread.archived = archived;
    thread.archiveTimestamp = Date.now();
    this.ctx.store.notify({ kind: 'channel-updated', channel });
  }

  private threadById(id: string): ChannelRecord {
    const channel = this.channel(id);
    if (!channel.thread) throw new Error(`Channel "${channel.name}" (${channel.id}) is not a thread`);
    return channel;
  }

  // ---- members -------------------------------------------------------------------------------

  /**
   * A member leaves a guild (or is kicked): his member goes, so `GET /guilds/:guild/members/:user`
   * answers 404 10007 Unknown Member, he can no longer use the bot there (his interactions throw),
   * and the sessions with the privileged GUILD_MEMBERS intent (see the `privilegedIntents` option)
   * get GUILD_MEMBER_REMOVE; the others hear nothing, as on Discord. Returns a function that has him
   * join again (a new member, no roles, and GUILD_MEMBER_ADD to those sessions).
   */
  removeMember(user: string | { id: string }, guildId: string): () => void {
    const { store, gateway } = this.ctx;
    const userId = typeof user === 'string' ? user : user.id;
    const member = store.member(guildId, userId);
    if (!member) throw new Error(`user ${userId} is not a member of guild ${guildId}`);
    if (userId === this.ctx.bot.id) throw new Error('the bot leaves a guild with removeBotFromGuild');
    store.members.delete(`${guildId}:${userId}`);
    gateway.dispatch('GUILD_MEMBER_REMOVE', { guild_id: guildId, user: apiUserById(store, userId) }, { intent: Intent.GuildMembers, guildId });
    store.notify({ kind: 'gateway-updated' });
    return () => {
      const again = store.addMember({ userId, guildId, roleIds: [], joinedAt: Date.now(), nick: member.nick });
      gateway.dispatch('GUILD_MEMBER_ADD', { ...apiMember(store, again), guild_id: guildId }, { intent: Intent.GuildMembers, guildId });
      store.notify({ kind: 'gateway-updated' });
    };
  }

  // ---- the bot's token ---------------------------------------------------------------------

  /**
   * Revoke the bot's token (someone reset it in the developer portal): REST calls with it answer
   * 401 `{ message: '401: Unauthorized', code: 0 }` and the gateway closes the bot's connection
   * with 4004, which discord.js does not retry. Interaction callbacks and webhooks take no bot
   * token and keep working for interactions already received.
   */
  revokeBotToken(): void {
    this.ctx.botTokenRevoked = true;
    this.ctx.gateway.closeForRevokedToken();
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }

  /**
   * Make the token valid again. A discord.js client that saw the 4004 or a 401 stays dead (after
   * a 401 its REST instance has even forgotten the token): the bot has to log in again.
   */
  restoreBotToken(): void {
    this.ctx.botTokenRevoked = false;
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }

  // ---- shards ------------------------------------------------------------------------------

  /**
   * The bot's sessions events are routed to, with whether each is connected and ready and which
   * guilds it serves: the newest of each `[shard_id, num_shards]` and any older one still
   * connected (two processes running one shard both show). An unsharded bot has one, `[0, 1]`.
   * Every session of a shard, ended ones too: `sessionsOfShard` (several-hosts.ts).
   */
  shardSessions(): ShardSessionInfo[] {
    return this.ctx.gateway.shardSessions();
  }

  /** The shard a guild's events go to, with `shardCount` shards (default: the bot's current count). */
  shardOf(guildId: string, shardCount = this.ctx.gateway.status().shardCount): number {
    return shardOf(guildId, shardCount);
  }

  /**
   * Cut one shard's gateway connection like a crash or a network failure (no close frame: the
   * client sees 1006). The session stays resumable, so discord.js RESUMEs it; meanwhile that
   * shard's guilds get nothing (their interactions throw "no bot is connected") and the other
   * shards go on. `disconnectBot({ shard, invalidate: true })` makes it identify anew instead.
   * Returns the session as it was; throws if the shard has no connected session.
   */
  killShard(shard: number): ShardSessionInfo {
    return this.ctx.gateway.killShard(shard);
  }

  /**
   * The bot is removed from a guild (kicked, or the server's admin took it out): its member goes,
   * so every channel of the guild answers 403 50001 Missing Access, a new session's READY leaves
   * the guild out, and the connected shard gets GUILD_DELETE without `unavailable`. Returns a
   * function that adds the bot back (its member again, and GUILD_CREATE).
   */
  removeBotFromGuild(guildId: string): () => void {
    const { store, bot, gateway } = this.ctx;
    const member = store.member(guildId, bot.id);
    if (!member) throw new Error(`the bot is not in guild ${guildId}`);
    store.members.delete(`${guildId}:${bot.id}`);
    gateway.dispatch('GUILD_DELETE', { id: guildId }, { guildId });
    store.notify({ kind: 'gateway-updated' });
    return () => {
      store.addMember(member);
      const guild = store.guilds.get(guildId);
      if (guild) gateway.dispatch('GUILD_CREATE', apiGuildCreate(store, guild, bot.id), { guildId });
      store.notify({ kind: 'gateway-updated' });
    };
  }

  /**
   * Take the gateway down as in an outage: every bot connection is cut (1006, the sessions stay
   * resumable) and new ones are refused with HTTP 503 until `bringGatewayUp()`. discord.js keeps
   * trying about every half second, and RESUMEs once the gateway is up again.
   */
  takeGatewayDown(): void {
    this.ctx.gateway.setDown(true);
  }

  bringGatewayUp(): void {
    this.ctx.gateway.setDown(false);
  }

  /**
   * Wait until shards 0..count-1 of `count` all have a ready session (default count: the bot's
   * current one), e.g. after `killShard` until discord.js has resumed.
   */
  async waitForShards(count?: number, options: { timeoutMs?: number } = {}): Promise<ShardSessionInfo[]> {
    return waitFor(
      this.ctx.store,
      () => {
        const n = count ?? this.ctx.gateway.status().shardCount;
        const ready = this.shardSessions().filter((s) => s.shard[1] === n && s.ready);
        return new Set(ready.map((s) => s.shard[0])).size === n ? ready : null;
      },
      {
        timeoutMs: options.timeoutMs ?? Math.max(20_000, this.ctx.options.defaultTimeoutMs),
        what: `${count ?? 'all'} shard(s) to be ready`,
        details: () => `Shard sessions: ${this.ctx.gateway.describeShards()}`,
      },
    );
  }

  /**
   * Change the sharding rules and GET /gateway/bot figures while running (see shards.ts), e.g.
   * `configureSharding({ recommendedShards: 2 })` or `({ maxGuildsPerShard: 1 })` for 4011.
   * Connected sessions are not re-checked. Returns the resulting rules.
   */
  configureSharding(options: ShardingOptions): ShardingConfig {
    const next = resolveSharding(options, this.ctx.options.sharding);
    Object.assign(this.ctx.options.sharding, next);
    return { ...next };
  }

  /** GET /gateway/bot's `shards` and `session_start_limit` as the bot would get them now. */
  gatewayBot(): { shards: number; session_start_limit: SessionStartLimit } {
    const { shards, session_start_limit } = this.ctx.gateway.botInfo();
    return { shards, session_start_limit };
  }

  // ---- interactions ------------------------------------------------------------------------

  /**
   * Expire an interaction now: a later callback answers 404 10062 "Unknown interaction", webhook
   * calls (follow-ups, @original edits) 401 50027 "Invalid Webhook Token". The user's pending
   * action then rejects with InteractionFailedError as soon as the bot's answer is refused.
   * Sending an action does not wait for the bot before returning its promise, so:
   *   const click = alice.click(board, 'Join');
   *   discord.expireInteraction(discord.interactions().at(-1)!.id);
   *   await expect(click).rejects.toThrow(/Unknown interaction/);
   */
  expireInteraction(interaction: string | { id: string }): InteractionRecord {
    const id = typeof interaction === 'string' ? interaction : interaction.id;
    const record = this.ctx.interactions.byId(id);
    if (!record) throw new Error(`Unknown interaction ${id}`);
    this.ctx.interactions.expire(record);
    return record;
  }
}
