/**
 * FakeDiscord: a local Discord-compatible server (REST + gateway on one port) and the handle
 * tests use to act as Discord users and inspect what the bot did.
 *
 * Pointing discord.js at it: @discordjs/rest builds every URL as
 * `${rest.api}/v${rest.version}${route}` (defaults https://discord.com/api and 10), and the
 * gateway URL is not configured anywhere: the WebSocket manager asks REST `GET /gateway/bot` and
 * connects to the `url` it returns. So the bot only needs
 *
 *   new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_BASE } })
 *
 * (and `new REST({ api: process.env.DISCORD_API_BASE })` for a standalone REST client, e.g. a
 * command deploy script), with DISCORD_API_BASE = `discord.apiBase` = `http://127.0.0.1:PORT/api`.
 * Leave `rest.version` at its default (10). When DISCORD_API_BASE is unset, pass no `api` option.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeDiscordContext } from './context.js';
import { bridgeStoreToGateway } from './events.js';
import { Gateway, type DisconnectOptions, type GatewayStatus } from './gateway.js';
import { FakeDiscordHosts } from './several-hosts.js';
import { InteractionTracker } from './interactions.js';
import type { ChannelRecord, GuildRecord, UserRecord } from './model.js';
import { DEFAULT_BOT_PERMISSIONS, resolvePermissions } from './permissions.js';
import { createRestApi, type RestApi } from './rest/index.js';
import { createContext, createGuild, type FakeDiscordOptions } from './setup.js';
import { snowflake } from './snowflake.js';
import { SimUser, type SimUserOptions } from './users.js';
import { waitFor } from './waits.js';

export type { ChannelSpec, FakeDiscordOptions, GuildSpec } from './setup.js';

/**
 * The test's handle on a fake Discord. Faults, permissions, moderation, token revocation and
 * early interaction expiry live in FakeDiscordControls (controls.ts); what tests read of messages,
 * commands and interactions in FakeDiscordReads (reads.ts), which extends it; sessions per shard
 * and what was answered or posted twice in FakeDiscordHosts (several-hosts.ts), which extends that.
 */
export class FakeDiscord extends FakeDiscordHosts {
  private readonly users = new Map<string, SimUser>();
  private readonly stopBridge: () => void;

  private constructor(
    ctx: FakeDiscordContext,
    rest: RestApi,
    private readonly server: Server,
  ) {
    super(ctx, rest);
    this.stopBridge = bridgeStoreToGateway(ctx);
  }

