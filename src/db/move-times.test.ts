/**
 * The time per move kept in each person's record, as /profile shows it: his own moves only, each
 * timed from the move before it in the game, counted when the game finishes (the finishing move
 * too, logged in the same write), and for the games finished before the upgrade that brought it
 * (migrations/0014). src/db/finish-records.test.ts checks the rest against the triggers of old.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { eq } from 'drizzle-orm';
import { openDatabase } from './connection.js';
import type { Dialect } from './dialect.js';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import type { ActionOrigin } from './schema.js';
import { Storage } from './storage.js';
import { NO_WAIT } from './wait-timing.js';
import { testLobby } from '../../tests/support/store-fixtures.js';

/** Migrations 0000 to 0013: the schema before the time per move. */
const BEFORE_MOVE_TIMES = 14;

/** [seat, origin, at, action]: a move of a game's log; `undone` when taken back later. */
type Move = { seat: number; at: number; origin?: string; action?: unknown; undone?: boolean };

/** Plays `moves` through the store on its clock, the last one finishing the game (the first seat wins); an undo takes back the move before it. */
async function playThrough(store: Storage, clock: { at: number }, users: string[], moves: Move[]): Promise<void> {
  const lobby = await store.createLobby(testLobby({ hostId: users[0] as string, gameId: 'a-game' }));
  for (const user of users.slice(1)) await store.join(lobby.id, user, user, 5, user.startsWith('bot') ? 'hard' : null);
  await store.start(lobby.id, {}, NO_WAIT);
  for (const [version, m] of moves.entries()) {
    clock.at = m.at;
    const undo = (m.action as { $?: string } | undefined)?.$ === 'undo';
    const last = version === moves.length - 1;
    await store.commitAction(lobby.id, version, {
      seat: m.seat,
      action: m.action ?? { move: version },
      publicEvents: [],
      nextState: {},
      wait: NO_WAIT,
      origin: (m.origin ?? 'player') as ActionOrigin,
      ...(undo ? { undoes: version } : {}),
      ...(last ? { result: { scores: [0, 0], ranking: [[0], [1]] } } : {}),
    });
  }
}

function running(sqlite: Database.Database, users: string[]): number {
  const { lastInsertRowid } = sqlite
    .prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES ('g', 'c', ?, 'a-game', '{}', 's', 1, 'running', 0, 0)`,
    )
    .run(users[0]);
  const id = Number(lastInsertRowid);
  users.forEach((user, seat) =>
    sqlite
      .prepare('INSERT INTO seats (game_id, seat, user_id, display_name, bot_level) VALUES (?, ?, ?, ?, ?)')
      .run(id, seat, user, user, user.startsWith('bot') ? 'hard' : null),
  );
  return id;
}

function log(sqlite: Database.Database, id: number, moves: Move[], from = 1): void {
  const insert = sqlite.prepare(
    `INSERT INTO actions (game_id, seq, seat, action, public_events, origin, undone, created_at) VALUES (?, ?, ?, ?, '[]', ?, ?, ?)`,
  );
  moves.forEach((m, i) => insert.run(id, from + i, m.seat, JSON.stringify(m.action ?? { move: i }), m.origin ?? 'player', m.undone ? 1 : 0, m.at));
}

const finish = (sqlite: Database.Database, id: number) =>
  sqlite.prepare(`UPDATE games SET status = 'finished', result = '{"scores":[0,0],"ranking":[[0],[1]]}', finished_at = 99000 WHERE id = ?`).run(id);

/** A person's moves and their time, as the store keeps them (one game, one server here). */
async function pace({ db, t }: Dialect, user: string) {
  const [row] = await db.select({ moves: t.playerRecords.moves, ms: t.playerRecords.moveMs }).from(t.playerRecords).where(eq(t.playerRecords.userId, user));
  return row;
}

const paceOf = (sqlite: Database.Database, user: string) =>
  sqlite.prepare(`SELECT moves, move_ms AS ms FROM player_records WHERE user_id = ?`).get(user) as { moves: number; ms: number } | undefined;

// Anne (seat 0) against Bob (seat 1): the first move has none before it; Bob's undone move, his
// undo, the bot's move for Anne after her time ran out and Bob's resignation are not his or her own
// timed moves, but each is the move before the next one.
const GAME: Move[] = [
  { seat: 0, at: 1_000 },
  { seat: 1, at: 4_000 }, // Bob 3 s
  { seat: 0, at: 10_000 }, // Anne 6 s
  { seat: 1, at: 11_000, undone: true },
  { seat: 1, at: 12_000, action: { $: 'undo' } },
  { seat: 1, at: 20_000 }, // Bob 8 s
  { seat: 0, at: 50_000, origin: 'timeout' },
  { seat: 1, at: 51_000 }, // Bob 1 s
];
const LAST: Move = { seat: 0, at: 60_000 }; // Anne 9 s

describe("time per move in the players' records", () => {
  it("counts each person's own moves from the move before them, the finishing move too", async () => {
    const clock = { at: 0 };
    const store = await testStore(() => clock.at);
    const h = handleOf(store);
    await playThrough(store, clock, ['anne', 'bob'], [...GAME.slice(0, -1)]);
    expect(await pace(h, 'anne')).toEqual({ moves: 1, ms: 6_000 });
    await playThrough(store, clock, ['anne', 'bob'], [...GAME, LAST]);
    expect(await pace(h, 'anne')).toEqual({ moves: 1 + 2, ms: 6_000 + 6_000 + 9_000 });
    expect(await pace(h, 'bob')).toEqual({ moves: 2 + 3, ms: 3_000 + 8_000 + 3_000 + 8_000 + 1_000 });
  });

  it("a resignation that ends the game and a bot's moves count for nobody", async () => {
    const clock = { at: 0 };
    const store = await testStore(() => clock.at);
    await playThrough(
      store,
      clock,
      ['anne', 'bot-1'],
      [
        { seat: 0, at: 0 },
        { seat: 1, at: 500, origin: 'bot' },
        { seat: 0, at: 2_500 },
        { seat: 0, at: 9_000, action: { $: 'resign' } },
      ],
    );
    expect(await pace(handleOf(store), 'anne')).toEqual({ moves: 1, ms: 2_000 });
    expect(await pace(handleOf(store), 'bot-1')).toBeUndefined();
  });

  // An upgrade of an older SQLite file (migrations/0014).
  it.skipIf(onPostgres)('times the games finished before the upgrade', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-move-times-')), 'games.sqlite');
    olderDatabase(path, BEFORE_MOVE_TIMES, (sqlite) => {
      const id = running(sqlite, ['anne', 'bob']);
      log(sqlite, id, [...GAME, LAST]);
      finish(sqlite, id);
      const other = running(sqlite, ['bob', 'anne']);
      log(sqlite, other, [
        { seat: 0, at: 0 },
        { seat: 1, at: 7_000 },
      ]);
      finish(sqlite, other);
    });
    const sqlite = openDatabase(path).$client;
    expect(paceOf(sqlite, 'anne')).toEqual({ moves: 3, ms: 15_000 + 7_000 });
    expect(paceOf(sqlite, 'bob')).toEqual({ moves: 3, ms: 12_000 });
  });
});
