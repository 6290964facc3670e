import { SlashCommandBuilder } from '@discordjs/builders';
import { AWAY_DAYS, REASON_LENGTH } from '../../service/time-off.js';
import { handleAway } from '../away-command.js';
import { integer, label, text, upTo, within, type SlashCommand } from './declare.js';

/** A day and up, to the most a server allows at all. */
const DAYS = integer(1, AWAY_DAYS.max);
const REASON = text(REASON_LENGTH);

/** `/away start days [reason]` and `/away end`: time off in this server, and the early return from it. */
export const away: SlashCommand = {
  name: 'away',
  preconditions: ['in a server'],
  bounds: { days: DAYS, reason: REASON },
  define: () =>
    label(new SlashCommandBuilder(), 'away', 'command.away.description')
      .setDMPermission(false)
      .addSubcommand((s) =>
        label(s, 'start', 'command.away.start')
          .addIntegerOption((o) => within(label(o, 'days', 'command.away.days').setRequired(true), DAYS))
          .addStringOption((o) => upTo(label(o, 'reason', 'command.away.reason'), REASON)),
      )
      .addSubcommand((s) => label(s, 'end', 'command.away.end')),
  handle: ({ ctx, interaction, t }) => handleAway(ctx, interaction, t),
};
