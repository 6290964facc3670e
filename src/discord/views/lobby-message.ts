import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIStringSelectComponent,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { GameRow, SeatRow } from '../../db/schema.js';
import { BOT_LEVELS, type BotLevel } from '../../service/settings.js';
import type { Translate } from '../../i18n/index.js';
import type { GameService } from '../../service/game-service.js';
import { timeLimitName } from '../../service/time-limits.js';
import { startsUntimed } from '../../service/lobbies.js';
import { encodeId } from '../custom-id.js';
import { plainName } from '../player-name.js';
import { mentionOf, presenterOf, type WithPresenters } from './present.js';

/**
 * The lobby message: game, variant, host, players, the time per move Start will use, and the four
 * buttons (none once closed). `defaultLimitMs`, the server's default time, where the lobby is open:
 * one person against bots at that time plays untimed (src/service/lobbies.ts, startsUntimed).
 */
export function lobbyMessage(
  ctx: WithPresenters & { service: GameService; defaultLimitMs?: number | null },
  row: GameRow,
  seats: SeatRow[],
  t: Translate,
  closedNote?: string,
) {
  const presenter = presenterOf(ctx, row.gameId);
  const def = ctx.service.definition(row.gameId);
  const variant = presenter.variantOf(row.options);
  const range = def ? ctx.service.seatRange(def, row.options) : { min: 1, max: seats.length };
  const lines = [
    t('lobby.title', { game: t(presenter.name), variant: variant ? t(variant.label) : '', host: `<@${row.hostId}>` }),
    t('lobby.players', { count: seats.length, max: range.max, players: seats.map((s) => lobbySeat(s, t)).join(', ') }),
    t('lobby.time-limit', {
      limit: t(
        `time-limit.${timeLimitName(!closedNote && ctx.defaultLimitMs !== undefined && startsUntimed(row, seats, ctx.defaultLimitMs) ? null : row.timeLimitMs)}`,
      ),
    }),
  ];
  if (closedNote) lines.push(closedNote);
  else {
    const { min, max } = range;
    lines.push(min === max ? t('lobby.needs.exactly', { count: min }) : t(max === min + 1 ? 'lobby.needs.either' : 'lobby.needs', { min, max }));
  }
  const button = (kind: 'join' | 'leave' | 'start' | 'cancel', style: ButtonStyle) =>
    new ButtonBuilder()
      .setCustomId(encodeId({ kind, game: row.id }))
      .setLabel(t(`lobby.${kind}`))
      .setStyle(style);
  const components = closedNote
    ? []
    : [
        new ActionRowBuilder<MessageActionRowComponentBuilder>()
          .addComponents(
            button('join', ButtonStyle.Success),
            button('leave', ButtonStyle.Secondary),
            button('start', ButtonStyle.Primary),
            button('cancel', ButtonStyle.Danger),
          )
          .toJSON(),
        // Only games whose bots can think offer them.
        ...(def?.determinize ? botRows(row.id, seats, t) : []),
      ];
  return { content: lines.join('\n'), components, allowedMentions: { parse: [] } };
}

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
