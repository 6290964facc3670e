import type { AutocompleteInteraction } from 'discord.js';
import { LOCALES, localeFrom, translator } from '../../../i18n/index.js';
import { MOST_BOTS } from '../../../games/index.js';
import { timeLimitByName } from '../../../service/time-limits.js';
import { whenWritable } from '../../../service/database-errors.js';
import { BOT_LEVELS, lobbyLimitsOf } from '../../../service/settings.js';
import { DISCORD_LIMITS, fitText } from '../../../text-fit.js';
import { gamePlace } from '../../bot-permissions.js';
import type { BotContext } from '../../context.js';
import { refuseTooManyLobbies } from '../../lobby-limit.js';
import { memberName } from '../../player-name.js';
import { refuse, tellPrivately, withList, type Handled } from '../../replies.js';
import { lobbyMessage } from '../../views/lobby-message.js';
import { findPresenter } from '../../views/present.js';
import { choice, integer, label, oneOf, within } from '../declare.js';
import type { GameSubcommand } from './target.js';

/** At most the seats the largest game with bots has beside its host. */
const BOTS = integer(0, MOST_BOTS);

/** `/game new game [variant] [time_limit] [bots] [bot_level] [language]`: opens a lobby here. */
export const newGame: GameSubcommand = {
  name: 'new',
  target: 'none',
  bounds: { game: oneOf(32), variant: oneOf(100), time_limit: oneOf(16), bots: BOTS, bot_level: oneOf(16), language: oneOf(16) },
  define: (s, { games, timeLimits }) =>
    label(s, 'new', 'command.game.new.description')
      .addStringOption((o) =>
        label(o, 'game', 'command.game.new.game')
          .setRequired(true)
          .addChoices(...games),
      )
      .addStringOption((o) => label(o, 'variant', 'command.game.new.variant').setAutocomplete(true))
      .addStringOption((o) => label(o, 'time_limit', 'command.game.new.time-limit').addChoices(...timeLimits))
      .addIntegerOption((o) => within(label(o, 'bots', 'command.game.new.bots'), BOTS))
      .addStringOption((o) => label(o, 'bot_level', 'command.game.new.bot-level').addChoices(...BOT_LEVELS.map((l) => choice(`bot.level.${l}`, l))))
      .addStringOption((o) => label(o, 'language', 'command.game.new.language').addChoices(...LOCALES.map((locale) => choice(`language.${locale}`, locale)))),
  handle: async ({ ctx, interaction, t }) => {
    const gameId = interaction.options.getString('game', true);
    const presenter = findPresenter(ctx, gameId);
    if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
    const variantValue = interaction.options.getString('variant');
    const variant = variantValue === null ? presenter.variants[0] : presenter.variants.find((v) => v.value === variantValue);
    if (!variant) return refuse(interaction, t, 'refusal.bad-options');
    const settings = await ctx.service.settings.guild(interaction.guildId as string);
    if (settings.allowedChannels.length > 0 && !settings.allowedChannels.includes(interaction.channelId)) {
      const channels = settings.allowedChannels.map((id) => `<#${id}>`);
      await tellPrivately(
        interaction,
        withList((list) => t('refusal.channel-not-allowed', { channels: list }), channels, t, ', '),
      );
      return { action: 'command', outcome: 'refused:refusal.channel-not-allowed' };
    }
    // A lobby the bot answers, in a place it could then never post a move in, is a game that never shows.
    if (!gamePlace(interaction.appPermissions, { inThread: interaction.channel?.isThread() ?? false, useThreads: settings.useThreads })) {
      // Not in the server at all: only its commands were added (discord.js knows every server the bot is in).
      return refuse(interaction, t, interaction.inCachedGuild() ? 'refusal.cannot-post-here' : 'refusal.bot-not-in-server');
    }
    const limitName = interaction.options.getString('time_limit');
    const timeLimitMs = limitName === null ? settings.defaultTimeLimitMs : timeLimitByName(limitName);
    if (timeLimitMs === undefined) return refuse(interaction, t, 'refusal.bad-options');
    const levelName = interaction.options.getString('bot_level') ?? 'normal';
    const level = BOT_LEVELS.find((l) => l === levelName);
    if (!level) return refuse(interaction, t, 'refusal.bad-option', { option: t('command.name.bot_level') });
    const name = memberName(interaction);
    // Public posts speak the language chosen for the game, else the server's.
    const locale = localeFrom(interaction.options.getString('language') ?? interaction.guildLocale);
    const outcome = await ctx.service.openLobby({
      guildId: interaction.guildId as string,
      channelId: interaction.channelId,
      hostId: interaction.user.id,
      hostName: name,
      gameId,
      options: variant.options,
      locale,
      timeLimitMs,
      limits: lobbyLimitsOf(settings),
    });
    if (!outcome.ok && outcome.refusal === 'too-many-lobbies') return refuseTooManyLobbies(ctx, interaction, t);
    if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`);
    const row = outcome.value;
    // Seats the lobby cannot take are simply not filled: the lobby shows who is in.
    for (let i = 0; i < (interaction.options.getInteger('bots') ?? 0); i++) {
      if (!(await ctx.service.addBot(row.id, interaction.user.id, level, false)).ok) break;
    }
    const response = await interaction.reply({
      ...lobbyMessage({ ...ctx, defaultLimitMs: settings.defaultTimeLimitMs }, row, await ctx.service.seatsOf(row.id), translator(locale)),
      withResponse: true,
    });
    const messageId = response.resource?.message?.id;
    // The lobby exists and is answered: recording its message must not fail for a moment's lock.
    if (messageId) await whenWritable(() => ctx.service.lobbyPosted(row.id, messageId));
    return { game: row.id, action: 'new', outcome: 'ok' };
  },
};

/** Suggests the variants of the game chosen in the same command. */
export async function suggestVariants(ctx: BotContext, interaction: AutocompleteInteraction): Promise<Handled> {
  const t = translator(localeFrom(interaction.locale));
  const presenter = findPresenter(ctx, interaction.options.getString('game'));
  const typed = String(interaction.options.getFocused()).slice(0, 100).toLowerCase();
  const choices = (presenter?.variants ?? [])
    .map((v) => ({ name: fitText(`${t(v.label)}: ${t(v.about)}`, DISCORD_LIMITS.choiceName), value: v.value }))
    .filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed));
  await interaction.respond(choices.slice(0, 25));
  return { action: 'autocomplete', outcome: `ok:${choices.length}` };
}
