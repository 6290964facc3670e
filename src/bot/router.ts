import type { Interaction } from 'discord.js';
import { localeFrom, translator } from '../i18n/index.js';
import { decodeId } from './custom-id.js';
import type { BotContext } from './context.js';
import { handleLobbyButton } from './lobby.js';
import { handleMove, showPanel } from './panel.js';
import { refuse, tellPrivately, type Handled } from './replies.js';
import { handleAutocomplete, handleSlash } from './slash.js';
import { showLog } from './game-log.js';

/**
 * Entry point of every interaction: dispatches it, writes one log line (game, user, action,
 * outcome, latency) and turns any unexpected error into a polite ephemeral answer.
 */
export async function routeInteraction(ctx: BotContext, interaction: Interaction): Promise<void> {
  const started = performance.now();
  const locale = localeFrom(interaction.locale);
  const t = translator(locale);
  let handled: Handled = { action: 'unknown', outcome: 'ignored' };
  try {
    handled = await dispatch(ctx, interaction, locale, t);
  } catch (error) {
    handled = { ...handled, outcome: 'error' };
    ctx.logger.error({ err: error, user: interaction.user.id, interaction: interaction.id }, 'interaction failed');
    if (interaction.isRepliable()) await tellPrivately(interaction, t('refusal.error')).catch(() => undefined);
  }
  ctx.logger.info(
    { game: handled.game, user: interaction.user.id, action: handled.action, outcome: handled.outcome, latencyMs: Math.round(performance.now() - started) },
    'interaction',
  );
}

async function dispatch(ctx: BotContext, interaction: Interaction, locale: ReturnType<typeof localeFrom>, t: ReturnType<typeof translator>): Promise<Handled> {
  if (interaction.isAutocomplete()) return handleAutocomplete(ctx, interaction);
  if (interaction.isChatInputCommand()) {
    const handled = await handleSlash(ctx, interaction, locale, t);
    const sub = interaction.options.getSubcommand(false);
    return { ...handled, action: [interaction.commandName, sub, handled.action].filter(Boolean).join(' ') };
  }
  if (!interaction.isButton() && !interaction.isStringSelectMenu()) return { action: 'unsupported', outcome: 'ignored' };
  const id = decodeId(interaction.customId);
  if (!id) return refuse(interaction, t, 'refusal.unknown-component');
  switch (id.kind) {
    case 'join':
    case 'leave':
    case 'start':
    case 'cancel':
      if (!interaction.isButton()) return refuse(interaction, t, 'refusal.unknown-component');
      return handleLobbyButton(ctx, interaction, id.kind, id.game, t);
    case 'panel':
      return showPanel(ctx, interaction, id.game, locale, t);
    case 'act':
      return handleMove(ctx, interaction, id.game, id.version, id.index, locale, t);
    case 'log':
      return showLog(ctx, interaction, id.game, id.page, t);
    case 'pick': {
      const value = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
      if (value === undefined || !/^\d{1,4}$/.test(value)) return refuse(interaction, t, 'refusal.illegal', {}, id.game);
      return handleMove(ctx, interaction, id.game, id.version, Number(value), locale, t);
    }
  }
}
