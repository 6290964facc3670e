/**
 * Which gateway events the bot receives when the world changes. Threads come with the Guilds
 * intent (THREAD_CREATE / THREAD_UPDATE / THREAD_DELETE); message events only when the bot asked
 * for GUILD_MESSAGES (or DIRECT_MESSAGES for DMs). Ephemeral messages never produce events.
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
        if (channel.thread) gateway.dispatch('THREAD_CREATE', { ...apiThread(channel), newly_created: true }, Intent.Guilds);
        else if (channel.guildId) gateway.dispatch('CHANNEL_CREATE', apiChannel(store, channel), Intent.Guilds);
        return;
      }
      case 'channel-updated': {
        const channel = change.channel;
        if (channel.thread) gateway.dispatch('THREAD_UPDATE', apiThread(channel), Intent.Guilds);
        else if (channel.guildId) gateway.dispatch('CHANNEL_UPDATE', apiChannel(store, channel), Intent.Guilds);
        return;
      }
      case 'channel-deleted': {
        const channel = change.channel;
        if (channel.thread) {
          gateway.dispatch(
            'THREAD_DELETE',
            { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type },
            Intent.Guilds,
          );
        } else if (channel.guildId) {
          gateway.dispatch('CHANNEL_DELETE', apiChannel(store, channel), Intent.Guilds);
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
        if (change.kind === 'message-deleted') {
          gateway.dispatch('MESSAGE_DELETE', { id: message.id, channel_id: message.channelId, ...guild }, intent);
        } else {
          const t = change.kind === 'message-created' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE';
          gateway.dispatch(t, { ...apiMessage(store, message), ...guild }, intent);
        }
        return;
      }
      default:
        return;
    }
  });
}
