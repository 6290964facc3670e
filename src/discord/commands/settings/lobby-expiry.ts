import { tn } from '../../../i18n/index.js';
import { lobbyExpiryFromHours, lobbyExpiryHours } from '../../../service/lobby-limits.js';
import { SERVER_SETTINGS } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { label, within } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';
import { rangeOf } from './range.js';

/** In whole hours, as /settings takes and shows it. */
const HOURS = rangeOf(SERVER_SETTINGS.lobbyExpiryMs);

/** How long a lobby waits to be started before it expires. */
export const lobbyExpiry: ShownSetting = {
  told: ({ settings }, locale) => {
    const hours = lobbyExpiryHours(settings.lobbyExpiryMs);
    return { name: SERVER_SETTINGS.lobbyExpiryMs.name, value: tn(locale, 'settings.hours', hours, { hours }) };
  },
};

export const lobbyExpiryCommand: SettingSubcommand = {
  name: 'lobby-expiry',
  preconditions: ['manages the server'],
  bounds: { hours: HOURS },
  define: (s) =>
    label(s, 'lobby-expiry', 'command.settings.lobby-expiry').addIntegerOption((o) =>
      within(label(o, 'hours', 'command.settings.lobby-expiry.hours').setRequired(true), HOURS),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const expiryMs = lobbyExpiryFromHours(interaction.options.getInteger('hours', true));
    if (expiryMs === undefined) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { lobbyExpiryMs: expiryMs });
    return changed(lobbyExpiry);
  },
};
