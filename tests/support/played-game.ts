/**
 * A game played through the service with random legal moves, for tests of what is shown of a
 * game's history (the log, replays): some moves taken back again where the game allows it, some
 * made by the bot for a player whose time ran out.
 */
import { testStore } from './test-store.js';
import { nextUint32, seedRng } from '../../src/engine/index.js';
import { games, type GameId } from '../../src/games/index.js';
import { GameService, type LoadedGame } from '../../src/service/game-service.js';

const HOUR = 3_600_000;

export interface PlayedGame {
  service: GameService;
  game: LoadedGame;
  /** How many moves were taken back. */
  undos: number;
}

/**
 * Plays `gameId` with `players` people until it is over or has `actions` logged actions: every
 * 50th step the bot moves for the player whose time ran out, and about one undoable move in three
 * is taken back at once. `service` plays it in a database of its own unless given (then without
 * timeouts: the clock is the given service's); `place` is the server and channel it is played in.
 */
export async function playedGame(
  gameId: GameId,
  options: {
    actions?: number;
    players?: number;
    variant?: unknown;
    seed?: string;
    service?: GameService;
    place?: { guildId: string; channelId: string };
    stopBefore?: (game: LoadedGame) => boolean;
  } = {},
): Promise<PlayedGame> {
  let now = 1_000_000;
  let n = 0;
  const service = options.service ?? new GameService(await testStore(), games, () => `${options.seed ?? 'played'}-${++n}`, { now: () => now });
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    ...options.place,
    hostId: 'u0',
    hostName: 'Anne',
    gameId,
    options: options.variant ?? {},
    locale: 'en',
    timeLimitMs: HOUR,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  const names = ['Marc', 'Saskia', 'Joost', 'Femke'];
  for (let i = 1; i < (options.players ?? 2); i++) await service.join(lobby.value.id, `u${i}`, names[i - 1] as string);
  const started = await service.start(lobby.value.id, 'u0');
  if (!started.ok) throw new Error(started.refusal);
  let game: LoadedGame = started.value;
  const rng = seedRng(options.seed ?? 'played');
  let undos = 0;
  const limit = options.actions ?? Number.MAX_SAFE_INTEGER;
  while (game.row.version < limit && game.row.status === 'running' && !options.stopBefore?.(game)) {
    // Only on a clock of its own: time runs out for a player when the test moves it on.
    if (!options.service && game.row.version % 50 === 25) {
      now += 2 * HOUR;
      const expired = await service.expire(game.row.id, 'auto-move');
      if (!expired.ok) throw new Error(expired.refusal);
      game = expired.value.game;
      continue;
    }
    const seat = game.def.toAct(game.state)[0] as number;
    const user = game.seats[seat]?.userId as string;
    const legal = game.def.legalActions(game.state, seat);
    const outcome = await service.act(game.row.id, user, game.row.version, nextUint32(rng) % legal.length);
    if (!outcome.ok) throw new Error(outcome.refusal);
    game = outcome.value.game;
    const undoable = await service.undoableMove(game, seat);
    if (undoable !== null && nextUint32(rng) % 3 === 0) {
      const undone = await service.undo(game.row.id, user, undoable);
      if (!undone.ok) throw new Error(undone.refusal);
      game = undone.value.game;
      undos++;
    }
  }
  return { service, game: (await service.load(game.row.id)) as LoadedGame, undos };
}