  /** Start a server on 127.0.0.1 and a free port. */
  static async start(options: FakeDiscordOptions): Promise<FakeDiscord> {
    const ctx = createContext(options);
    ctx.gateway = new Gateway(ctx);
    ctx.interactions = new InteractionTracker(ctx);
    const botPermissions = options.botPermissions === undefined ? DEFAULT_BOT_PERMISSIONS : resolvePermissions(options.botPermissions);
    for (const spec of options.guilds?.length ? options.guilds : [{}]) createGuild(ctx.store, ctx.bot, spec, botPermissions);

    const rest = createRestApi(ctx);
    const server = createServer((req, res) => {
      void rest.handle(req, res);
    });
    server.on('upgrade', (req, socket, head) => {
      if (!ctx.gateway.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    ctx.origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
    return new FakeDiscord(ctx, rest, server);
  }

  // ---- connection facts --------------------------------------------------------------------

  /** What the bot must use as its REST `api` option (DISCORD_API_BASE). */
  get apiBase(): string {
    return `${this.ctx.origin}/api`;
  }

  get origin(): string {
    return this.ctx.origin;
  }

  get gatewayUrl(): string {
    return this.ctx.gateway.url;
  }

  get botToken(): string {
    return this.ctx.options.botToken;
  }

  get applicationId(): string {
    return this.ctx.options.applicationId;
  }

  get botUser(): UserRecord {
    return this.ctx.bot;
  }

  /** Environment variables for a bot process started by a test. */
  botEnv(): { DISCORD_API_BASE: string; DISCORD_TOKEN: string; DISCORD_APPLICATION_ID: string } {
    return { DISCORD_API_BASE: this.apiBase, DISCORD_TOKEN: this.botToken, DISCORD_APPLICATION_ID: this.applicationId };
  }

  // ---- the bot's connection ----------------------------------------------------------------

  get botStatus(): GatewayStatus {
    return this.ctx.gateway.status();
  }

  /**
   * Wait until a bot is identified on the gateway and got its guilds (a sharded bot: every shard
   * of its count). After restarting the bot, pass the `identifyCount` seen before the restart.
   */
  async waitForBotReady(options: number | { timeoutMs?: number; afterIdentifyCount?: number } = {}): Promise<GatewayStatus> {
    const opts = typeof options === 'number' ? { timeoutMs: options } : options;
    const after = opts.afterIdentifyCount ?? 0;
    return waitFor(
      this.ctx.store,
      () => {
        const status = this.ctx.gateway.status();
        return status.ready && status.identifyCount > after ? status : null;
      },
      {
        timeoutMs: opts.timeoutMs ?? Math.max(20_000, this.ctx.options.defaultTimeoutMs),
        what: after > 0 ? `a new bot session (identify #${after + 1}) to be ready` : 'the bot to connect to the gateway and be ready',
        details: () => this.describe(),
      },
    );
  }

  /** Wait until no bot connection (of any shard) is left, e.g. after killing the bot process. */
  async waitForBotDisconnect(timeoutMs = this.ctx.options.defaultTimeoutMs): Promise<void> {
    await waitFor(this.ctx.store, () => !this.ctx.gateway.anyReady(), {
      timeoutMs,
      what: 'the bot to disconnect from the gateway',
    });
  }

  /**
   * Drop the bot's gateway connections (or `shard`'s) from the server side. By default with close
   * code 4000, after which discord.js RESUMEs; `invalidate: true` makes it identify from scratch.
   */
  disconnectBot(options: DisconnectOptions = {}): void {
    this.ctx.gateway.disconnect(options);
  }

  /** Ask the bot (or one shard) to reconnect (gateway op 7), which discord.js answers with a RESUME. */
  requestBotReconnect(shard?: number): void {
    this.ctx.gateway.requestReconnect(shard);
  }

  // ---- guilds, channels, threads -----------------------------------------------------------

  guilds(): GuildRecord[] {
    return [...this.ctx.store.guilds.values()];
  }

  /** Guild text channels (not threads). */
  channels(guildId = this.guild.id): ChannelRecord[] {
    return this.ctx.store.channelsOf(guildId);
  }

  /** Threads, optionally only those under one parent channel. */
  threads(parentId?: string): ChannelRecord[] {
    return this.ctx.store.threadsOf(null, parentId);
  }

  /** Wait for a thread (existing or new) that matches. */
  async waitForThread(predicate: (thread: ChannelRecord) => boolean, timeoutMs = this.ctx.options.defaultTimeoutMs): Promise<ChannelRecord> {
    return waitFor(this.ctx.store, () => this.threads().find(predicate), {
      timeoutMs,
      what: 'a matching thread',
      details: () =>
        `Threads: ${
          this.threads()
            .map((t) => `"${t.name}" (${t.id})`)
            .join(', ') || 'none'
        }\n${this.describe()}`,
    });
  }

  // ---- users -------------------------------------------------------------------------------

  /**
   * A simulated member, created on first use: `discord.user('alice')`,
   * `discord.user('bob', { locale: 'nl', manageGuild: true })`. The same name returns the same
   * user (options given later are applied to it). Users are members of every guild: with
   * `startFakeDiscord({ guilds: [{ name: 'A' }, { name: 'B' }] })`, `discord.user('mallory',
   * { guildId: discord.guilds()[1].id })` runs commands in B's first channel by default, and any
   * user acts in B with `slash(name, { channelId: discord.channels(bId)[0].id })` or on B's messages
   * (the bot must have registered its commands in B, or globally).
   */
  user(name: string, options: SimUserOptions = {}): SimUser {
    let user = this.users.get(name);
    if (!user) {
      const guildId = options.guildId ?? this.guild.id;
      const record = this.ctx.store.addUser({
        id: snowflake(),
        username: name,
        globalName: options.globalName ?? name.charAt(0).toUpperCase() + name.slice(1),
        bot: false,
        locale: options.locale ?? 'en-US',
      });
      for (const guild of this.ctx.store.guilds.values()) {
        this.ctx.store.addMember({ userId: record.id, guildId: guild.id, roleIds: [], joinedAt: Date.now(), nick: options.nick ?? null });
      }
      user = new SimUser({ ctx: this.ctx, defaultChannelId: (g) => this.defaultChannelIdOf(g), describe: () => this.describe() }, record, guildId);
      this.users.set(name, user);
    } else if (options.locale) {
      user.locale = options.locale;
    }
    if (options.manageGuild !== undefined) user.setManageGuild(options.manageGuild);
    if (options.admin !== undefined) user.setAdmin(options.admin);
    return user;
  }

  async stop(): Promise<void> {
    this.stopBridge();
    await this.ctx.gateway.close();
    this.rest.holds.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Start a fake Discord; see FakeDiscord for the API. */
export function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  return FakeDiscord.start(options);
}
