import type { ChatInputCommandInteraction } from 'discord.js';
import { DEADLINE_POLICIES, PING_AWAY_MINUTES, PING_MODES, SERVER_SETTINGS, type DeadlinePolicy, type GuildSettings, type PingMode, type PingSetting } from '../service/settings.js';
import { tn, type Locale, type MessageKey, type Translate } from '../i18n/index.js';
import { timeLimitByName, timeLimitName } from '../service/time-limits.js';
import { lobbyExpiryFromHours, lobbyExpiryHours, validOpenLobbies } from '../service/lobby-limits.js';
import type { BotContext } from './context.js';
import { refuse, tellPrivately, withList, type Handled } from './replies.js';

/** What `/settings` shows: the server's settings and the member's own. */
export interface SettingsSeen {
  settings: GuildSettings;
  dmReminders: boolean;
  pings: PingSetting;
}

/** One setting as `/settings` tells it: its name and its value in words. */
type Told = { name: MessageKey; value: string };

/** Each setting's name and value; the channels' value is told apart (a list cut to fit). */
function toldSettings({ settings, dmReminders, pings }: SettingsSeen, locale: Locale, t: Translate): Record<Exclude<Subject, 'channels'>, Told> {
  const level = t(`bot.level.${settings.absentLevel}`);
  const hours = lobbyExpiryHours(settings.lobbyExpiryMs);
  return {
    'time-limit': { name: SERVER_SETTINGS.defaultTimeLimitMs.name, value: t(`time-limit.${timeLimitName(settings.defaultTimeLimitMs)}`) },
    timeout: { name: SERVER_SETTINGS.deadlinePolicy.name, value: t(`settings.timeout.${settings.deadlinePolicy}`, { level }) },
    threads: { name: SERVER_SETTINGS.useThreads.name, value: t(settings.useThreads ? 'settings.threads.on' : 'settings.threads.off') },
    'open-lobbies': { name: SERVER_SETTINGS.maxOpenLobbies.name, value: String(settings.maxOpenLobbies) },
    'lobby-expiry': { name: SERVER_SETTINGS.lobbyExpiryMs.name, value: tn(locale, 'settings.hours', hours, { hours }) },
    'away-days': { name: SERVER_SETTINGS.awayDaysMax.name, value: settings.awayDaysMax === 0 ? t('settings.away-days.none') : tn(locale, 'settings.away-days', settings.awayDaysMax, { days: settings.awayDaysMax }) },
    'shared-ratings': { name: SERVER_SETTINGS.sharedRatings.name, value: t(settings.sharedRatings ? 'settings.shared-ratings.on' : 'settings.shared-ratings.off') },
    dm: { name: 'settings.name.dm', value: t(dmReminders ? 'settings.dm.on' : 'settings.dm.off') },
    pings: { name: 'settings.name.pings', value: t(`settings.pings.value.${pings.mode}`, { minutes: pings.awayMinutes }) },
  };
}

/** The settings one subcommand changes. */
type Subject = 'time-limit' | 'timeout' | 'channels' | 'threads' | 'open-lobbies' | 'lobby-expiry' | 'away-days' | 'shared-ratings' | 'dm' | 'pings';

/** The settings in words, one line each, for `/settings show`. */
export function settingsText(seen: SettingsSeen, locale: Locale, t: Translate): string {
  const channels = seen.settings.allowedChannels.map((id) => `<#${id}>`);
  const told = toldSettings(seen, locale, t);
  const line = (s: Told) => t('settings.line', { name: t(s.name), value: s.value });
  const text = (list: string) =>
    [
      t('settings.heading'),
      line(told['time-limit']),
      line(told.timeout),
      t('settings.line', { name: t(SERVER_SETTINGS.allowedChannels.name), value: channels.length === 0 ? t('settings.channels.all') : list }),
      ...(['threads', 'open-lobbies', 'lobby-expiry', 'away-days', 'shared-ratings', 'dm', 'pings'] as const).map((k) => line(told[k])),
    ].join('\n');
  // Servers allow many channels: the list is cut to what the answer has room for.
  return withList(text, channels, t, ', ');
}

/** The one line that confirms a change: the setting, its old value and its new one ("✅ Time per move for new games: 2 days → 1 day"). */
export function changedText(subject: Exclude<Subject, 'channels'>, before: SettingsSeen, after: SettingsSeen, locale: Locale, t: Translate): string {
  const old = toldSettings(before, locale, t)[subject];
  const now = toldSettings(after, locale, t)[subject];
  if (old.value === now.value) return t('settings.unchanged', { name: t(now.name), value: now.value });
  return t('settings.changed', { name: t(now.name), old: old.value, value: now.value });
}

