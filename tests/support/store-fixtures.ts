/**
 * The games the store's tests open: one lobby with every field a test does not care about filled
 * in the same way, and a game started from it, so a test states only what it is about.
 */
import type { CommittedAction, NewLobby, Storage } from '../../src/db/storage.js';
import { NO_WAIT } from '../../src/db/wait-timing.js';

/** A Cartagena lobby in guild `g`, channel `c`, hosted by `h`, in English, no time limit; `changes` set what a test is about. */
export const testLobby = (changes: Partial<NewLobby> = {}): NewLobby => ({
  guildId: 'g',
  channelId: 'c',
  hostId: 'h',
  hostName: 'H',
  gameId: 'cartagena',
  options: {},
  locale: 'en',
  seed: 's',
  rulesVersion: 1,
  timeLimitMs: null,
  ...changes,
});

/** A game opened as `testLobby(changes)` and started in the state `{ step: 0 }`, waiting for no one: its id. */
export async function startedGame(store: Storage, changes: Partial<NewLobby> = {}): Promise<number> {
  const { id } = await store.createLobby(testLobby(changes));
  if (!(await store.start(id, { step: 0 }, NO_WAIT))) throw new Error(`game ${id} did not start`);
  return id;
}

/** Seat 0's move to the state `{ step: n }` (its action `{ n }`), telling nothing and waiting for no one. */
export const stepMove = (n: number): CommittedAction => ({
  seat: 0,
  action: { n },
  publicEvents: [],
  nextState: { step: n },
  wait: NO_WAIT,
});
