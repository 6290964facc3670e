/**
 * A three-player beginner Halunken game opened and started through the service and played on to
 * the first round's secret choice of movement cards, where all three choose at once: for the tests
 * of clicks made on earlier panels (src/service/earlier-clicks.test.ts, src/discord/earlier-clicks.test.ts).
 */
import { expect } from 'vitest';
import { games } from '../../src/games/index.js';
import { GameService, type LoadedGame } from '../../src/service/game-service.js';
import { testStore } from './test-store.js';

/** The players, in their seats' order: anne hosts. */
export const CHOOSERS = ['anne', 'bart', 'cees'];

export async function choosingGame(): Promise<{ svc: GameService; game: LoadedGame }> {
  let n = 0;
  const svc = new GameService(await testStore(), games, () => `clicks-${++n}`);
  const lobby = await svc.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: 'anne',
    hostName: 'Anne',
    gameId: 'halunken',
    options: { variant: 'beginner' },
    locale: 'en',
    timeLimitMs: null,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const user of CHOOSERS.slice(1)) expect((await svc.join(lobby.value.id, user, user)).ok).toBe(true);
  const started = await svc.start(lobby.value.id, 'anne');
  if (!started.ok) throw new Error(started.refusal);
  let game = started.value;
  while (game.def.toAct(game.state).length < CHOOSERS.length) {
    const seat = game.def.toAct(game.state)[0] as number;
    const moved = await svc.act(game.row.id, CHOOSERS[seat] as string, game.row.version, 0);
    if (!moved.ok) throw new Error(moved.refusal);
    game = moved.value.game;
  }
  return { svc, game };
}
