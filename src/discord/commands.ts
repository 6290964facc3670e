import { SlashCommandBuilder, type SlashCommandIntegerOption } from '@discordjs/builders';
import { ChannelType, type LocalizationMap } from 'discord.js';
import { LOCALES, DEFAULT_LOCALE, t, type MessageKey } from '../i18n/index.js';
import { MOST_BOTS, type GameId } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { TIME_LIMIT_NAMES } from '../service/time-limits.js';
import { LOBBY_EXPIRY_HOURS, OPEN_LOBBIES } from '../service/lobby-limits.js';
import { BOT_LEVELS, DEADLINE_POLICIES, PING_AWAY_MINUTES, PING_MODES } from '../service/settings.js';
import { AWAY_DAYS, REASON_LENGTH } from '../service/time-off.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

const en = (key: MessageKey) => t(DEFAULT_LOCALE, key);

/** A text in every other language the bot speaks, keyed by Discord's locale names. */
function localized(key: MessageKey): LocalizationMap {
  return Object.fromEntries(LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l, t(l, key)]));
}

/** The names of commands, subcommands and options: each has a catalogue key `command.name.<name>`. */
type CommandName = Extract<MessageKey, `command.name.${string}`> extends `command.name.${infer N}` ? N : never;

interface Labelled {
  setName(name: string): this;
  setNameLocalizations(map: LocalizationMap): this;
  setDescription(description: string): this;
  setDescriptionLocalizations(map: LocalizationMap): this;
}

/** Sets a name and a description, with their translations, so each client shows its own language. */
function label<B extends Labelled>(builder: B, name: CommandName, description: MessageKey): B {
  const nameKey = `command.name.${name}` as MessageKey;
  return builder.setName(en(nameKey)).setNameLocalizations(localized(nameKey)).setDescription(en(description)).setDescriptionLocalizations(localized(description));
}

/** A choice of an option, with its translations. */
const choice = (key: MessageKey, value: string) => ({ name: fitText(en(key), DISCORD_LIMITS.choiceName), name_localizations: localized(key), value });

/**
 * The slash commands, built from the registry so that a new game appears in the pickers
 * without touching this file. Names, descriptions and choices come from the catalogues, so
 * Discord shows them in each user's language.
 */
