import { ComponentType, type APIActionRowComponent, type APIStringSelectComponent, type StringSelectMenuInteraction } from 'discord.js';
import { BOT_LEVELS, type BotLevel, type SeatRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import { encodeId } from './custom-id.js';
import { mentionOf, type BotContext } from './context.js';
import { refuse, type Handled } from './replies.js';
import { lobbyMessage } from './lobby.js';
import { plainName } from './player-name.js';

const canManageServer = (interaction: StringSelectMenuInteraction) => interaction.memberPermissions?.has('ManageGuild') ?? false;

/** A lobby seat as the lobby lists it: a person mentioned, a bot with its level. */
export function lobbySeat(seat: SeatRow, t: Translate): string {
  return seat.botLevel === null ? mentionOf(seat) : t('lobby.bot', { name: mentionOf(seat), level: t(`bot.level.${seat.botLevel}`) });
}

/** The lobby's menus for its host: seat a bot player of a level, and (when there are some) take one out. */
export function botRows(game: number, seats: SeatRow[], t: Translate): APIActionRowComponent<APIStringSelectComponent>[] {
  const add: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: encodeId({ kind: 'addbot', game }),
    placeholder: t('lobby.add-bot'),
    options: BOT_LEVELS.map((level) => ({ label: t(`bot.level.${level}`), value: level, description: t(`bot.level.${level}.about`) })),
  };
  const rows: APIActionRowComponent<APIStringSelectComponent>[] = [{ type: ComponentType.ActionRow, components: [add] }];
  const bots = seats.filter((s) => s.botLevel !== null);
  if (bots.length > 0) {
    const remove: APIStringSelectComponent = {
      type: ComponentType.StringSelect,
      custom_id: encodeId({ kind: 'rmbot', game }),
      placeholder: t('lobby.remove-bot'),
      options: bots.map((s) => ({ label: `${plainName(s)} (${t(`bot.level.${s.botLevel as BotLevel}`)})`, value: s.userId })),
    };
    rows.push({ type: ComponentType.ActionRow, components: [remove] });
  }
  return rows;
}

/** The host seats a bot or takes one out; the lobby message shows the new table. */
export async function handleBotSelect(ctx: BotContext, interaction: StringSelectMenuInteraction, kind: 'addbot' | 'rmbot', gameId: number, t: Translate): Promise<Handled> {
  const value = interaction.values[0] ?? '';
  const { service } = ctx;
  const outcome =
    kind === 'addbot'
      ? (BOT_LEVELS as readonly string[]).includes(value)
        ? service.addBot(gameId, interaction.user.id, value as BotLevel, canManageServer(interaction))
        : ({ ok: false, refusal: 'bad-options' } as const)
      : service.removeBot(gameId, interaction.user.id, value, canManageServer(interaction));
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
  const row = service.store.get(gameId);
  if (!row) return refuse(interaction, t, 'refusal.game-not-found', {}, gameId);
  await interaction.update(lobbyMessage(ctx, row, service.store.seatsOf(gameId), translator(localeFrom(row.locale))));
  return { game: gameId, action: kind, outcome: 'ok' };
}
