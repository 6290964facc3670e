/**
 * A discord.js client fed gateway dispatches without a connection: each packet goes through the
 * client's own packet handler (`client.ws.handlePacket`, what it runs for every decoded gateway
 * message), so its caches fill exactly as the bot's do on Discord. The payloads are shaped as
 * Discord's (API v10): a server, interactions from members in a game's thread, threads opened and
 * archived, members leaving. For the caches' unit test and the soak bench (bench/member-caches.ts).
 */
import { ButtonStyle, ChannelType, Client, ComponentType, GatewayIntentBits, InteractionType, Status, Sweepers, type ClientOptions } from 'discord.js';

export const GUILD_ID = '900000000000000001';
export const CHANNEL_ID = '900000000000000002';
export const BOT_ID = '900000000000000003';
const APPLICATION_ID = BOT_ID;

const iso = (ms: number) => new Date(ms).toISOString();
/** A snowflake made of a timestamp and a counter, as Discord's ids are. */
const snowflake = (ms: number, n: number) => ((BigInt(ms - 1420070400000) << 22n) | BigInt(n % 4096)).toString();
/** Member ids: distinct, after the server's own. */
export const memberId = (n: number) => (1000000000000000000n + BigInt(n)).toString();

function user(id: string, name: string, bot = false) {
  return {
    id,
    username: name,
    global_name: name,
    discriminator: '0',
    avatar: null,
    bot: bot || undefined,
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}

function member(id: string, name: string, bot = false) {
  return {
    user: user(id, name, bot),
    nick: null,
    avatar: null,
    roles: [],
    joined_at: iso(Date.now()),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

function thread(id: string, createdAt: number, archivedAt: number | null) {
  return {
    id,
    type: ChannelType.PublicThread,
    guild_id: GUILD_ID,
    parent_id: CHANNEL_ID,
    owner_id: BOT_ID,
    name: `Cartagena #${id.slice(-6)}`,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
    thread_metadata: {
      archived: archivedAt !== null,
      auto_archive_duration: 10080,
      archive_timestamp: iso(archivedAt ?? createdAt),
      locked: false,
      create_timestamp: iso(createdAt),
    },
    message_count: 1,
    member_count: 1,
    total_message_sent: 1,
  };
}

export interface FedClient {
  client: Client;
  /** A member clicks "Open my panel" on a board post in a game's thread. */
  click(n: number, threadId: string): void;
  /** Discord tells of a thread opened (THREAD_CREATE, with the bot as its member) at `createdAt`. */
  openThread(threadId: string, createdAt: number): void;
  /** Discord tells of a thread archived at `archivedAt` (THREAD_UPDATE). */
  archiveThread(threadId: string, createdAt: number, archivedAt: number): void;
  /** Member n leaves the server (GUILD_MEMBER_REMOVE). */
  leave(n: number): void;
  /** The thread sweep that the client's own interval runs (null: none configured). */
  sweepThreads(): number | null;
  /** Members cached in the server, the bot's own included. */
  members(): number;
  /** Threads cached. */
  threads(): number;
  destroy(): Promise<void>;
}

let sequence = 0;

/** A client made with `options` (the bot's cache options, or others to compare), ready and in one server. */
export function fedClient(options: Partial<ClientOptions>): FedClient {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...options });
  const shard = { id: 0, status: Status.Ready, checkReady: () => undefined };
  const ws = client.ws as unknown as { status: Status; handlePacket(packet: { t: string; d: unknown; op: number; s: number }, shard: unknown): boolean };
  const dispatch = (t: string, d: unknown) => void ws.handlePacket({ op: 0, t, d, s: ++sequence }, shard);
  dispatch('READY', {
    v: 10,
    user: user(BOT_ID, 'Harbour', true),
    guilds: [{ id: GUILD_ID, unavailable: true }],
    session_id: 'fed',
    resume_gateway_url: 'ws://127.0.0.1',
    application: { id: APPLICATION_ID, flags: 0 },
  });
  dispatch('GUILD_CREATE', {
    id: GUILD_ID,
    name: 'Harbour',
    icon: null,
    owner_id: memberId(0),
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      {
        id: GUILD_ID,
        name: '@everyone',
        color: 0,
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: 0,
        permissions: '377957125120',
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    preferred_locale: 'nl',
    public_updates_channel_id: null,
    nsfw_level: 0,
    stickers: [],
    premium_progress_bar_enabled: false,
    joined_at: iso(Date.now()),
    large: true,
    unavailable: false,
    member_count: 250000,
    voice_states: [],
    members: [member(BOT_ID, 'Harbour', true)],
    channels: [
      {
        id: CHANNEL_ID,
        type: ChannelType.GuildText,
        guild_id: GUILD_ID,
        name: 'games',
        position: 0,
        permission_overwrites: [],
        topic: null,
        nsfw: false,
        last_message_id: null,
        rate_limit_per_user: 0,
        parent_id: null,
        flags: 0,
      },
    ],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  });
  ws.status = Status.Ready;
  const guild = () => client.guilds.cache.get(GUILD_ID);
  let interactions = 0;
  return {
    client,
    click(n, threadId) {
      const id = snowflake(Date.now(), ++interactions);
      const permissions = '2248473465835073';
      dispatch('INTERACTION_CREATE', {
        id,
        application_id: APPLICATION_ID,
        type: InteractionType.MessageComponent,
        token: `token-${id}`,
        version: 1,
        data: { custom_id: `p:${threadId.slice(-6)}:1`, component_type: ComponentType.Button },
        guild: { id: GUILD_ID, locale: 'nl', features: [] },
        guild_id: GUILD_ID,
        channel: { ...thread(threadId, Date.now(), null), permissions },
        channel_id: threadId,
        member: { ...member(memberId(n), `player${n}`), permissions },
        locale: 'nl',
        guild_locale: 'nl',
        app_permissions: permissions,
        entitlements: [],
        authorizing_integration_owners: { '0': GUILD_ID },
        context: 0,
        message: {
          id: snowflake(Date.now(), interactions + 1),
          channel_id: threadId,
          author: user(BOT_ID, 'Harbour', true),
          content: 'Cartagena #1 · turn 3',
          timestamp: iso(Date.now()),
          edited_timestamp: null,
          tts: false,
          mention_everyone: false,
          mentions: [],
          mention_roles: [],
          attachments: [],
          embeds: [],
          pinned: false,
          type: 0,
          flags: 0,
          components: [
            {
              type: ComponentType.ActionRow,
              components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: 'p:1:1', label: 'Open my panel' }],
            },
          ],
        },
      });
    },
    openThread(threadId, createdAt) {
      dispatch('THREAD_CREATE', {
        ...thread(threadId, createdAt, null),
        newly_created: true,
        member: { id: threadId, user_id: BOT_ID, join_timestamp: iso(createdAt), flags: 0 },
      });
    },
    archiveThread(threadId, createdAt, archivedAt) {
      dispatch('THREAD_UPDATE', thread(threadId, createdAt, archivedAt));
    },
    leave(n) {
      dispatch('GUILD_MEMBER_REMOVE', { guild_id: GUILD_ID, user: user(memberId(n), `player${n}`) });
    },
    sweepThreads() {
      // As the client's interval does: its filter, or for a lifetime the archived-thread filter.
      const threads = client.sweepers.options.threads;
      if (!threads) return null;
      const filter = 'lifetime' in threads ? Sweepers.archivedThreadSweepFilter(threads.lifetime)() : threads.filter();
      return filter ? client.sweepers.sweepThreads(filter) : null;
    },
    members: () => guild()?.members.cache.size ?? 0,
    threads: () => client.channels.cache.filter((c) => c.isThread()).size,
    destroy: () => client.destroy(),
  };
}
