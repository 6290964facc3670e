import type { AnyGameDefinition } from '../engine/index.js';
import { cartagena } from './cartagena/rules.js';

/** Every game the bot hosts, by id: each follows the engine contract. */
export const games = {
  cartagena,
} satisfies Record<string, AnyGameDefinition>;

export type GameId = keyof typeof games;
