import { describe, expect, it } from 'vitest';
import type { LoadedGame } from '../service/game-service.js';
import { nimGame } from '../../tests/support/nim/game.js';
import type { NimAction, NimState } from '../../tests/support/nim/rules.js';
import { postRound, roundOf, viewerRound, type RoundEntry } from './board-round.js';

const def = nimGame.rules;
const SEED = 'round';
const OPTIONS = { pile: 'long' };

/** A three-seat game of the tests' own Nim after `moves` moves, seat 0 a person and the others bots; posted up to `lastPostedSeq`. */
function gameAfter(moves: number, lastPostedSeq: number): { game: LoadedGame; log: RoundEntry[] } {
  let state = def.setup({ seats: 3, seed: SEED, options: def.options.parse(OPTIONS) });
  const log: RoundEntry[] = [];
  for (let seq = 1; seq <= moves; seq++) {
    const seat = def.toAct(state)[0] as number;
    const action = def.legalActions(state, seat)[0] as NimAction;
    state = def.apply(state, seat, action);
    log.push({ seq, seat, action });
  }
  const row = { id: 1, status: 'running', version: moves, lastPostedSeq, seed: SEED, options: OPTIONS, rulesVersion: def.rulesVersion };
  const seats = [0, 1, 2].map((seat) => ({ seat, botLevel: seat === 0 ? null : 'hard' }));
  return { game: { row, seats, def, state } as unknown as LoadedGame, log };
}

describe('the round a board post covers', () => {
  it("goes back to the mentioned player's last move, and hands the board each other turn's view but the last", () => {
    // Each turn is two moves: seat 0 moved at 7 and 8, the bots at 9-10 and 11-12. The post after 12 goes to seat 0 again.
    const { game, log } = gameAfter(12, 10);
    expect(def.toAct(game.state as NimState)).toEqual([0]);
    const round = roundOf(game, log, [0]);
    expect(round.fromSeq).toBe(8);
    expect(round.earlier.map((turn) => turn.seat)).toEqual([1]);
    expect(round.earlier[0]?.view).toEqual(def.view(gameAfter(10, 8).game.state as NimState, null));
  });

  it('covers the post alone when its moves go back further, or nobody is asked to move', async () => {
    const { game, log } = gameAfter(12, 6);
    expect(roundOf(game, log, [0]).fromSeq).toBe(6);
    expect(roundOf(game, log, []).fromSeq).toBe(6);
    // A bot to move: the log is not even read.
    const bots = gameAfter(10, 8).game;
    expect(await postRound(bots, { loggedActions: () => Promise.reject(new Error('read')) })).toEqual({ fromSeq: 8, earlier: [] });
    // A game whose posts gather the round themselves: its own moves only.
    expect(await postRound(game, { loggedActions: () => Promise.reject(new Error('read')) }, { postsRound: false })).toEqual({ fromSeq: 6, earlier: [] });
  });

  it('leaves out moves taken back and those after the version posted', () => {
    const { game, log } = gameAfter(12, 10);
    // The bot's turn at 9-10 taken back (as if): seat 2's turn follows seat 0's at once.
    const taken = log.map((entry) => (entry.seq === 9 || entry.seq === 10 ? { ...entry, undone: true } : entry));
    expect(roundOf(game, [...taken, { seq: 13, seat: 0, action: log[0]?.action }], [0]).earlier).toEqual([]);
  });

  it("on /game board, marks for a player the turns since his own last move, whatever was posted; a spectator sees the last turn's marks only", async () => {
    // Posted up to 12 already: a post would mark nothing more, the player who looks still missed the bots' turns.
    const { game, log } = gameAfter(12, 12);
    const reads = { loggedActions: () => Promise.resolve(log) };
    expect((await viewerRound(game, 0, reads)).map((turn) => turn.seat)).toEqual([1]);
    expect(await viewerRound(game, undefined, { loggedActions: () => Promise.reject(new Error('read')) })).toEqual([]);
    expect(await viewerRound(game, 0, reads, { postsRound: false })).toEqual([]);
  });

  it("by steps, for a game whose views tell only their last move's events: every move of the round but the last, the last turn's own too", async () => {
    const { game, log } = gameAfter(12, 10);
    const round = roundOf(game, log, [0], 10, true);
    expect(round.fromSeq).toBe(8);
    expect(round.earlier.map((turn) => turn.seat)).toEqual([1, 1, 2]);
    expect(round.earlier[2]?.view).toEqual(def.view(gameAfter(11, 8).game.state as NimState, null));
    // The presenter asks for it; the post's round follows.
    expect((await postRound(game, { loggedActions: () => Promise.resolve(log) }, { roundBySteps: true })).earlier).toHaveLength(3);
  });
});
