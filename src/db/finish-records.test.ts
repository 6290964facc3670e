/**
 * The players' records and the seats' `active` flag, kept by the store in TypeScript since
 * migrations/0018, are byte for byte what the SQLite triggers they replace made (migrations/0008,
 * 0010, 0014): the same games are played through the store on a new database and, write for write
 * as the store used to issue them, on a database migrated only up to 0017 (which still has the
 * triggers), and the tables are compared value for value as drizzle reads them; on SQLite also
 * types included (SQLite's `quote`). In the `postgres` project the store's side is PostgreSQL: the
 * rules written once in TypeScript keep the same rows there as the triggers did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { count, getTableColumns, sql, sum } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import type { Dialect } from './dialect.js';
import { Storage } from './storage.js';
import type { ActionOrigin, BotLevel } from './schema.js';
import { NO_WAIT } from './wait-timing.js';
import { sqliteTables } from './dialect.js';
import { playerRecords as sqliteRecords } from './schema.js';
import { playerRecords as pgRecords } from './pg/schema.js';
import { RECORDED_PLACES } from '../engine/index.js';

/** Migrations 0000 to 0017: the last schema with the triggers. */
const WITH_TRIGGERS = 18;

const PEOPLE = ['anne', 'bob', 'carl', 'dora'];
const BOTS = ['bot:1', 'bot:2', 'bot:3'];
const ORIGINS: ActionOrigin[] = ['player', 'timeout', 'bot', 'stand-in', 'left'];
type Mark = 'move' | 'undo' | 'resign' | 'null-mark' | 'nested-mark' | 'scalar';

interface Commit {
  seat: number;
  origin: ActionOrigin;
  mark: Mark;
  /** Time since the previous write (may go back: the first-finished time is a minimum, not the last). */
  dt: number;
}

interface Script {
  guildId: string;
  gameId: string;
  users: string[];
  commits: Commit[];
  end: { kind: 'finish'; last: Commit; ranking: number[][] } | { kind: 'cancel-running' } | { kind: 'cancel-lobby' } | { kind: 'expire' } | { kind: 'running' };
}

const actionOf = (mark: Mark, n: number): unknown =>
  ({ move: { move: n }, undo: { $: 'undo' }, resign: { $: 'resign' }, 'null-mark': { $: null, move: n }, 'nested-mark': { move: { $: 'x' } }, scalar: n })[
    mark
  ];

/** The old database, written as the store wrote before 0018: its triggers do the rest. */
class TriggerDatabase {
  constructor(readonly sqlite: Database.Database) {}

  open(s: Script, at: number): number {
    const id = Number(
      this.sqlite
        .prepare(
          `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, locale, seed, rules_version, status, created_at, updated_at, lobby_expires_at) VALUES (?, 'c', ?, ?, '{}', 'en', 's', 1, 'lobby', ?, ?, ?)`,
        )
        .run(s.guildId, s.users[0], s.gameId, at, at, at).lastInsertRowid,
    );
    s.users.forEach((u, seat) =>
      this.sqlite.prepare('INSERT INTO seats (game_id, seat, user_id, display_name, bot_level) VALUES (?, ?, ?, ?, ?)').run(id, seat, u, u, botLevel(u)),
    );
    return id;
  }

  start(id: number, at: number): void {
    this.sqlite
      .prepare(
        `UPDATE games SET status = 'running', state = '{}', version = 0, last_posted_seq = -1, updated_at = ?, lobby_expires_at = NULL WHERE id = ? AND status = 'lobby'`,
      )
      .run(at, id);
  }

