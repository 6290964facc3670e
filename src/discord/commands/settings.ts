import { SlashCommandBuilder, type SlashCommandChannelOption } from '@discordjs/builders';
import { ChannelType } from 'discord.js';
import { DEADLINE_POLICIES, PING_AWAY_MINUTES, PING_MODES, SERVER_SETTINGS, type ServerSetting } from '../../service/settings.js';
import { handleSettings } from '../settings-command.js';
import { choice, integer, label, oneOf, within, type SlashCommand } from './declare.js';

const MINUTES = integer(PING_AWAY_MINUTES.min, PING_AWAY_MINUTES.max);
/** A server setting's range, as declared with the setting (src/db/setting-bounds.ts). */
const rangeOf = (setting: ServerSetting<number>) => integer(setting.range?.min ?? 0, setting.range?.max);
const LOBBIES = rangeOf(SERVER_SETTINGS.maxOpenLobbies);
const HOURS = rangeOf(SERVER_SETTINGS.lobbyExpiryMs);
const DAYS = rangeOf(SERVER_SETTINGS.awayDaysMax);

const channelOption = (o: SlashCommandChannelOption) => label(o, 'channel', 'command.settings.channel').setRequired(true).addChannelTypes(ChannelType.GuildText);

/** `/settings`: everyone sees them and chooses his own; the server's need the Manage Server permission. */
export const settings: SlashCommand = {
  name: 'settings',
  preconditions: ['in a server'],
  bounds: { when: oneOf(16), minutes: MINUTES, limit: oneOf(16), policy: oneOf(32), level: oneOf(16), lobbies: LOBBIES, hours: HOURS, days: DAYS },
  define: ({ timeLimits }) =>
    label(new SlashCommandBuilder(), 'settings', 'command.settings.description')
      .setDMPermission(false)
      .addSubcommand((s) => label(s, 'show', 'command.settings.show'))
      .addSubcommand((s) => label(s, 'reminders', 'command.settings.reminders').addBooleanOption((o) => label(o, 'dm', 'command.settings.reminders.dm').setRequired(true)))
      .addSubcommand((s) =>
        label(s, 'pings', 'command.settings.pings')
          .addStringOption((o) =>
            label(o, 'when', 'command.settings.pings.when')
              .setRequired(true)
              .addChoices(...PING_MODES.map((mode) => choice(`settings.pings.${mode}`, mode))),
          )
          .addIntegerOption((o) => within(label(o, 'minutes', 'command.settings.pings.minutes'), MINUTES)),
      )
      .addSubcommand((s) =>
        label(s, 'time-limit', 'command.settings.time-limit').addStringOption((o) => label(o, 'limit', 'command.settings.time-limit.limit').setRequired(true).addChoices(...timeLimits)),
      )
      .addSubcommand((s) =>
        label(s, 'deadline-policy', 'command.settings.deadline-policy').addStringOption((o) =>
          label(o, 'policy', 'command.settings.deadline-policy.policy')
            .setRequired(true)
            .addChoices(...DEADLINE_POLICIES.map((p) => choice(`settings.policy.${p}`, p))),
        ),
      )
      .addSubcommand((s) =>
        label(s, 'absent-level', 'command.settings.absent-level').addStringOption((o) =>
          label(o, 'level', 'command.settings.absent-level.level')
            .setRequired(true)
            .addChoices(...(['easy', 'normal'] as const).map((l) => choice(`bot.level.${l}`, l))),
        ),
      )
      .addSubcommand((s) =>
        label(s, 'lobby-limit', 'command.settings.lobby-limit').addIntegerOption((o) => within(label(o, 'lobbies', 'command.settings.lobby-limit.lobbies').setRequired(true), LOBBIES)),
      )
      .addSubcommand((s) =>
        label(s, 'lobby-expiry', 'command.settings.lobby-expiry').addIntegerOption((o) => within(label(o, 'hours', 'command.settings.lobby-expiry.hours').setRequired(true), HOURS)),
      )
      .addSubcommand((s) => label(s, 'away-days', 'command.settings.away-days').addIntegerOption((o) => within(label(o, 'days', 'command.settings.away-days.days').setRequired(true), DAYS)))
      .addSubcommand((s) =>
        label(s, 'shared-ratings', 'command.settings.shared-ratings').addBooleanOption((o) => label(o, 'share', 'command.settings.shared-ratings.share').setRequired(true)),
      )
      .addSubcommand((s) => label(s, 'threads', 'command.settings.threads').addBooleanOption((o) => label(o, 'enabled', 'command.settings.threads.enabled').setRequired(true)))
      .addSubcommand((s) => label(s, 'channel-allow', 'command.settings.channel-allow').addChannelOption(channelOption))
      .addSubcommand((s) => label(s, 'channel-disallow', 'command.settings.channel-disallow').addChannelOption(channelOption))
      .addSubcommand((s) => label(s, 'channels-all', 'command.settings.channels-all')),
  handle: ({ ctx, interaction, locale, t }) => handleSettings(ctx, interaction, locale, t),
};
