import { type StringSelectMenuInteraction } from 'discord.js';
import { BOT_LEVELS, type BotLevel } from '../service/settings.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { refuse, type Handled } from './replies.js';
import { lobbyMessage } from './views/lobby-message.js';

const canManageServer = (interaction: StringSelectMenuInteraction) => interaction.memberPermissions?.has('ManageGuild') ?? false;

/** The host seats a bot or takes one out; the lobby message shows the new table. */
export async function handleBotSelect(
  ctx: BotContext,
  interaction: StringSelectMenuInteraction,
  kind: 'addbot' | 'rmbot',
  gameId: number,
  t: Translate,
): Promise<Handled> {
  const value = interaction.values[0] ?? '';
  const { service } = ctx;
  const outcome =
    kind === 'addbot'
      ? (BOT_LEVELS as readonly string[]).includes(value)
        ? await service.addBot(gameId, interaction.user.id, value as BotLevel, canManageServer(interaction))
        : ({ ok: false, refusal: 'bad-options' } as const)
      : await service.removeBot(gameId, interaction.user.id, value, canManageServer(interaction));
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
  const row = await service.gameRow(gameId);
  if (!row) return refuse(interaction, t, 'refusal.game-not-found', {}, gameId);
  const defaultLimitMs = (await service.settings.guild(row.guildId)).defaultTimeLimitMs;
  await interaction.update(lobbyMessage({ ...ctx, defaultLimitMs }, row, await service.seatsOf(gameId), translator(localeFrom(row.locale))));
  return { game: gameId, action: kind, outcome: 'ok' };
}
