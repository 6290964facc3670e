import { showBoard } from '../../game-commands.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game board [id]`: the board as it stands, privately. */
export const board: GameSubcommand = {
  name: 'board',
  target: 'shown',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'board', 'command.game.board.description').addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, t }) => showBoard(ctx, interaction, row, t),
};
