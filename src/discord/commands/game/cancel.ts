import { askToCancel } from '../../cancel.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game cancel [id]`: asks first, privately. */
export const cancel: GameSubcommand = {
  name: 'cancel',
  target: 'changed',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'cancel', 'command.game.cancel.description').addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, t }) => askToCancel(ctx, interaction, row, t),
};
