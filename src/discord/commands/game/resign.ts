import { askToResign } from '../../resign.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game resign [id]`: asks first, privately. */
export const resign: GameSubcommand = {
  name: 'resign',
  target: 'changed',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'resign', 'command.game.resign.description').addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, t }) => askToResign(ctx, interaction, row, t),
};
