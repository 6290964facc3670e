/**
 * The time per move kept in each person's record (migrations/0014), as /profile shows it: his own
 * moves only, each timed from the move before it in the game, counted when the game finishes,
 * whichever order a commit writes the finish and its last move in, and for the games finished
 * before the upgrade.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { openDatabase } from './connection.js';
import { knownSchema } from './schema-version.js';

/** [seat, origin, at, action]: a move of a game's log; `undone` when taken back later. */
type Move = { seat: number; at: number; origin?: string; action?: unknown; undone?: boolean };

function running(sqlite: Database.Database, users: string[]): number {
  const { lastInsertRowid } = sqlite
    .prepare(`INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES ('g', 'c', ?, 'a-game', '{}', 's', 1, 'running', 0, 0)`)
    .run(users[0]);
  const id = Number(lastInsertRowid);
  users.forEach((user, seat) => sqlite.prepare('INSERT INTO seats (game_id, seat, user_id, display_name, bot_level) VALUES (?, ?, ?, ?, ?)').run(id, seat, user, user, user.startsWith('bot') ? 'hard' : null));
  return id;
}

function log(sqlite: Database.Database, id: number, moves: Move[], from = 1): void {
  const insert = sqlite.prepare(`INSERT INTO actions (game_id, seq, seat, action, public_events, origin, undone, created_at) VALUES (?, ?, ?, ?, '[]', ?, ?, ?)`);
  moves.forEach((m, i) => insert.run(id, from + i, m.seat, JSON.stringify(m.action ?? { move: i }), m.origin ?? 'player', m.undone ? 1 : 0, m.at));
}

const finish = (sqlite: Database.Database, id: number) =>
  sqlite.prepare(`UPDATE games SET status = 'finished', result = '{"scores":[0,0],"ranking":[[0],[1]]}', finished_at = 99000 WHERE id = ?`).run(id);

const paceOf = (sqlite: Database.Database, user: string) => sqlite.prepare(`SELECT moves, move_ms AS ms FROM player_records WHERE user_id = ?`).get(user) as { moves: number; ms: number } | undefined;

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

describe('time per move in the players\' records', () => {
  it('counts each person\'s own moves from the move before them, the finishing move too, when the store marks the game finished first', () => {
    const sqlite = openDatabase(':memory:').$client;
    const id = running(sqlite, ['anne', 'bob']);
    log(sqlite, id, GAME);
    expect(paceOf(sqlite, 'anne')).toBeUndefined();
    finish(sqlite, id);
    log(sqlite, id, [LAST], GAME.length + 1);
    expect(paceOf(sqlite, 'anne')).toEqual({ moves: 2, ms: 6_000 + 9_000 });
    expect(paceOf(sqlite, 'bob')).toEqual({ moves: 3, ms: 3_000 + 8_000 + 1_000 });
  });

  it('gives the same when the last move is written before the finish, and adds up over games', () => {
    const sqlite = openDatabase(':memory:').$client;
    for (let game = 0; game < 2; game++) {
      const id = running(sqlite, ['anne', 'bob']);
      log(sqlite, id, [...GAME, LAST]);
      finish(sqlite, id);
    }
    expect(paceOf(sqlite, 'anne')).toEqual({ moves: 4, ms: 2 * 15_000 });
    expect(paceOf(sqlite, 'bob')).toEqual({ moves: 6, ms: 2 * 12_000 });
  });

  it('a resignation that ends the game and a bot\'s moves count for nobody', () => {
    const sqlite = openDatabase(':memory:').$client;
    const id = running(sqlite, ['anne', 'bot-1']);
    log(sqlite, id, [{ seat: 0, at: 0 }, { seat: 1, at: 500 }, { seat: 0, at: 2_500 }]);
    finish(sqlite, id);
    log(sqlite, id, [{ seat: 0, at: 9_000, action: { $: 'resign' } }], 4);
    expect(paceOf(sqlite, 'anne')).toEqual({ moves: 1, ms: 2_000 });
    expect(paceOf(sqlite, 'bot-1')).toBeUndefined();
  });

  it('times the games finished before the upgrade', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-move-times-')), 'games.sqlite');
    olderDatabase(path, knownSchema().version - 1, (sqlite) => {
      const id = running(sqlite, ['anne', 'bob']);
      log(sqlite, id, [...GAME, LAST]);
      finish(sqlite, id);
      const other = running(sqlite, ['bob', 'anne']);
      log(sqlite, other, [{ seat: 0, at: 0 }, { seat: 1, at: 7_000 }]);
      finish(sqlite, other);
    });
    const sqlite = openDatabase(path).$client;
    expect(paceOf(sqlite, 'anne')).toEqual({ moves: 3, ms: 15_000 + 7_000 });
    expect(paceOf(sqlite, 'bob')).toEqual({ moves: 3, ms: 12_000 });
  });
});
