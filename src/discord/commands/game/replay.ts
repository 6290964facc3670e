import { showReplay } from '../../replay.js';
import { integer, label, within } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** A move number, 0 for the start. */
const MOVE = integer(0);

/** `/game replay [id] [move]`: the game move by move, privately, from a move or its last. */
export const replay: GameSubcommand = {
  name: 'replay',
  target: 'shown',
  bounds: { id: GAME_NUMBER, move: MOVE },
  define: (s) =>
    label(s, 'replay', 'command.game.replay.description')
      .addIntegerOption(idOption)
      .addIntegerOption((o) => within(label(o, 'move', 'command.game.replay.move'), MOVE)),
  handle: ({ ctx, interaction, row, t }) => showReplay(ctx, interaction, row.id, interaction.options.getInteger('move') ?? 'last', t),
};
