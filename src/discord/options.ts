import type { CommandInteractionOption } from 'discord.js';
import { z } from 'zod';
import { MOST_BOTS } from '../games/index.js';
import { OPEN_LOBBIES } from '../service/lobby-limits.js';
import { AWAY_DAYS, REASON_LENGTH } from '../service/time-off.js';

/**
 * Bounds of every command option, checked in the bot: Discord's client enforces the limits the
 * commands declare, but an interaction is only data sent by a client, and any client can send
 * anything. A value outside these bounds is refused before any handler reads it.
 */
const bounded = {
  /** Game numbers. */
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** `/game extend` and `/settings lobby-expiry`: one hour to a week, as the commands offer. */
  hours: z.number().int().min(1).max(168),
  /** `/settings lobby-limit`: open lobbies per member. */
  lobbies: z.number().int().min(OPEN_LOBBIES.min).max(OPEN_LOBBIES.max),
  /** `/game log from`: a move number. */
  from: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** `/game replay move`: a move number, 0 for the start. */
  move: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  game: z.string().min(1).max(32),
  variant: z.string().max(100),
  time_limit: z.string().min(1).max(16),
  language: z.string().min(1).max(16),
  limit: z.string().min(1).max(16),
  policy: z.string().min(1).max(32),
  /** `/game new bots`: at most the seats the largest game with bots has beside its host. */
  bots: z.number().int().min(0).max(MOST_BOTS),
  bot_level: z.string().min(1).max(16),
  level: z.string().min(1).max(16),
  /** `/away start` (1 and up) and `/settings away-days` (0 and up): at most the setting's top. */
  days: z.number().int().min(AWAY_DAYS.min).max(AWAY_DAYS.max),
  reason: z.string().max(REASON_LENGTH),
} satisfies Record<string, z.ZodType>;

/** Anything else a command may carry: short strings, safe integers, booleans, snowflakes. */
const otherString = z.string().max(200);
const otherNumber = z.number().finite().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** The first option (by name) whose value is out of bounds, or null when all are fine. */
export function invalidOption(options: readonly CommandInteractionOption[]): string | null {
  for (const option of options) {
    if (option.options) {
      const nested = invalidOption(option.options);
      if (nested !== null) return nested;
      continue;
    }
    if (option.value === undefined) continue;
    const schema = Object.hasOwn(bounded, option.name)
      ? bounded[option.name as keyof typeof bounded]
      : typeof option.value === 'string'
        ? otherString
        : typeof option.value === 'number'
          ? otherNumber
          : z.boolean();
    if (!schema.safeParse(option.value).success) return option.name;
  }
  return null;
}
