import { z } from 'zod';
import { defineSetting } from './declare.js';

/** When posts ping a player: every turn, when he has been away from the game a while, or never. */
export const PING_MODES = ['every-turn', 'away', 'never'] as const;
export type PingMode = (typeof PING_MODES)[number];

/** The least and most minutes away before a ping, as `/settings pings` offers them. */
export const PING_AWAY_MINUTES = { min: 1, max: 24 * 60 } as const;

/** When a post about his turn pings him: every turn, when he has been away from the game `awayMinutes`, or never. */
export interface PingSetting {
  mode: PingMode;
  awayMinutes: number;
}

/**
 * A member's own: when a post about his turn pings him. Its subcommand takes two options, the
 * Discord layer's own (src/discord/commands/settings/pings.ts).
 */
export const pings = defineSetting<'pings', PingSetting>({
  key: 'pings',
  owner: 'member',
  value: z.object({ mode: z.enum(PING_MODES), awayMinutes: z.number().int().min(PING_AWAY_MINUTES.min).max(PING_AWAY_MINUTES.max) }),
  default: { mode: 'every-turn', awayMinutes: 15 },
  name: 'settings.name.pings',
  told: (setting, _locale, t) => t(`settings.pings.value.${setting.mode}`, { minutes: setting.awayMinutes }),
});
