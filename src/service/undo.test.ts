import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import type { UndoTrailEntry } from '../db/storage.js';
import { games } from '../games/index.js';
import type { CartagenaAction, CartagenaState } from '../games/cartagena/rules.js';
import type { HalunkenAction, HalunkenState } from '../games/halunken/state.js';
import { GameService, type LoadedGame } from './game-service.js';
import { pendingMoves, undoTarget } from './undo.js';

const entry = (seq: number, seat: number, more: Partial<UndoTrailEntry> = {}): UndoTrailEntry => ({
  seq,
  seat,
  origin: 'player',
  undoable: true,
  undone: false,
  undo: false,
  ...more,
});

describe('which move a player may take back', () => {
  it('his latest move in force, past others’ moves that showed nothing, never past one that did', async () => {
    // Newest first.
    expect(await undoTarget([entry(3, 0), entry(2, 0)], 0)).toBe(3);
    expect(await undoTarget([entry(3, 1), entry(2, 0)], 0)).toBe(2);
    expect(await undoTarget([entry(3, 1, { undoable: false }), entry(2, 0)], 0)).toBeNull();
    expect(await undoTarget([entry(2, 0, { undoable: false })], 0)).toBeNull();
    // An undo and what it took back are passed over; the move before them counts.
    expect(await undoTarget([entry(4, 0, { undo: true, undoable: false }), entry(3, 0, { undone: true }), entry(2, 0)], 0)).toBe(2);
    // A move the bot made for him when his time ran out is not his to take back.
    expect(await undoTarget([entry(2, 0, { origin: 'timeout' })], 0)).toBeNull();
    expect(await undoTarget([], 0)).toBeNull();
  });

  it('every move still pending, newest first: what others are not shown yet', async () => {
    expect(await pendingMoves([entry(4, 1), entry(3, 0, { undone: true }), entry(2, 0), entry(1, 2, { undoable: false }), entry(0, 2)])).toEqual([
      { seq: 4, seat: 1 },
      { seq: 2, seat: 0 },
    ]);
    // A move made for him blocks his older ones, not the others'.
    expect(await pendingMoves([entry(3, 0, { origin: 'timeout' }), entry(2, 1), entry(1, 0)])).toEqual([{ seq: 2, seat: 1 }]);
  });

  it('are read from the log as it comes, newest first, no further than the first move that may not be taken back', async () => {
    let read = 0;
    async function* trail() {
      for (let seq = 1000; seq > 0; seq--) {
        read++;
        yield entry(seq, seq % 2, { undoable: seq !== 998 });
      }
    }
    expect(await pendingMoves(trail())).toEqual([
      { seq: 1000, seat: 0 },
      { seq: 999, seat: 1 },
    ]);
    expect(read).toBe(3);
  });
});

async function service() {
  let n = 0;
  return new GameService(await testStore(), games, () => `undo-${++n}`);
}

async function started(svc: GameService, gameId: string, options: unknown, players: string[]): Promise<LoadedGame> {
  const lobby = await svc.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: players[0] as string,
    hostName: 'p0',
    gameId,
    options,
    locale: 'en',
    timeLimitMs: null,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const p of players.slice(1)) await svc.join(lobby.value.id, p, p);
  const game = await svc.start(lobby.value.id, players[0] as string);
  if (!game.ok) throw new Error(game.refusal);
  return game.value;
}

/** Plays `pick(legal)` for `user`; returns the game after it. */
async function play<A>(svc: GameService, game: LoadedGame, user: string, pick: (legal: A[]) => A | undefined): Promise<LoadedGame> {
  const seat = svc.seatOf(game, user) as number;
  const legal = game.def.legalActions(game.state, seat) as A[];
  const action = pick(legal);
  if (action === undefined) throw new Error('no such action');
  const outcome = await svc.act(game.row.id, user, game.row.version, legal.indexOf(action));
  if (!outcome.ok) throw new Error(outcome.refusal);
  return outcome.value.game;
}

const replayed = (svc: GameService, game: LoadedGame) => svc.replay(game.row.id);

