/**
 * A running Cartagena (Jamaica) game opened and started through the service, for the service's
 * tests of what happens around a game (time off, players who left): the first player hosts.
 */
import type { GameService, LoadedGame } from '../../src/service/game-service.js';

export async function runningGame(service: GameService, players: string[], options: { guildId?: string; timeLimitMs: number | null }): Promise<LoadedGame> {
  const host = players[0] as string;
  const lobby = await service.openLobby({
    guildId: options.guildId ?? 'g',
    channelId: 'c',
    hostId: host,
    hostName: 'host',
    gameId: 'cartagena',
    options: { version: 'jamaica' },
    locale: 'en',
    timeLimitMs: options.timeLimitMs,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const p of players.slice(1)) await service.join(lobby.value.id, p, p);
  const started = await service.start(lobby.value.id, host);
  if (!started.ok) throw new Error(started.refusal);
  return started.value;
}

/** The player the game waits for (the first, where several act at once). */
export const toMove = (game: LoadedGame): string => game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;