  commit(id: number, version: number, c: { seat: number; origin: ActionOrigin; action: unknown; undoes?: number; result?: unknown }, at: number): void {
    const next = version + 1;
    if (c.result === undefined)
      this.sqlite.prepare(`UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'running'`).run(next, at, id, version);
    else
      this.sqlite
        .prepare(
          `UPDATE games SET version = ?, updated_at = ?, status = 'finished', result = ?, finished_at = ? WHERE id = ? AND version = ? AND status = 'running'`,
        )
        .run(next, at, JSON.stringify(c.result), at, id, version);
    if (c.undoes !== undefined) this.sqlite.prepare('UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ? AND undone = 0').run(id, c.undoes);
    this.sqlite
      .prepare(`INSERT INTO actions (game_id, seq, seat, action, public_events, origin, undoable, created_at) VALUES (?, ?, ?, ?, '[]', ?, 0, ?)`)
      .run(id, next, c.seat, JSON.stringify(c.action), c.origin, at);
  }

  cancel(id: number, at: number, from: 'lobby' | 'running'): void {
    this.sqlite.prepare(`UPDATE games SET status = 'cancelled', updated_at = ?, finished_at = ? WHERE id = ? AND status = ?`).run(at, at, id, from);
  }
}

const botLevel = (user: string): BotLevel | null => (user.startsWith('bot:') ? 'hard' : null);

/** Plays one script on both databases, write for write. */
async function play(s: Script, store: Storage, old: TriggerDatabase, clock: { at: number }): Promise<void> {
  const tick = (dt: number) => (clock.at += dt);
  tick(1000);
  const lobby = await store.createLobby({
    guildId: s.guildId,
    channelId: 'c',
    hostId: s.users[0] as string,
    hostName: s.users[0] as string,
    gameId: s.gameId,
    options: {},
    locale: 'en',
    seed: 's',
    rulesVersion: 1,
    timeLimitMs: null,
    lobbyExpiresAt: clock.at,
  });
  for (const u of s.users.slice(1)) await store.join(lobby.id, u, u, 5, botLevel(u));
  expect(old.open(s, clock.at)).toBe(lobby.id);
  const id = lobby.id;
  if (s.end.kind === 'cancel-lobby' || s.end.kind === 'expire') {
    tick(500);
    expect(s.end.kind === 'expire' ? await store.lobbies.expire(id, clock.at) : await store.cancel(id)).toBe(true);
    old.cancel(id, clock.at, 'lobby');
    return;
  }
  tick(500);
  await store.start(id, {}, NO_WAIT);
  old.start(id, clock.at);
  const inForce: number[] = [];
  let version = 0;
  const commit = async (c: Commit, result?: unknown) => {
    tick(c.dt);
    const seat = c.seat % s.users.length;
    // An undo takes back the latest action still in force, when there is one.
    const undoes = c.mark === 'undo' ? inForce.pop() : undefined;
    const action = actionOf(c.mark, version);
    await store.commitAction(id, version, {
      seat,
      action,
      publicEvents: [],
      nextState: {},
      wait: NO_WAIT,
      origin: c.origin,
      ...(undoes === undefined ? {} : { undoes }),
      ...(result === undefined ? {} : { result }),
    });
    old.commit(id, version, { seat, origin: c.origin, action, undoes, result }, clock.at);
    version++;
    if (c.mark !== 'undo') inForce.push(version);
  };
  for (const c of s.commits) await commit(c);
  if (s.end.kind === 'finish') await commit(s.end.last, { scores: s.users.map(() => 0), ranking: s.end.ranking });
  if (s.end.kind === 'cancel-running') {
    tick(500);
    expect(await store.cancel(id)).toBe(true);
    old.cancel(id, clock.at, 'running');
  }
}

