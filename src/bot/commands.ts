import { SlashCommandBuilder } from '@discordjs/builders';
import { t } from '../i18n/index.js';
import type { GameId } from '../games/index.js';
import type { AnyGamePresenter } from '../games/presenter.js';

const en = (key: Parameters<typeof t>[1]) => t('en', key);

/**
 * The slash commands, built from the registry so that a new game appears in the pickers
 * without touching this file.
 */
export function buildCommands(presenters: Record<GameId, AnyGamePresenter>) {
  const gameChoices = Object.entries(presenters).map(([id, p]) => ({ name: en(p.name), value: id }));
  const idOption = (o: import('@discordjs/builders').SlashCommandIntegerOption) =>
    o.setName('id').setDescription(en('command.game.option.id')).setMinValue(1);

  const game = new SlashCommandBuilder()
    .setName('game')
    .setDescription(en('command.game.description'))
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName('new')
        .setDescription(en('command.game.new.description'))
        .addStringOption((o) => o.setName('game').setDescription(en('command.game.new.game')).setRequired(true).addChoices(...gameChoices))
        .addStringOption((o) => o.setName('variant').setDescription(en('command.game.new.variant')).setAutocomplete(true)),
    )
    .addSubcommand((s) => s.setName('panel').setDescription(en('command.game.panel.description')).addIntegerOption(idOption))
    .addSubcommand((s) => s.setName('board').setDescription(en('command.game.board.description')).addIntegerOption(idOption))
    .addSubcommand((s) => s.setName('resign').setDescription(en('command.game.resign.description')).addIntegerOption(idOption))
    .addSubcommand((s) => s.setName('cancel').setDescription(en('command.game.cancel.description')).addIntegerOption(idOption));

  const list = new SlashCommandBuilder().setName('games').setDescription(en('command.games.description')).setDMPermission(false);

  const rules = new SlashCommandBuilder()
    .setName('rules')
    .setDescription(en('command.rules.description'))
    .addStringOption((o) => o.setName('game').setDescription(en('command.rules.game')).setRequired(true).addChoices(...gameChoices));

  return [game, list, rules].map((c) => c.toJSON());
}