describe('undo in Cartagena', () => {
  it('takes back cards played forward, one by one, while the turn lasts; replay agrees; only the moves in force remain', async () => {
    const svc = await service();
    let game = await started(svc, 'cartagena', { version: 'jamaica' }, ['ann', 'bob']);
    const first = game.seats[(game.state as CartagenaState).current]?.userId as string;
    const before = game.state;
    expect(await svc.undoableMove(game, 0)).toBeNull();
    game = await play<CartagenaAction>(svc, game, first, (legal) => legal.find((a) => a.type === 'forward'));
    const afterOne = game.state;
    game = await play<CartagenaAction>(svc, game, first, (legal) => legal.find((a) => a.type === 'forward'));
    const seat = svc.seatOf(game, first) as number;
    expect(await svc.undoableMove(game, seat)).not.toBeNull();
    // The other player has nothing to take back.
    expect(await svc.undoableMove(game, 1 - seat)).toBeNull();
    expect(await svc.undo(game.row.id, game.seats[1 - seat]?.userId as string, game.row.version)).toEqual({ ok: false, refusal: 'nothing-to-undo' });
    let undone = await svc.undo(game.row.id, first, (await svc.undoableMove(game, seat)) as number);
    if (!undone.ok) throw new Error(undone.refusal);
    expect(undone.value.game.state).toEqual(afterOne);
    expect(undone.value.events).toEqual([]);
    // The first card's turn now: an Undo of the second one, shown earlier, no longer fits.
    expect(await svc.undo(game.row.id, first, game.row.version)).toEqual({ ok: false, refusal: 'stale' });
    undone = await svc.undo(game.row.id, first, (await svc.undoableMove(undone.value.game, seat)) as number);
    if (!undone.ok) throw new Error(undone.refusal);
    game = undone.value.game;
    expect(game.state).toEqual(before);
    expect(await replayed(svc, game)).toEqual(game.state);
    expect(await svc.undoableMove(game, seat)).toBeNull();
    // Now a real turn: one card forward, then the turn ends; nothing can be taken back after.
    game = await play<CartagenaAction>(svc, game, first, (legal) => legal.find((a) => a.type === 'forward'));
    const played = (game.state as CartagenaState).events[0];
    game = await play<CartagenaAction>(svc, game, first, (legal) => legal.find((a) => a.type === 'end'));
    expect(await svc.undoableMove(game, seat)).toBeNull();
    expect(await replayed(svc, game)).toEqual(game.state);
    // The log holds two card plays taken back; the public log of the turn shows one.
    const inForce = (await svc.loggedActions(game.row.id)).filter((a) => !a.undone && (a.action as { $?: string }).$ !== 'undo');
    expect(await svc.loggedActions(game.row.id)).toHaveLength(6);
    expect(inForce.map((a) => (a.action as CartagenaAction).type)).toEqual(['forward', 'end']);
    expect(inForce[0]?.publicEvents).toContainEqual(played);
  });

  it('a move back drew cards: it stands', async () => {
    const svc = await service();
    let game = await started(svc, 'cartagena', { version: 'jamaica' }, ['ann', 'bob']);
    const userToAct = () => game.seats[(game.state as CartagenaState).current]?.userId as string;
    // Turns of one card forward until someone may begin his turn with a move back.
    for (
      let turn = 0;
      !(game.def.legalActions(game.state, (game.state as CartagenaState).current) as CartagenaAction[]).some((a) => a.type === 'back');
      turn++
    ) {
      if (turn > 20) throw new Error('nobody could move back');
      game = await play<CartagenaAction>(svc, game, userToAct(), (legal) => legal.find((a) => a.type === 'forward'));
      game = await play<CartagenaAction>(svc, game, userToAct(), (legal) => legal.find((a) => a.type === 'end'));
    }
    const user = userToAct();
    game = await play<CartagenaAction>(svc, game, user, (legal) => legal.find((a) => a.type === 'back'));
    // Still his turn, yet the cards he drew stay drawn.
    expect(game.seats[(game.state as CartagenaState).current]?.userId).toBe(user);
    expect(await svc.undoableMove(game, svc.seatOf(game, user) as number)).toBeNull();
    expect(await svc.undo(game.row.id, user, game.row.version)).toEqual({ ok: false, refusal: 'nothing-to-undo' });
  });
});

describe('a changed secret choice in Halunken & Spelunken', () => {
  /** Plays the first legal action of whoever must act until the players choose their cards. */
  async function toChoosing(svc: GameService, game: LoadedGame): Promise<LoadedGame> {
    let current = game;
    while ((current.state as HalunkenState).phase.name !== 'choose') {
      const seat = current.def.toAct(current.state)[0] as number;
      current = await play<HalunkenAction>(svc, current, current.seats[seat]?.userId as string, (legal) => legal.find((a) => a.type === 'pass') ?? legal[0]);
    }
    return current;
  }

  it('may be changed until the last player has chosen, whatever the others chose meanwhile', async () => {
    const svc = await service();
    let game = await toChoosing(svc, await started(svc, 'halunken', { variant: 'beginner' }, ['ann', 'bob', 'cees']));
    game = await play<HalunkenAction>(svc, game, 'ann', (legal) => legal[0]);
    game = await play<HalunkenAction>(svc, game, 'bob', (legal) => legal[0]);
    expect(await svc.undoableMove(game, 0)).not.toBeNull();
    expect(await svc.undoableMove(game, 1)).not.toBeNull();
    expect(await svc.undoableMove(game, 2)).toBeNull();
    const undone = await svc.undo(game.row.id, 'ann', (await svc.undoableMove(game, 0)) as number);
    if (!undone.ok) throw new Error(undone.refusal);
    game = undone.value.game;
    const state = game.state as HalunkenState;
    expect(state.choices[0]).toBeNull();
    expect(state.choices[1]).not.toBeNull();
    expect(game.def.toAct(state)).toEqual([0, 2]);
    // Ann chooses another card; when Cees chooses last, the cards are shown and stand.
    game = await play<HalunkenAction>(svc, game, 'ann', (legal) => legal[legal.length - 1]);
    game = await play<HalunkenAction>(svc, game, 'cees', (legal) => legal[0]);
    expect((game.state as HalunkenState).events.some((e) => e.type === 'revealed')).toBe(true);
    for (const seat of [0, 1, 2]) expect(await svc.undoableMove(game, seat)).toBeNull();
    expect(await replayed(svc, game)).toEqual(game.state);
  });
});
