import { extendGame } from '../../game-commands.js';
import { integer, label, within } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** One hour to a week more for the player whose turn it is. */
export const EXTEND_HOURS = integer(1, 168);

/** `/game extend hours [id]`. */
export const extend: GameSubcommand = {
  name: 'extend',
  target: 'changed',
  bounds: { hours: EXTEND_HOURS, id: GAME_NUMBER },
  define: (s) =>
    label(s, 'extend', 'command.game.extend.description')
      .addIntegerOption((o) => within(label(o, 'hours', 'command.game.extend.hours').setRequired(true), EXTEND_HOURS))
      .addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, t }) => extendGame(ctx, interaction, row, t),
};
