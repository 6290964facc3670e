/**
 * Undo never takes back anything anyone else saw: for every game, in random play through the
 * service with random undos, a move that may still be taken back, and taking it back, change
 * nothing that another seat or a spectator is shown (their panels, boards, posts and log).
 */
import { describe, expect, it } from 'vitest';
import { onPostgres, testStore } from '../../tests/support/test-store.js';
import fc from 'fast-check';
import { games } from '../games/index.js';
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { GameService, type LoadedGame } from './game-service.js';
import { inForce } from './action-log.js';

const STEPS = 150;

async function started(gameId: string): Promise<{ svc: GameService; id: number; users: string[] }> {
  const svc = new GameService(await testStore(), games, () => `shown-${gameId}`);
  const range = svc.seatRange(svc.definition(gameId) as AnyGameDefinition, {});
  const users = Array.from({ length: Math.min(Math.max(range.min, 3), range.max) }, (_, i) => `p${i}`);
  const lobby = await svc.openLobby({ guildId: 'g', channelId: 'c', hostId: 'p0', hostName: 'p0', gameId, options: {}, locale: 'en', timeLimitMs: null });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const user of users.slice(1)) await svc.join(lobby.value.id, user, user);
  const game = await svc.start(lobby.value.id, 'p0');
  if (!game.ok) throw new Error(game.refusal);
  return { svc, id: lobby.value.id, users };
}

/** What each viewer other than `mover` is shown: his view of the game as shown to him, and the public log's events (posts tell the same). */
async function othersSee(svc: GameService, game: LoadedGame, mover: Seat): Promise<unknown[]> {
  const viewers = [null, ...game.seats.map((s) => s.seat).filter((seat) => seat !== mover)];
  const seen: unknown[] = [];
  for (const viewer of viewers) {
    const shown = await svc.shownTo(game, viewer);
    const log = viewer === null ? await publicLog(svc, shown) : undefined;
    seen.push({ viewer, view: game.def.view(shown.state, viewer), log });
  }
  return seen;
}

/** The events the public log and the posts tell: those of the moves in force up to the shown game's version. */
const publicLog = async (svc: GameService, shown: LoadedGame) =>
  (await svc.loggedActions(shown.row.id)).filter((entry) => entry.seq <= shown.row.version && inForce(entry)).map((entry) => entry.publicEvents);

describe.each(Object.keys(games))('what others are shown of moves that may be taken back: %s', (gameId) => {
  it('a move that may be taken back, and taking it back, change nothing another seat or a spectator is shown', async () => {
    let undoableMoves = 0;
    let undos = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: STEPS, maxLength: STEPS }), async (picks) => {
        const { svc, id, users } = await started(gameId);
        for (const pick of picks) {
          const game = (await svc.load(id)) as LoadedGame;
          if (game.row.status !== 'running') break;
          const toAct = game.def.toAct(game.state);
          // Those who must act, and those who may take a move back (a secret choice made already).
          const movers: Seat[] = [];
          for (const { seat } of game.seats) if (toAct.includes(seat) || (await svc.undoableMove(game, seat)) !== null) movers.push(seat);
          const mover = movers[pick % movers.length] as Seat;
          const user = users[mover] as string;
          const before = await othersSee(svc, game, mover);
          const target = await svc.undoableMove(game, mover);
          // Now and then the mover takes back what he may.
          const undo = target !== null && (pick % 4 === 0 || !toAct.includes(mover));
          const legal = game.def.legalActions(game.state, mover) as unknown[];
          const outcome = undo ? await svc.undo(id, user, target) : await svc.act(id, user, game.row.version, pick % legal.length);
          if (!outcome.ok) throw new Error(outcome.refusal);
          const after = (await svc.load(id)) as LoadedGame;
          const undoable = !undo && (await svc.undoableMove(after, mover)) === outcome.value.seq;
          if (undoable) undoableMoves++;
          if (undo) undos++;
          // An undo, or a move that may itself be taken back: the others see the same as before.
          if (undo || undoable) expect(await othersSee(svc, after, mover)).toEqual(before);
        }
      }),
      // The property is the service's: on PostgreSQL (a round trip per read) the first runs of the same seed show its store answers alike.
      { numRuns: onPostgres ? 2 : 8, seed: 23 },
    );
    // Games with Undo had something to take back in random play; the others have nothing to hide.
    if (games[gameId as keyof typeof games].undoable !== undefined) expect([undoableMoves > 0, undos > 0]).toEqual([true, true]);
  });
});
