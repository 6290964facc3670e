import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.js';
import { isDiskFull } from '../db/disk-full.js';
import { Storage } from '../db/storage.js';
import { games } from '../games/index.js';
import { GameService, type LoadedGame } from './game-service.js';
import { LOBBY_REQUEST } from '../../tests/support/service-fixtures.js';

/** Every row of every table: what a refused change must leave as it was. */
function contents(db: Db): Record<string, unknown[]> {
  const tables = db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, db.$client.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()]));
}

/**
 * The database may not grow by a page, and `lastWrite` ('INSERT ON actions') needs one: SQLite fails
 * that write with SQLITE_FULL, as on a full disk, after the change's earlier writes were made.
 */
function fillUp(db: Db, lastWrite: string): void {
  db.$client.exec(`CREATE TEMP TRIGGER fill AFTER ${lastWrite.replace(' ON ', ' ON main.')} BEGIN INSERT INTO filler VALUES (zeroblob(65536)); END`);
  db.$client.pragma(`max_page_count = ${Number(db.$client.pragma('page_count', { simple: true }))}`);
}

function makeRoom(db: Db): void {
  db.$client.exec('DROP TRIGGER temp.fill');
  db.$client.pragma('max_page_count = 1073741823');
}

/** What players are shown of a game: the stored game and what each seat may undo (from the service's caches). */
async function shown(svc: GameService, id: number) {
  const game = (await svc.load(id)) as LoadedGame;
  // Without when it was read (the moment of its time-off read): the same game read again is the same.
  const { away: _readAt, ...kept } = game;
  return { game: kept, undoable: await Promise.all(game.seats.map((s) => svc.undoableMove(game, s.seat))) };
}

/** A running three-player game in which the player to act may take back his move. */
async function gameWithUndo(svc: GameService): Promise<{ id: number; user: string; undo: number }> {
  const lobby = await svc.openLobby(LOBBY_REQUEST);
  if (!lobby.ok) throw new Error(lobby.refusal);
  const id = lobby.value.id;
  for (const player of ['ann', 'bob']) await svc.join(id, player, player);
  await svc.start(id, 'host');
  const game = (await svc.load(id)) as LoadedGame;
  const seat = game.def.toAct(game.state)[0] as number;
  const user = game.seats[seat]?.userId as string;
  expect((await svc.act(id, user, 0, 0)).ok).toBe(true);
  const undo = await svc.undoableMove((await svc.load(id)) as LoadedGame, seat);
  if (undo === null) throw new Error('the first move can no longer be taken back: pick another position');
  return { id, user, undo };
}

/** A service on a fresh database, and a game to change. */
async function setUp() {
  const db = openDatabase(':memory:');
  // Where fillUp's writes go.
  db.$client.exec('CREATE TABLE filler (bytes BLOB)');
  let n = 0;
  const svc = new GameService(new Storage(db), games, () => `seed-${++n}`);
  return { db, svc, ...(await gameWithUndo(svc)) };
}

describe('a change the disk has no room for', () => {
  // Each kind of change, the last of its writes (where the disk fills up) and how it is set up.
  const cases: [string, string, (svc: GameService, game: Awaited<ReturnType<typeof setUp>>) => Promise<() => Promise<{ ok: boolean }>>][] = [
    ['opening a lobby', 'INSERT ON seats', async (svc) => () => svc.openLobby(LOBBY_REQUEST)],
    [
      'joining a lobby',
      'UPDATE ON games',
      async (svc) => {
        const lobby = await svc.openLobby(LOBBY_REQUEST);
        if (!lobby.ok) throw new Error(lobby.refusal);
        return () => svc.join(lobby.value.id, 'ann', 'Ann');
      },
    ],
    [
      'starting a game',
      'UPDATE ON games',
      async (svc) => {
        const lobby = await svc.openLobby(LOBBY_REQUEST);
        if (!lobby.ok) throw new Error(lobby.refusal);
        await svc.join(lobby.value.id, 'ann', 'Ann');
        return () => svc.start(lobby.value.id, 'host');
      },
    ],
    [
      'a move',
      'INSERT ON actions',
      async (svc, { id }) => {
        const game = (await svc.load(id)) as LoadedGame;
        const user = game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;
        return () => svc.act(id, user, game.row.version, 0);
      },
    ],
    [
      'an undo',
      'INSERT ON actions',
      async (svc, { id, user, undo }) =>
        () =>
          svc.undo(id, user, undo),
    ],
    [
      'resigning',
      'UPDATE ON seats',
      async (svc, { id }) =>
        () =>
          svc.resign(id, 'bob'),
    ],
  ];

  it.each(cases)(
    '%s (full at %s): fails as a full disk, leaves the database and the caches as they were, and is made once there is room',
    async (_, lastWrite, prepare) => {
      const set = await setUp();
      const { db, svc, id } = set;
      const change = await prepare(svc, set);
      const before = contents(db);
      const seen = await shown(svc, id);

      fillUp(db, lastWrite);
      let failure: unknown;
      try {
        await change();
      } catch (error) {
        failure = error;
      }
      expect(isDiskFull(failure), `expected a full disk, got ${String(failure)}`).toBe(true);
      makeRoom(db);
      expect(contents(db)).toEqual(before);
      // The caches answer as a fresh service reading the same file does.
      expect(await shown(svc, id)).toEqual(seen);
      expect(await shown(new GameService(new Storage(db), games), id)).toEqual(seen);

      expect((await change()).ok).toBe(true);
      expect(contents(db)).not.toEqual(before);
    },
  );
});
