import { type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { catalogueOf, DEFAULT_LOCALE, localeFrom, translator, type Locale, type MessageKey, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { findPresenter } from './views/present.js';
import { lobbyMessage } from './views/lobby-message.js';
import { showPanel } from './panel.js';
import { refuse, tellPrivately, withList, type Handled } from './replies.js';
import { showLog } from './game-log.js';
import { showReplay } from './replay.js';
import { handleSettings } from './settings-command.js';
import { handleLeaderboard, handleStats } from './stats-commands.js';
import { handleProfile } from './profile-command.js';
import { agreeToStandIn, handleAway } from './away-command.js';
import { timeLimitByName } from '../service/time-limits.js';
import { invalidOption } from './options.js';
import { askToResign } from './resign.js';
import { extendGame, listGames, showBoard } from './game-commands.js';
import { askToCancel } from './cancel.js';
import { showRules } from './rules-viewer.js';
import { showHelp } from './help.js';
import { whenWritable } from '../service/database-errors.js';
import { BOT_LEVELS, lobbyLimitsOf } from '../service/settings.js';
import { memberName } from './player-name.js';
import { refuseTooManyLobbies } from './lobby-limit.js';
import { gamePlace } from './bot-permissions.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Subcommands that change a game: they act only on the game named or typed in, never on one elsewhere. */
const CHANGES_A_GAME = new Set(['resign', 'cancel', 'extend', 'stand-in']);

/**
 * The game a command is about: the `id` option if given (a game of this server); else, in a
 * game's thread, that game whatever its status; else, in a channel where games are played without
 * threads, the user's open game there (or the only one); else, for commands that only show
 * something, the user's only open game in the server.
 */
async function targetGame(ctx: BotContext, interaction: ChatInputCommandInteraction, sub: string): Promise<GameRow | undefined> {
  const { service } = ctx;
  const guildId = interaction.guildId as string;
  const inThisServer = (row: GameRow | undefined) => (row && row.guildId === guildId ? row : undefined);
  const id = interaction.options.getInteger('id');
  if (id !== null) return inThisServer(await service.gameRow(id));
  const ofThread = await service.gameOfThread(interaction.channelId);
  if (ofThread) return inThisServer(ofThread);
  const mine = (await service.activeGamesOf(guildId, interaction.user.id)).map((g) => g.game);
  const open = (await service.openGamesIn(interaction.channelId)).filter((g) => g.guildId === guildId);
  const mineHere = open.filter((g) => mine.some((m) => m.id === g.id));
  if (mineHere.length === 1) return mineHere[0];
  if (mineHere.length === 0 && open.length === 1) return open[0];
  if (open.length > 0 || CHANGES_A_GAME.has(sub)) return undefined;
  return mine.length === 1 ? mine[0] : undefined;
}

export async function handleSlash(ctx: BotContext, interaction: ChatInputCommandInteraction, locale: Locale, t: Translate): Promise<Handled> {
  const invalid = invalidOption(interaction.options.data);
  if (invalid !== null) {
    // The option as the user's client names it, where the catalogue has that name.
    const nameKey = `command.name.${invalid}`;
    const option = Object.hasOwn(catalogueOf(DEFAULT_LOCALE), nameKey) ? t(nameKey as MessageKey) : invalid;
    return refuse(interaction, t, invalid === 'hours' ? 'refusal.bad-hours' : 'refusal.bad-option', { option });
  }
  if (interaction.commandName === 'rules') return showRules(ctx, interaction, t);
  if (interaction.commandName === 'help') return showHelp(ctx, interaction, t);
  if (!interaction.inGuild()) return refuse(interaction, t, 'refusal.not-in-guild');
  if (interaction.commandName === 'games') return listGames(ctx, interaction, t);
  if (interaction.commandName === 'stats') return handleStats(ctx, interaction, t);
  if (interaction.commandName === 'leaderboard') return handleLeaderboard(ctx, interaction, t);
  if (interaction.commandName === 'profile') return handleProfile(ctx, interaction, locale, t);
  if (interaction.commandName === 'away') return handleAway(ctx, interaction, t);
  if (interaction.commandName === 'settings') return handleSettings(ctx, interaction, locale, t);
  const sub = interaction.options.getSubcommand();
  if (sub === 'new') return newGame(ctx, interaction, t);
  const row = await targetGame(ctx, interaction, sub);
  if (!row) return refuse(interaction, t, 'refusal.no-game-here');
  switch (sub) {
    case 'panel':
      return showPanel(ctx, interaction, row.id, locale, t);
    case 'board':
      return showBoard(ctx, interaction, row, t);
    case 'resign':
      return askToResign(ctx, interaction, row, t);
    case 'log': {
      const from = interaction.options.getInteger('from');
      return showLog(ctx, interaction, row.id, from === null ? 'newest' : { move: from, toward: 'newer' }, t);
    }
    case 'replay': {
      const move = interaction.options.getInteger('move');
      return showReplay(ctx, interaction, row.id, move ?? 'last', t);
    }
    case 'cancel':
      return askToCancel(ctx, interaction, row, t);
    case 'extend':
      return extendGame(ctx, interaction, row, t);
    case 'stand-in':
      return agreeToStandIn(ctx, interaction, row, t);
    default:
      return refuse(interaction, t, 'refusal.unknown-component');
  }
}

async function newGame(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const gameId = interaction.options.getString('game', true);
  const presenter = findPresenter(ctx, gameId);
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  const variantValue = interaction.options.getString('variant');
  const variant = variantValue === null ? presenter.variants[0] : presenter.variants.find((v) => v.value === variantValue);
  if (!variant) return refuse(interaction, t, 'refusal.bad-options');
  const settings = await ctx.service.settings.guild(interaction.guildId as string);
  if (settings.allowedChannels.length > 0 && !settings.allowedChannels.includes(interaction.channelId)) {
    const channels = settings.allowedChannels.map((id) => `<#${id}>`);
    await tellPrivately(interaction, withList((list) => t('refusal.channel-not-allowed', { channels: list }), channels, t, ', '));
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
  const response = await interaction.reply({ ...lobbyMessage({ ...ctx, defaultLimitMs: settings.defaultTimeLimitMs }, row, await ctx.service.seatsOf(row.id), translator(locale)), withResponse: true });
  const messageId = response.resource?.message?.id;
  // The lobby exists and is answered: recording its message must not fail for a moment's lock.
  if (messageId) await whenWritable(() => ctx.service.lobbyPosted(row.id, messageId));
  return { game: row.id, action: 'new', outcome: 'ok' };
}

/** Suggests the variants of the game chosen in the same command. */
export async function handleAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<Handled> {
  const t = translator(localeFrom(interaction.locale));
  const presenter = findPresenter(ctx, interaction.options.getString('game'));
  const typed = String(interaction.options.getFocused()).slice(0, 100).toLowerCase();
  const choices = (presenter?.variants ?? [])
    .map((v) => ({ name: fitText(`${t(v.label)}: ${t(v.about)}`, DISCORD_LIMITS.choiceName), value: v.value }))
    .filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed));
  await interaction.respond(choices.slice(0, 25));
  return { action: 'autocomplete', outcome: `ok:${choices.length}` };
}
