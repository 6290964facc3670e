import type { Storage } from '../db/storage.js';
import type { GameService } from './game-service.js';
import { hostingOf } from './hosting.js';

/**
 * For tests and benchmarks only (.dependency-cruiser.cjs keeps the bot's code from it): the store
 * behind a service, to arrange a game or read what the service wrote.
 */
export function storeForTests(service: GameService): Storage {
  return hostingOf(service).store;
}
