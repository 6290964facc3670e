/**
 * The games the service's tests open: one lobby request with every field a test does not care
 * about filled in the same way, and a two-player game started from a lobby, so a test states only
 * what it is about.
 */
import type { GameService, LoadedGame } from '../../src/service/game-service.js';
import type { LobbyRequest } from '../../src/service/lobbies.js';

/** Cartagena's Jamaica, hosted by `host` in guild `g`, channel `c`, in English, without a time limit. */
export const LOBBY_REQUEST: LobbyRequest = {
  guildId: 'g',
  channelId: 'c',
  hostId: 'host',
  hostName: 'Host',
  gameId: 'cartagena',
  options: { version: 'jamaica' },
  locale: 'en',
  timeLimitMs: null,
};

/** A game of `gameId` (its first variant) that anne opened in guild `g`, bert joined and anne started: the game as it stands. */
export async function startedByAnne(service: GameService, gameId: string): Promise<LoadedGame> {
  const lobby = await service.openLobby({ ...LOBBY_REQUEST, hostId: 'anne', hostName: 'Anne', gameId, options: {} });
  if (!lobby.ok) throw new Error(lobby.refusal);
  await service.join(lobby.value.id, 'bert', 'Bert');
  const started = await service.start(lobby.value.id, 'anne');
  if (!started.ok) throw new Error(started.refusal);
  return started.value;
}
