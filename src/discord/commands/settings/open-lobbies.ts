import { validOpenLobbies } from '../../../service/lobby-limits.js';
import { SERVER_SETTINGS } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { label, within } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';
import { rangeOf } from './range.js';

const LOBBIES = rangeOf(SERVER_SETTINGS.maxOpenLobbies);

/** How many lobbies one member may have open at a time. */
export const openLobbies: ShownSetting = {
  told: ({ settings }) => ({ name: SERVER_SETTINGS.maxOpenLobbies.name, value: String(settings.maxOpenLobbies) }),
};

export const lobbyLimitCommand: SettingSubcommand = {
  name: 'lobby-limit',
  preconditions: ['manages the server'],
  bounds: { lobbies: LOBBIES },
  define: (s) =>
    label(s, 'lobby-limit', 'command.settings.lobby-limit').addIntegerOption((o) =>
      within(label(o, 'lobbies', 'command.settings.lobby-limit.lobbies').setRequired(true), LOBBIES),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const count = interaction.options.getInteger('lobbies', true);
    if (!validOpenLobbies(count)) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { maxOpenLobbies: count });
    return changed(openLobbies);
  },
};
