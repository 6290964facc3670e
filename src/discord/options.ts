import type { CommandInteractionOption } from 'discord.js';
import { z } from 'zod';
import type { MessageKey } from '../i18n/index.js';
import type { Bounds, OptionBound } from './commands/declare.js';

/**
 * Every command option is checked in the bot against the bounds its command declares
 * (./commands/declare.ts): Discord's client keeps to what a command tells it, but an interaction
 * is only data sent by a client, and any client can send anything. A value outside its bounds is
 * refused before any handler reads it.
 */
function schemaOf(bound: OptionBound): z.ZodType {
  switch (bound.type) {
    case 'integer':
      return z
        .number()
        .int()
        .min(bound.min)
        .max(bound.max ?? Number.MAX_SAFE_INTEGER);
    case 'text':
      return z.string().max(bound.maxLength);
    case 'choice':
      return z.string().min(1).max(bound.maxLength);
  }
}

/** Anything else a command may carry (users, channels, booleans): short strings, safe numbers, booleans. */
const otherString = z.string().max(200);
const otherNumber = z.number().finite().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/** An option a client sent outside its bound: its name, and the refusal its bound declares (or the general one). */
export interface InvalidOption {
  name: string;
  refusal: MessageKey;
}

/** The first option whose value is out of its command's bounds, or null when all are fine. */
export function invalidOption(bounds: Bounds, options: readonly CommandInteractionOption[]): InvalidOption | null {
  for (const option of options) {
    if (option.options) {
      const nested = invalidOption(bounds, option.options);
      if (nested !== null) return nested;
      continue;
    }
    if (option.value === undefined) continue;
    const bound = Object.hasOwn(bounds, option.name) ? bounds[option.name] : undefined;
    const schema = bound ? schemaOf(bound) : typeof option.value === 'string' ? otherString : typeof option.value === 'number' ? otherNumber : z.boolean();
    if (!schema.safeParse(option.value).success) return { name: option.name, refusal: bound?.refusal ?? 'refusal.bad-option' };
  }
  return null;
}
