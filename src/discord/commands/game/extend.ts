import { localeFrom, translator, type MessageKey } from '../../../i18n/index.js';
import { placeWarning, refuse, tellPrivately } from '../../replies.js';
import { integer, label, within } from '../declare.js';
import { managesServer } from '../preconditions.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** What a player who asks for less than an hour or more than a week is told, by the bound and by the service alike. */
const HOURS_REFUSAL = 'refusal.bad-hours' satisfies MessageKey;
/** One hour to a week more for the player whose turn it is. */
export const EXTEND_HOURS = integer(1, 168, HOURS_REFUSAL);

/** `/game extend hours [id]`: the host gives the players of a running game more time. */
export const extend: GameSubcommand = {
  name: 'extend',
  target: 'changed',
  bounds: { hours: EXTEND_HOURS, id: GAME_NUMBER },
  define: (s) =>
    label(s, 'extend', 'command.game.extend.description')
      .addIntegerOption((o) => within(label(o, 'hours', 'command.game.extend.hours').setRequired(true), EXTEND_HOURS))
      .addIntegerOption(idOption),
  handle: async ({ ctx, interaction, row, t }) => {
    const hours = interaction.options.getInteger('hours', true);
    const outcome = await ctx.service.extend(row.id, interaction.user.id, hours * 60 * 60 * 1000, managesServer(interaction));
    if (!outcome.ok) return refuse(interaction, t, outcome.refusal === 'bad-options' ? HOURS_REFUSAL : `refusal.${outcome.refusal}`, {}, row.id);
    const deadline = Math.floor((outcome.value.deadlineAt as number) / 1000);
    const publicT = translator(localeFrom(row.locale));
    ctx.announcer.notify(row, publicT('extend.notice', { user: `<@${interaction.user.id}>`, time: `<t:${deadline}:f>`, relative: `<t:${deadline}:R>` }));
    // Privately, with the warning that the game's place cannot be posted in, if so.
    await tellPrivately(interaction, [placeWarning(outcome.value, t), t('extend.done', { time: `<t:${deadline}:f>` })].filter(Boolean).join('\n\n'));
    return { game: row.id, action: 'extend', outcome: `ok:${hours}h` };
  },
};
