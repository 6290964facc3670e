import { showPanel } from '../../panel.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game panel [id]`: the player's own panel, privately. */
export const panel: GameSubcommand = {
  name: 'panel',
  target: 'shown',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'panel', 'command.game.panel.description').addIntegerOption(idOption),
  handle: ({ ctx, interaction, row, locale, t }) => showPanel(ctx, interaction, row.id, locale, t),
};