/** A table's rows in key order, every value as SQLite's literal of it (so 1 and 1.0 differ). */
function dump(sqlite: Database.Database, table: string, order: string, only?: string[]): string[] {
  const columns = only ?? (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
  return (
    sqlite.prepare(`SELECT ${columns.map((c) => `quote(${c})`).join(` || '|' || `)} AS row FROM ${table} ORDER BY ${order}`).all() as { row: string }[]
  ).map((r) => r.row);
}

/** The store on a new database of the run's kind (SQLite or PostgreSQL), and the old SQLite file with the triggers. */
async function databases() {
  const folder = mkdtempSync(join(tmpdir(), 'harbour-finish-records-'));
  olderDatabase(join(folder, 'old.sqlite'), WITH_TRIGGERS);
  const oldSqlite = new Database(join(folder, 'old.sqlite'));
  const triggers = oldSqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
  expect(triggers).toEqual([{ name: 'actions_finishing_move_time' }, { name: 'games_closed_seats' }, { name: 'games_finished_records' }]);
  const clock = { at: 1_000_000 };
  const store = await testStore(() => clock.at);
  const h = handleOf(store);
  const newTriggers = onPostgres ? sql`SELECT trigger_name FROM information_schema.triggers` : sql`SELECT name FROM sqlite_master WHERE type = 'trigger'`;
  expect(await h.rows(newTriggers)).toEqual([]);
  return { folder, store, h, old: new TriggerDatabase(oldSqlite), clock };
}

/**
 * A table's rows in key order as drizzle reads them on `h` (the old file read through the
 * SQLite tables): the columns the old file has, each as its JS value, so the two stores compare alike.
 */
async function rowsOf(
  { db, t }: Pick<Dialect, 'db' | 't'>,
  table: 'playerRecords' | 'seats' | 'actions',
  names: string[],
  order: string[],
): Promise<unknown[]> {
  const columns: SQLiteColumn[] = Object.values(getTableColumns(t[table]));
  const byName = (name: string) => columns.find((c) => c.name === name) as SQLiteColumn;
  const picked = Object.fromEntries(names.map((name) => [name, byName(name)]));
  return db
    .select(picked)
    .from(t[table])
    .orderBy(...order.map(byName));
}

/** The old file through drizzle, as the store reads its own. */
const oldHandle = (old: Database.Database) => ({ db: drizzle(old) as unknown as Dialect['db'], t: sqliteTables });

async function expectSameTables(h: Dialect, old: Database.Database): Promise<void> {
  const columnsOf = (table: string) => (old.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
  const logged = ['game_id', 'seq', 'seat', 'action', 'origin', 'undone', 'created_at'];
  const compared = [
    ['playerRecords', columnsOf('player_records'), ['guild_id', 'game_id', 'user_id']],
    ['seats', columnsOf('seats'), ['game_id', 'seat']],
    ['actions', logged, ['game_id', 'seq']],
  ] as const;
  for (const [table, names, order] of compared)
    expect(await rowsOf(h, table, [...names], [...order]), table).toEqual(await rowsOf(oldHandle(old), table, [...names], [...order]));
  if (onPostgres) return;
  // On SQLite, also as SQLite's literals: the same types (1 and 1.0 differ).
  const newer = (h.db as unknown as { $client: Database.Database }).$client;
  expect(dump(newer, 'player_records', 'guild_id, game_id, user_id')).toEqual(dump(old, 'player_records', 'guild_id, game_id, user_id'));
  expect(dump(newer, 'seats', 'game_id, seat')).toEqual(dump(old, 'seats', 'game_id, seat'));
  expect(dump(newer, 'actions', 'game_id, seq', logged)).toEqual(dump(old, 'actions', 'game_id, seq', logged));
}

const move = (seat: number, dt: number, origin: ActionOrigin = 'player', mark: Mark = 'move'): Commit => ({ seat, dt, origin, mark });

/** Games of every kind the triggers told apart, by name. */
const KINDS: Record<string, Script> = {
  'a normal game, ties in the ranking': {
    guildId: 'g1',
    gameId: 'cartagena',
    users: ['anne', 'bob', 'carl'],
    commits: [move(0, 10), move(1, 3000), move(2, 4000), move(0, 6000)],
    end: { kind: 'finish', last: move(1, 9000), ranking: [[1], [0, 2]] },
  },
  'undone moves and the undo itself': {
    guildId: 'g1',
    gameId: 'cartagena',
    users: ['anne', 'bob'],
    commits: [move(0, 10), move(1, 3000), move(1, 1000), move(1, 500, 'player', 'undo'), move(1, 7000)],
    end: { kind: 'finish', last: move(0, 2000), ranking: [[0], [1]] },
  },
  'a resignation that finishes the game': {
    guildId: 'g1',
    gameId: 'halunken',
    users: ['anne', 'bob'],
    commits: [move(0, 10), move(1, 3000)],
    end: { kind: 'finish', last: move(0, 4000, 'player', 'resign'), ranking: [[1], [0]] },
  },
  'bots at the table, a bot finishing': {
    guildId: 'g1',
    gameId: 'cartagena',
    users: ['anne', 'bot:1', 'bob', 'bot:2'],
    commits: [move(0, 10), move(1, 100, 'bot'), move(2, 5000), move(3, 100, 'bot')],
    end: { kind: 'finish', last: move(1, 200, 'bot'), ranking: [[0], [1], [3], [2]] },
  },
  'stand-ins and timeouts, the finishing move a timeout': {
    guildId: 'g2',
    gameId: 'cartagena',
    users: ['anne', 'bob', 'carl'],
    commits: [move(0, 10), move(1, 60000, 'stand-in'), move(2, 3000), move(0, 90000, 'timeout'), move(1, 2000)],
    end: { kind: 'finish', last: move(2, 80000, 'timeout'), ranking: [[2], [1], [0]] },
  },
  'a player who left the server taken out': {
    guildId: 'g2',
    gameId: 'halunken',
    users: ['anne', 'bob', 'carl'],
    commits: [move(0, 10), move(1, 3000, 'left', 'resign'), move(2, 2000)],
    end: { kind: 'finish', last: move(0, 5000), ranking: [[0], [2], [1]] },
  },
  'the finishing move of a seat the ranking leaves out': {
    guildId: 'g1',
    gameId: 'cartagena',
    users: ['bob', 'anne'],
    commits: [move(0, 10), move(1, 4000)],
    end: { kind: 'finish', last: move(1, 6000), ranking: [[0], [7]] },
  },
  'a first move that finishes': {
    guildId: 'g3',
    gameId: 'nim',
    users: ['dora', 'carl'],
    commits: [],
    end: { kind: 'finish', last: move(0, 10), ranking: [[0, 1]] },
  },
  'a "$" of null counts as a move, a nested one does not hide it': {
    guildId: 'g3',
    gameId: 'nim',
    users: ['dora', 'carl'],
    commits: [move(0, 10), move(1, 100, 'player', 'null-mark'), move(0, 200, 'player', 'nested-mark'), move(1, 300, 'player', 'scalar')],
    end: { kind: 'finish', last: move(0, 400, 'player', 'null-mark'), ranking: [[1], [0]] },
  },
  'a game finished earlier by the clock than the record began': {
    guildId: 'g1',
    gameId: 'cartagena',
    users: ['anne', 'bob'],
    commits: [move(0, -500_000)],
    end: { kind: 'finish', last: move(1, 10), ranking: [[0], [1]] },
  },
  'a game cancelled while running': { guildId: 'g1', gameId: 'cartagena', users: ['anne', 'bob'], commits: [move(0, 10)], end: { kind: 'cancel-running' } },
  'a lobby cancelled': { guildId: 'g1', gameId: 'cartagena', users: ['anne', 'bot:1'], commits: [], end: { kind: 'cancel-lobby' } },
  'a lobby that expired': { guildId: 'g1', gameId: 'cartagena', users: ['carl'], commits: [], end: { kind: 'expire' } },
  'a game still running': { guildId: 'g1', gameId: 'cartagena', users: ['anne', 'dora'], commits: [move(0, 10)], end: { kind: 'running' } },
};

const commitArb = fc.record({
  seat: fc.nat({ max: 4 }),
  origin: fc.constantFrom(...ORIGINS),
  mark: fc.constantFrom<Mark>('move', 'move', 'move', 'undo', 'resign', 'null-mark', 'nested-mark', 'scalar'),
  dt: fc.integer({ min: -20_000, max: 200_000 }),
});

/** Any seats (people and bots, at most five), any log, any ranking of the seats (some left out, ties, a seat that does not exist). */
const scriptArb: fc.Arbitrary<Script> = fc
  .record({
    guildId: fc.constantFrom('g1', 'g2'),
    gameId: fc.constantFrom('cartagena', 'halunken'),
    users: fc.shuffledSubarray([...PEOPLE, ...BOTS], { minLength: 1, maxLength: 5 }),
    commits: fc.array(commitArb, { maxLength: 14 }),
    last: commitArb,
    order: fc.array(fc.nat({ max: 5 }), { maxLength: 6 }),
    cuts: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    end: fc.constantFrom('finish', 'finish', 'finish', 'finish', 'cancel-running', 'cancel-lobby', 'expire', 'running'),
  })
  .map(({ guildId, gameId, users: drawn, commits, last, order, cuts, end }): Script => {
    // The host is a person (a lobby is opened by one).
    const host = drawn.find((u) => !u.startsWith('bot:')) ?? 'anne';
    const users = [host, ...drawn.filter((u) => u !== host)].slice(0, 5);
    const ranking: number[][] = [];
    order.forEach((seat, i) => {
      if (i === 0 || cuts[i]) ranking.push([seat]);
      else ranking[ranking.length - 1]?.push(seat);
    });
    if (end === 'finish') return { guildId, gameId, users, commits, end: { kind: 'finish', last, ranking } };
    return { guildId, gameId, users, commits, end: { kind: end } };
  });

// defineGame refuses a game for more players than RECORDED_PLACES: this holds it to the columns.
it('a record counts each place up to RECORDED_PLACES, in both schemas, and no further', () => {
  const expected = Array.from({ length: RECORDED_PLACES }, (_, i) => `place_${i + 1}`);
  for (const table of [sqliteRecords, pgRecords]) {
    const places = Object.values<{ name: string }>(getTableColumns(table))
      .map((c) => c.name)
      .filter((name) => /^place_\d+$/.test(name));
    expect(places).toEqual(expected);
  }
});

describe('the players’ records and open seats, kept by the store as the triggers kept them', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('gives the same rows for games of every kind, one after the other in one server', async () => {
    const { folder, store, h, old, clock } = await databases();
    folders.push(folder);
    const recordNames = (old.sqlite.prepare(`SELECT name FROM pragma_table_info('player_records')`).all() as { name: string }[]).map((c) => c.name);
    const records = (db: Pick<Dialect, 'db' | 't'>) => rowsOf(db, 'playerRecords', recordNames, ['guild_id', 'game_id', 'user_id']);
    for (const [kind, script] of Object.entries(KINDS)) {
      await play(script, store, old, clock);
      expect(await records(h), kind).toEqual(await records(oldHandle(old.sqlite)));
    }
    await expectSameTables(h, old.sqlite);
    // The kinds did reach the records: a record per person and game, moves timed, bots counted.
    const { playerRecords: r, seats } = h.t;
    const [totals] = await h.db.select({ n: count(), moves: sum(r.moves), bots: sum(r.botPlayed) }).from(r);
    expect(totals?.n).toBeGreaterThanOrEqual(10);
    expect(Number(totals?.moves)).toBeGreaterThan(10);
    expect(Number(totals?.bots)).toBeGreaterThan(0);
    expect(
      await h.db
        .select({ n: count() })
        .from(seats)
        .where(sql`${seats.active}`),
    ).toEqual([{ n: 2 }]);
    old.sqlite.close();
  });

  it('gives the same rows for any games: any seats, log, origins, undos, marks, times and ranking', async () => {
    const { folder, store, h, old, clock } = await databases();
    folders.push(folder);
    await fc.assert(
      fc.asyncProperty(fc.array(scriptArb, { minLength: 1, maxLength: 6 }), async (scripts) => {
        for (const script of scripts) await play(script, store, old, clock);
        await expectSameTables(h, old.sqlite);
      }),
      { numRuns: 60 },
    );
    expect((await h.db.select({ n: count() }).from(h.t.playerRecords))[0]?.n).toBeGreaterThan(10);
    old.sqlite.close();
  });
});
