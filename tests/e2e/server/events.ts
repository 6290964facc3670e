/**
 * Which gateway events the bot receives when the world changes. Threads come with the Guilds
 * intent (THREAD_CREATE / THREAD_UPDATE / THREAD_DELETE); message events only when the bot asked
 * for GUILD_MESSAGES (or DIRECT_MESSAGES for DMs). Ephemeral messages never produce events.
 * Each goes to the session of its guild's shard (DMs to shard 0).
 */
import type { FakeDiscordContext } from './context.js';
import { Intent } from './gateway.js';
import { ChannelKind } from './model.js';
import { apiChannel, apiMessage, apiThread } from './payloads.js';
import type { StoreChange } from './store.js';

const DIRECT_MESSAGES = 1 << 12;

export function bridgeStoreToGateway(ctx: FakeDiscordContext): () => void {
  const { store, gateway } = ctx;
  return store.subscribe((change: StoreChange) => {
    switch (change.kind) {
      case 'channel-created': {
        const channel = change.channel;
        const route = { intent: Intent.Guilds, guildId: channel.guildId };
        if (channel.thread) gateway.dispatch('THREAD_CREATE', { ...apiThread(channel), newly_created: true }, route);
        else if (channel.guildId) gateway.dispatch('CHANNEL_CREATE', apiChannel(store, channel), route);
        return;
      }
      case 'channel-updated': {
        const channel = change.channel;
        const route = { intent: Intent.Guilds, guildId: channel.guildId };
        if (channel.thread) gateway.dispatch('THREAD_UPDATE', apiThread(channel), route);
        else if (channel.guildId) gateway.dispatch('CHANNEL_UPDATE', apiChannel(store, channel), route);
        return;
      }
      case 'channel-deleted': {
        const channel = change.channel;
        const route = { intent: Intent.Guilds, guildId: channel.guildId };
        if (channel.thread) {
          gateway.dispatch('THREAD_DELETE', { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type }, route);
        } else if (channel.guildId) {
          gateway.dispatch('CHANNEL_DELETE', apiChannel(store, channel), route);
        }
        return;
      }
      case 'message-created':
      case 'message-updated':
      case 'message-deleted': {
        const message = change.message;
        if (message.ephemeral) return;
        const channel = store.channels.get(message.channelId);
        const intent = channel?.type === ChannelKind.DM ? DIRECT_MESSAGES : Intent.GuildMessages;
        const guild = message.guildId ? { guild_id: message.guildId } : {};
        // DMs go to shard 0, guild messages to their guild's shard.
        const route = { intent, guildId: message.guildId ?? null };
        if (change.kind === 'message-deleted') {
          gateway.dispatch('MESSAGE_DELETE', { id: message.id, channel_id: message.channelId, ...guild }, route);
        } else {
          const t = change.kind === 'message-created' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE';
          gateway.dispatch(t, { ...apiMessage(store, message), ...guild }, route);
        }
        return;
      }
      default:
        return;
    }
  });
}
