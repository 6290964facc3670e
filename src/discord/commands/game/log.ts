import { showLog } from '../../game-log.js';
import { integer, label, within } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game log [id] [from]`: the game's public log, privately, from a move or its newest page. */
export const log: GameSubcommand = {
  name: 'log',
  target: 'shown',
  bounds: { id: GAME_NUMBER, from: integer(1) },
  define: (s) =>
    label(s, 'log', 'command.game.log.description')
      .addIntegerOption(idOption)
      .addIntegerOption((o) => within(label(o, 'from', 'command.game.log.from'), integer(1))),
  handle: ({ ctx, interaction, row, t }) => {
    const from = interaction.options.getInteger('from');
    return showLog(ctx, interaction, row.id, from === null ? 'newest' : { move: from, toward: 'newer' }, t);
  },
};
