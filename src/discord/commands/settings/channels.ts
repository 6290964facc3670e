import type { SlashCommandChannelOption } from '@discordjs/builders';
import { ChannelType } from 'discord.js';
import { tn, type Locale, type Translate } from '../../../i18n/index.js';
import { label } from '../declare.js';
import type { SettingSubcommand } from './declare.js';

/** One line that confirms a channel allowed or no longer allowed, with how many are left. */
function channelChangeText(channelId: string, added: boolean, allowed: readonly string[], locale: Locale, t: Translate): string {
  const channel = `<#${channelId}>`;
  const count = allowed.length;
  if (added) return tn(locale, 'settings.channel.added', count, { channel, count });
  if (count === 0) return t('settings.channel.removed.all', { channel });
  return tn(locale, 'settings.channel.removed', count, { channel, count });
}

const channelOption = (o: SlashCommandChannelOption) =>
  label(o, 'channel', 'command.settings.channel').setRequired(true).addChannelTypes(ChannelType.GuildText);

/** `channel-allow` and `channel-disallow`: the channels games may be opened in (none listed: every one). */
function channelCommand(name: 'channel-allow' | 'channel-disallow'): SettingSubcommand {
  return {
    name,
    preconditions: ['manages the server'],
    bounds: {},
    define: (s) => label(s, name, `command.settings.${name}`).addChannelOption(channelOption),
    handle: async ({ ctx, interaction, guildId, before, locale, t, tell }) => {
      const channel = interaction.options.getChannel('channel', true);
      const current = before.settings.allowedChannels.filter((id) => id !== channel.id);
      const allowed = name === 'channel-allow' ? [...current, channel.id] : current;
      await ctx.service.settings.updateGuild(guildId, { allowedChannels: allowed });
      return tell(channelChangeText(channel.id, name === 'channel-allow', allowed, locale, t));
    },
  };
}

export const channelAllowCommand = channelCommand('channel-allow');
export const channelDisallowCommand = channelCommand('channel-disallow');

export const channelsAllCommand: SettingSubcommand = {
  name: 'channels-all',
  preconditions: ['manages the server'],
  bounds: {},
  define: (s) => label(s, 'channels-all', 'command.settings.channels-all'),
  handle: async ({ ctx, guildId, t, tell }) => {
    await ctx.service.settings.updateGuild(guildId, { allowedChannels: [] });
    return tell(t('settings.channels.every'));
  },
};
