import { SlashCommandBuilder } from '@discordjs/builders';
import { refuse } from '../replies.js';
import { label, mergeBounds, type SlashCommand } from './declare.js';
import { refusedBy } from './preconditions.js';
import { board } from './game/board.js';
import { cancel } from './game/cancel.js';
import { extend } from './game/extend.js';
import { log } from './game/log.js';
import { newGame } from './game/new.js';
import { panel } from './game/panel.js';
import { replay } from './game/replay.js';
import { resign } from './game/resign.js';
import { standIn } from './game/stand-in.js';
import { targetGame, type GameSubcommand } from './game/target.js';

/** `/game`'s subcommands, in the order Discord shows them. */
const SUBCOMMANDS: readonly GameSubcommand[] = [newGame, panel, board, log, replay, resign, cancel, extend, standIn];

/** `/game <subcommand>`: a game's lobby, panel, board, log, replay and the changes a player may ask for. */
export const game: SlashCommand = {
  name: 'game',
  preconditions: ['in a server'],
  bounds: mergeBounds(...SUBCOMMANDS.map((s) => s.bounds)),
  define: (pickers) => {
    const builder = label(new SlashCommandBuilder(), 'game', 'command.game.description').setDMPermission(false);
    for (const sub of SUBCOMMANDS) builder.addSubcommand((s) => sub.define(s, pickers));
    return builder;
  },
  handle: async (use) => {
    const name = use.interaction.options.getSubcommand();
    const sub = SUBCOMMANDS.find((s) => s.name === name);
    if (!sub) return refuse(use.interaction, use.t, 'refusal.unknown-component');
    const refused = refusedBy(sub.preconditions ?? [], use.interaction, use.t);
    if (refused) return refused;
    if (sub.target === 'none') return sub.handle(use);
    const row = await targetGame(use.ctx, use.interaction, sub.target);
    if (!row) return refuse(use.interaction, use.t, 'refusal.no-game-here');
    return sub.handle({ ...use, row });
  },
};
