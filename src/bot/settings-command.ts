import type { ChatInputCommandInteraction } from 'discord.js';
import { DEADLINE_POLICIES, PING_AWAY_MINUTES, PING_MODES, type DeadlinePolicy, type GuildSettings, type PingMode, type PingSetting } from '../service/settings.js';
import type { Translate } from '../i18n/index.js';
import { timeLimitByName, timeLimitName } from '../service/time-limits.js';
import { lobbyExpiryFromHours, lobbyExpiryHours, validOpenLobbies } from '../service/lobby-limits.js';
import type { BotContext } from './context.js';
import { refuse, tellPrivately, withList, type Handled } from './replies.js';
import { AWAY_DAYS } from '../service/time-off.js';

/** The settings in words, for `/settings show` and after each change. */
export function settingsText(settings: GuildSettings, dmReminders: boolean, pings: PingSetting, t: Translate): string {
  const channels = settings.allowedChannels.map((id) => `<#${id}>`);
  const text = (list: string) => [
    t('settings.heading'),
    t('settings.time-limit', { limit: t(`time-limit.${timeLimitName(settings.defaultTimeLimitMs)}`) }),
    t('settings.policy', { policy: t(`settings.policy.${settings.deadlinePolicy}`) }),
    t('settings.channels', { channels: channels.length === 0 ? t('settings.channels.all') : list }),
    t(settings.useThreads ? 'settings.threads.on' : 'settings.threads.off'),
    t('settings.absent-level', { level: t(`bot.level.${settings.absentLevel}`) }),
    t('settings.open-lobbies', { count: settings.maxOpenLobbies }),
    lobbyExpiryHours(settings.lobbyExpiryMs) === 1 ? t('settings.lobby-expiry.hour') : t('settings.lobby-expiry', { hours: lobbyExpiryHours(settings.lobbyExpiryMs) }),
    settings.awayDaysMax === 0 ? t('settings.away-days.none') : t('settings.away-days', { days: settings.awayDaysMax }),
    t(settings.sharedRatings ? 'settings.shared-ratings.on' : 'settings.shared-ratings.off'),
    t(dmReminders ? 'settings.dm.on' : 'settings.dm.off'),
    t(`settings.pings.line.${pings.mode}`, { minutes: pings.awayMinutes }),
  ].join('\n');
  // Servers allow many channels: the list is cut to what the answer has room for.
  return withList(text, channels, t, ', ');
}

/**
 * `/settings`: everyone may see the settings and choose reminders by direct message for himself;
 * the server's own settings need the Manage Server permission.
 */
export async function handleSettings(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const userId = interaction.user.id;
  const sub = interaction.options.getSubcommand();
  const done = async (outcome: string): Promise<Handled> => {
    await tellPrivately(interaction, settingsText(await ctx.service.settings.guild(guildId), await ctx.service.settings.dmReminders(userId), await ctx.service.settings.pings(userId), t));
    return { action: sub, outcome };
  };
  if (sub === 'show') return done('ok');
  if (sub === 'reminders') {
    await ctx.service.settings.setDmReminders(userId, interaction.options.getBoolean('dm', true));
    return done('ok');
  }
  if (sub === 'pings') {
    const mode = interaction.options.getString('when', true);
    const minutes = interaction.options.getInteger('minutes') ?? (await ctx.service.settings.pings(userId)).awayMinutes;
    if (!(PING_MODES as readonly string[]).includes(mode) || minutes < PING_AWAY_MINUTES.min || minutes > PING_AWAY_MINUTES.max) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.setPings(userId, { mode: mode as PingMode, awayMinutes: minutes });
    return done('ok');
  }
  if (!(interaction.memberPermissions?.has('ManageGuild') ?? false)) return refuse(interaction, t, 'refusal.not-manager');
  switch (sub) {
    case 'time-limit': {
      const limit = timeLimitByName(interaction.options.getString('limit', true));
      if (limit === undefined) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { defaultTimeLimitMs: limit });
      return done('ok');
    }
    case 'deadline-policy': {
      const policy = interaction.options.getString('policy', true);
      if (!(DEADLINE_POLICIES as readonly string[]).includes(policy)) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { deadlinePolicy: policy as DeadlinePolicy });
      return done('ok');
    }
    case 'absent-level': {
      const level = interaction.options.getString('level', true);
      if (level !== 'easy' && level !== 'normal') return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { absentLevel: level });
      return done('ok');
    }
    case 'lobby-limit': {
      const count = interaction.options.getInteger('lobbies', true);
      if (!validOpenLobbies(count)) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { maxOpenLobbies: count });
      return done('ok');
    }
    case 'lobby-expiry': {
      const expiryMs = lobbyExpiryFromHours(interaction.options.getInteger('hours', true));
      if (expiryMs === undefined) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { lobbyExpiryMs: expiryMs });
      return done('ok');
    }
    case 'away-days': {
      const days = interaction.options.getInteger('days', true);
      if (!Number.isSafeInteger(days) || days < AWAY_DAYS.min || days > AWAY_DAYS.max) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { awayDaysMax: days });
      return done('ok');
    }
    case 'shared-ratings':
      // From now on: the games finished before count in the shared ratings after `npm run ratings:rebuild`.
      await ctx.service.settings.updateGuild(guildId, { sharedRatings: interaction.options.getBoolean('share', true) });
      return done('ok');
    case 'threads':
      await ctx.service.settings.updateGuild(guildId, { useThreads: interaction.options.getBoolean('enabled', true) });
      return done('ok');
    case 'channel-allow':
    case 'channel-disallow': {
      const channel = interaction.options.getChannel('channel', true);
      const current = (await ctx.service.settings.guild(guildId)).allowedChannels.filter((id) => id !== channel.id);
      await ctx.service.settings.updateGuild(guildId, { allowedChannels: sub === 'channel-allow' ? [...current, channel.id] : current });
      return done('ok');
    }
    case 'channels-all':
      await ctx.service.settings.updateGuild(guildId, { allowedChannels: [] });
      return done('ok');
    default:
      return refuse(interaction, t, 'refusal.unknown-component');
  }
}
