import { localeFrom, translator } from '../../../i18n/index.js';
import { voteStandIn } from '../../../service/time-off.js';
import { refuse, tellPrivately } from '../../replies.js';
import { label } from '../declare.js';
import { managesServer } from '../preconditions.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game stand-in [id]`: a player agrees to let the bot play for the players of this game who are away; it does once the others agree too. */
export const standIn: GameSubcommand = {
  name: 'stand-in',
  target: 'changed',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'stand-in', 'command.game.stand-in.description').addIntegerOption(idOption),
  handle: async ({ ctx, interaction, row, t }) => {
    const voted = await voteStandIn(ctx.service, row.id, interaction.user.id, managesServer(interaction));
    if (!voted.ok) return refuse(interaction, t, `refusal.${voted.refusal}`, {}, row.id);
    const { granted, waiting } = voted.value;
    const pt = translator(localeFrom(row.locale));
    const names = (ids: readonly string[]) => ids.map((id) => `<@${id}>`).join(', ');
    if (granted.length > 0) {
      const until = Math.max(...granted.map((g) => g.until));
      ctx.announcer.notify(row, pt('stand-in.granted', { away: names(granted.map((g) => g.seat.userId)), time: `<t:${Math.floor(until / 1000)}:f>` }));
    }
    for (const w of waiting)
      ctx.announcer.notify(row, pt('stand-in.agreed', { user: `<@${interaction.user.id}>`, away: `<@${w.seat.userId}>`, needed: names(w.needed) }), w.needed);
    const away = names([...granted, ...waiting].map((g) => g.seat.userId));
    await tellPrivately(interaction, granted.length > 0 ? t('stand-in.granted.you', { away }) : t('stand-in.agreed.you'));
    return { game: row.id, action: 'stand-in', outcome: granted.length > 0 ? 'ok:granted' : 'ok:agreed' };
  },
};
