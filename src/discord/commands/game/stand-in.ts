import { agreeToStandIn } from '../../away-command.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game stand-in [id]`: a bot plays for a player who is away, when the others agree. */
export const standIn: GameSubcommand = {
  name: 'stand-in',
  target: 'changed',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'stand-in', 'command.game.stand-in.description').addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, t }) => agreeToStandIn(ctx, interaction, row, t),
};