/** The one line that confirms a channel allowed or no longer allowed, with how many are left. */
function channelChangeText(channelId: string, added: boolean, allowed: readonly string[], locale: Locale, t: Translate): string {
  const channel = `<#${channelId}>`;
  const count = allowed.length;
  if (added) return tn(locale, 'settings.channel.added', count, { channel, count });
  if (count === 0) return t('settings.channel.removed.all', { channel });
  return tn(locale, 'settings.channel.removed', count, { channel, count });
}

/**
 * `/settings`: everyone may see the settings and choose reminders by direct message for himself;
 * the server's own settings need the Manage Server permission.
 */
export async function handleSettings(ctx: BotContext, interaction: ChatInputCommandInteraction, locale: Locale, t: Translate): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const userId = interaction.user.id;
  const sub = interaction.options.getSubcommand();
  const seen = async (): Promise<SettingsSeen> => ({ settings: await ctx.service.settings.guild(guildId), dmReminders: await ctx.service.settings.dmReminders(userId), pings: await ctx.service.settings.pings(userId) });
  // Before a change: what it was, for the line that confirms it.
  const before = await seen();
  const tell = async (text: string): Promise<Handled> => {
    await tellPrivately(interaction, text);
    return { action: sub, outcome: 'ok' };
  };
  const done = async (subject: Exclude<Subject, 'channels'>): Promise<Handled> => tell(changedText(subject, before, await seen(), locale, t));
  if (sub === 'show') return tell(settingsText(before, locale, t));
  if (sub === 'reminders') {
    await ctx.service.settings.setDmReminders(userId, interaction.options.getBoolean('dm', true));
    return done('dm');
  }
  if (sub === 'pings') {
    const mode = interaction.options.getString('when', true);
    const minutes = interaction.options.getInteger('minutes') ?? before.pings.awayMinutes;
    if (!(PING_MODES as readonly string[]).includes(mode) || minutes < PING_AWAY_MINUTES.min || minutes > PING_AWAY_MINUTES.max) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.setPings(userId, { mode: mode as PingMode, awayMinutes: minutes });
    return done('pings');
  }
  if (!(interaction.memberPermissions?.has('ManageGuild') ?? false)) return refuse(interaction, t, 'refusal.not-manager');
  switch (sub) {
    case 'time-limit': {
      const limit = timeLimitByName(interaction.options.getString('limit', true));
      if (limit === undefined) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { defaultTimeLimitMs: limit });
      return done('time-limit');
    }
    case 'deadline-policy': {
      const policy = interaction.options.getString('policy', true);
      if (!(DEADLINE_POLICIES as readonly string[]).includes(policy)) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { deadlinePolicy: policy as DeadlinePolicy });
      return done('timeout');
    }
    case 'absent-level': {
      const level = interaction.options.getString('level', true);
      if (level !== 'easy' && level !== 'normal') return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { absentLevel: level });
      return done('timeout');
    }
    case 'lobby-limit': {
      const count = interaction.options.getInteger('lobbies', true);
      if (!validOpenLobbies(count)) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { maxOpenLobbies: count });
      return done('open-lobbies');
    }
    case 'lobby-expiry': {
      const expiryMs = lobbyExpiryFromHours(interaction.options.getInteger('hours', true));
      if (expiryMs === undefined) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { lobbyExpiryMs: expiryMs });
      return done('lobby-expiry');
    }
    case 'away-days': {
      const days = interaction.options.getInteger('days', true);
      const range = SERVER_SETTINGS.awayDaysMax.range;
      if (!Number.isSafeInteger(days) || (range !== undefined && (days < range.min || days > range.max))) return refuse(interaction, t, 'refusal.bad-options');
      await ctx.service.settings.updateGuild(guildId, { awayDaysMax: days });
      return done('away-days');
    }
    case 'shared-ratings':
      // From now on: the games finished before count in the shared ratings after `npm run ratings:rebuild`.
      await ctx.service.settings.updateGuild(guildId, { sharedRatings: interaction.options.getBoolean('share', true) });
      return done('shared-ratings');
    case 'threads':
      await ctx.service.settings.updateGuild(guildId, { useThreads: interaction.options.getBoolean('enabled', true) });
      return done('threads');
    case 'channel-allow':
    case 'channel-disallow': {
      const channel = interaction.options.getChannel('channel', true);
      const current = before.settings.allowedChannels.filter((id) => id !== channel.id);
      const allowed = sub === 'channel-allow' ? [...current, channel.id] : current;
      await ctx.service.settings.updateGuild(guildId, { allowedChannels: allowed });
      return tell(channelChangeText(channel.id, sub === 'channel-allow', allowed, locale, t));
    }
    case 'channels-all':
      await ctx.service.settings.updateGuild(guildId, { allowedChannels: [] });
      return tell(t('settings.channels.every'));
    default:
      return refuse(interaction, t, 'refusal.unknown-component');
  }
}