export function buildCommands(presenters: Record<GameId, AnyGamePresenter>) {
  const gameChoices = Object.entries(presenters).map(([id, p]) => choice(p.name, id));
  const timeLimitChoices = TIME_LIMIT_NAMES.map((name) => choice(`time-limit.${name}`, name));
  const languageChoices = LOCALES.map((locale) => choice(`language.${locale}`, locale));
  const idOption = (o: SlashCommandIntegerOption) => label(o, 'id', 'command.game.option.id').setMinValue(1);

  const game = label(new SlashCommandBuilder(), 'game', 'command.game.description')
    .setDMPermission(false)
    .addSubcommand((s) =>
      label(s, 'new', 'command.game.new.description')
        .addStringOption((o) => label(o, 'game', 'command.game.new.game').setRequired(true).addChoices(...gameChoices))
        .addStringOption((o) => label(o, 'variant', 'command.game.new.variant').setAutocomplete(true))
        .addStringOption((o) => label(o, 'time_limit', 'command.game.new.time-limit').addChoices(...timeLimitChoices))
        .addIntegerOption((o) => label(o, 'bots', 'command.game.new.bots').setMinValue(0).setMaxValue(MOST_BOTS))
        .addStringOption((o) => label(o, 'bot_level', 'command.game.new.bot-level').addChoices(...BOT_LEVELS.map((l) => choice(`bot.level.${l}`, l))))
        .addStringOption((o) => label(o, 'language', 'command.game.new.language').addChoices(...languageChoices)),
    )
    .addSubcommand((s) => label(s, 'panel', 'command.game.panel.description').addIntegerOption(idOption))
    .addSubcommand((s) => label(s, 'board', 'command.game.board.description').addIntegerOption(idOption))
    .addSubcommand((s) =>
      label(s, 'log', 'command.game.log.description')
        .addIntegerOption(idOption)
        .addIntegerOption((o) => label(o, 'from', 'command.game.log.from').setMinValue(1)),
    )
    .addSubcommand((s) =>
      label(s, 'replay', 'command.game.replay.description')
        .addIntegerOption(idOption)
        .addIntegerOption((o) => label(o, 'move', 'command.game.replay.move').setMinValue(0)),
    )
    .addSubcommand((s) => label(s, 'resign', 'command.game.resign.description').addIntegerOption(idOption))
    .addSubcommand((s) => label(s, 'cancel', 'command.game.cancel.description').addIntegerOption(idOption))
    .addSubcommand((s) =>
      label(s, 'extend', 'command.game.extend.description')
        .addIntegerOption((o) => label(o, 'hours', 'command.game.extend.hours').setRequired(true).setMinValue(1).setMaxValue(168))
        .addIntegerOption(idOption),
    )
    .addSubcommand((s) => label(s, 'stand-in', 'command.game.stand-in.description').addIntegerOption(idOption));

  const away = label(new SlashCommandBuilder(), 'away', 'command.away.description')
    .setDMPermission(false)
    .addSubcommand((s) =>
      label(s, 'start', 'command.away.start')
        .addIntegerOption((o) => label(o, 'days', 'command.away.days').setRequired(true).setMinValue(1).setMaxValue(AWAY_DAYS.max))
        .addStringOption((o) => label(o, 'reason', 'command.away.reason').setMaxLength(REASON_LENGTH)),
    )
    .addSubcommand((s) => label(s, 'end', 'command.away.end'));

  const list = label(new SlashCommandBuilder(), 'games', 'command.games.description').setDMPermission(false);

  const rules = label(new SlashCommandBuilder(), 'rules', 'command.rules.description').addStringOption((o) =>
    label(o, 'game', 'command.rules.game').setRequired(true).addChoices(...gameChoices),
  );

  const help = label(new SlashCommandBuilder(), 'help', 'command.help.description');

  const stats = label(new SlashCommandBuilder(), 'stats', 'command.stats.description')
    .setDMPermission(false)
    .addUserOption((o) => label(o, 'user', 'command.stats.user'));

  const leaderboard = label(new SlashCommandBuilder(), 'leaderboard', 'command.leaderboard.description')
    .setDMPermission(false)
    .addStringOption((o) => label(o, 'game', 'command.rules.game').setRequired(true).addChoices(...gameChoices))
    .addBooleanOption((o) => label(o, 'with_bots', 'command.leaderboard.with-bots'))
    .addBooleanOption((o) => label(o, 'everywhere', 'command.leaderboard.everywhere'));

  const profile = label(new SlashCommandBuilder(), 'profile', 'command.profile.description')
    .setDMPermission(false)
    .addUserOption((o) => label(o, 'user', 'command.profile.user'))
    .addStringOption((o) => label(o, 'game', 'command.profile.game').addChoices(...gameChoices))
    .addBooleanOption((o) => label(o, 'everywhere', 'command.profile.everywhere'));

  const channelOption = (o: import('@discordjs/builders').SlashCommandChannelOption) =>
    label(o, 'channel', 'command.settings.channel').setRequired(true).addChannelTypes(ChannelType.GuildText);
  const settings = label(new SlashCommandBuilder(), 'settings', 'command.settings.description')
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
        .addIntegerOption((o) => label(o, 'minutes', 'command.settings.pings.minutes').setMinValue(PING_AWAY_MINUTES.min).setMaxValue(PING_AWAY_MINUTES.max)),
    )
    .addSubcommand((s) =>
      label(s, 'time-limit', 'command.settings.time-limit').addStringOption((o) =>
        label(o, 'limit', 'command.settings.time-limit.limit').setRequired(true).addChoices(...timeLimitChoices),
      ),
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
      label(s, 'lobby-limit', 'command.settings.lobby-limit').addIntegerOption((o) =>
        label(o, 'lobbies', 'command.settings.lobby-limit.lobbies').setRequired(true).setMinValue(OPEN_LOBBIES.min).setMaxValue(OPEN_LOBBIES.max),
      ),
    )
    .addSubcommand((s) =>
      label(s, 'lobby-expiry', 'command.settings.lobby-expiry').addIntegerOption((o) =>
        label(o, 'hours', 'command.settings.lobby-expiry.hours').setRequired(true).setMinValue(LOBBY_EXPIRY_HOURS.min).setMaxValue(LOBBY_EXPIRY_HOURS.max),
      ),
    )
    .addSubcommand((s) =>
      label(s, 'away-days', 'command.settings.away-days').addIntegerOption((o) =>
        label(o, 'days', 'command.settings.away-days.days').setRequired(true).setMinValue(AWAY_DAYS.min).setMaxValue(AWAY_DAYS.max),
      ),
    )
    .addSubcommand((s) =>
      label(s, 'shared-ratings', 'command.settings.shared-ratings').addBooleanOption((o) => label(o, 'share', 'command.settings.shared-ratings.share').setRequired(true)),
    )
    .addSubcommand((s) =>
      label(s, 'threads', 'command.settings.threads').addBooleanOption((o) => label(o, 'enabled', 'command.settings.threads.enabled').setRequired(true)),
    )
    .addSubcommand((s) => label(s, 'channel-allow', 'command.settings.channel-allow').addChannelOption(channelOption))
    .addSubcommand((s) => label(s, 'channel-disallow', 'command.settings.channel-disallow').addChannelOption(channelOption))
    .addSubcommand((s) => label(s, 'channels-all', 'command.settings.channels-all'));

  return [game, list, rules, stats, leaderboard, profile, away, settings, help].map((c) => c.toJSON());
}
