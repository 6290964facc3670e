import { SlashCommandBuilder } from '@discordjs/builders';
import { t } from '../i18n/index.js';
import type { GameId } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { TIME_LIMIT_NAMES } from '../service/time-limits.js';
import { DEADLINE_POLICIES } from '../db/schema.js';
import { ChannelType } from 'discord.js';

const en = (key: Parameters<typeof t>[1]) => t('en', key);

/**
 * The slash commands, built from the registry so that a new game appears in the pickers
 * without touching this file.
 */
export function buildCommands(presenters: Record<GameId, AnyGamePresenter>) {
  const gameChoices = Object.entries(presenters).map(([id, p]) => ({ name: en(p.name), value: id }));
  const idOption = (o: import('@discordjs/builders').SlashCommandIntegerOption) =>
    o.setName('id').setDescription(en('command.game.option.id')).setMinValue(1);

  const timeLimitChoices = TIME_LIMIT_NAMES.map((name) => ({ name: en(`time-limit.${name}`), value: name }));

  const game = new SlashCommandBuilder()
    .setName('game')
    .setDescription(en('command.game.description'))
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName('new')
        .setDescription(en('command.game.new.description'))
        .addStringOption((o) => o.setName('game').setDescription(en('command.game.new.game')).setRequired(true).addChoices(...gameChoices))
        .addStringOption((o) => o.setName('variant').setDescription(en('command.game.new.variant')).setAutocomplete(true))
        .addStringOption((o) => o.setName('time_limit').setDescription(en('command.game.new.time-limit')).addChoices(...timeLimitChoices)),
    )
    .addSubcommand((s) => s.setName('panel').setDescription(en('command.game.panel.description')).addIntegerOption(idOption))
    .addSubcommand((s) => s.setName('board').setDescription(en('command.game.board.description')).addIntegerOption(idOption))
    .addSubcommand((s) =>
      s
        .setName('log')
        .setDescription(en('command.game.log.description'))
        .addIntegerOption(idOption)
        .addIntegerOption((o) => o.setName('page').setDescription(en('command.game.log.page')).setMinValue(1)),
    )
    .addSubcommand((s) => s.setName('resign').setDescription(en('command.game.resign.description')).addIntegerOption(idOption))
    .addSubcommand((s) => s.setName('cancel').setDescription(en('command.game.cancel.description')).addIntegerOption(idOption))
    .addSubcommand((s) =>
      s
        .setName('extend')
        .setDescription(en('command.game.extend.description'))
        .addIntegerOption((o) => o.setName('hours').setDescription(en('command.game.extend.hours')).setRequired(true).setMinValue(1).setMaxValue(168))
        .addIntegerOption(idOption),
    );

  const list = new SlashCommandBuilder().setName('games').setDescription(en('command.games.description')).setDMPermission(false);

  const rules = new SlashCommandBuilder()
    .setName('rules')
    .setDescription(en('command.rules.description'))
    .addStringOption((o) => o.setName('game').setDescription(en('command.rules.game')).setRequired(true).addChoices(...gameChoices));

  const stats = new SlashCommandBuilder()
    .setName('stats')
    .setDescription(en('command.stats.description'))
    .setDMPermission(false)
    .addUserOption((o) => o.setName('user').setDescription(en('command.stats.user')));

  const leaderboard = new SlashCommandBuilder()
    .setName('leaderboard')
    .setDescription(en('command.leaderboard.description'))
    .setDMPermission(false)
    .addStringOption((o) => o.setName('game').setDescription(en('command.rules.game')).setRequired(true).addChoices(...gameChoices));

  const settings = new SlashCommandBuilder()
    .setName('settings')
    .setDescription(en('command.settings.description'))
    .setDMPermission(false)
    .addSubcommand((s) => s.setName('show').setDescription(en('command.settings.show')))
    .addSubcommand((s) =>
      s
        .setName('reminders')
        .setDescription(en('command.settings.reminders'))
        .addBooleanOption((o) => o.setName('dm').setDescription(en('command.settings.reminders.dm')).setRequired(true)),
    )
    .addSubcommand((s) =>
      s
        .setName('time-limit')
        .setDescription(en('command.settings.time-limit'))
        .addStringOption((o) => o.setName('limit').setDescription(en('command.settings.time-limit.limit')).setRequired(true).addChoices(...timeLimitChoices)),
    )
    .addSubcommand((s) =>
      s
        .setName('deadline-policy')
        .setDescription(en('command.settings.deadline-policy'))
        .addStringOption((o) =>
          o
            .setName('policy')
            .setDescription(en('command.settings.deadline-policy.policy'))
            .setRequired(true)
            .addChoices(...DEADLINE_POLICIES.map((p) => ({ name: en(`settings.policy.${p}`), value: p }))),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('threads')
        .setDescription(en('command.settings.threads'))
        .addBooleanOption((o) => o.setName('enabled').setDescription(en('command.settings.threads.enabled')).setRequired(true)),
    )
    .addSubcommand((s) =>
      s
        .setName('channel-allow')
        .setDescription(en('command.settings.channel-allow'))
        .addChannelOption((o) => o.setName('channel').setDescription(en('command.settings.channel')).setRequired(true).addChannelTypes(ChannelType.GuildText)),
    )
    .addSubcommand((s) =>
      s
        .setName('channel-disallow')
        .setDescription(en('command.settings.channel-disallow'))
        .addChannelOption((o) => o.setName('channel').setDescription(en('command.settings.channel')).setRequired(true).addChannelTypes(ChannelType.GuildText)),
    )
    .addSubcommand((s) => s.setName('channels-all').setDescription(en('command.settings.channels-all')));

  return [game, list, rules, stats, leaderboard, settings].map((c) => c.toJSON());
}
