/**
 * The database server goes away while the bot runs, and comes back: what was committed stays,
 * what was tried meanwhile fails whole (nothing half written), and the bot goes on by itself once
 * the server is back (the pool opens new connections; nothing to restart). A server of its own,
 * stopped and started again on the same port with the same data.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superviseTestServer, type SupervisedServer } from '../../../tests/support/postgres/global-setup.js';
import { runningGame, toMove } from '../../../tests/support/running-game.js';
import { games } from '../../games/index.js';
import { GameService } from '../../service/game-service.js';
import { storeForTests } from '../../service/test-access.js';
import { isCommitUnknown, isUnreachable } from '../busy.js';
import { Storage } from '../storage.js';
import { openPostgres, type PostgresDatabase } from './connect.js';
import { postgresDialect } from './dialect.js';

let server: SupervisedServer;
let database: PostgresDatabase;
let databaseUrl: string;
const connectionErrors: Error[] = [];

beforeAll(async () => {
  server = await superviseTestServer();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE outage');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/outage';
  databaseUrl = url.toString();
  database = await openPostgres(databaseUrl, { poolSize: 3, connectTimeoutMs: 2_000, onConnectionError: (error) => connectionErrors.push(error) });
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('a database server that goes away and comes back', () => {
  it('keeps what was committed, changes nothing meanwhile, and lets the bot go on once it is back', async () => {
    const service = new GameService(new Storage(postgresDialect(database.db, database.where)), games, () => 'outage-seed');
    const game = await runningGame(service, ['ann', 'bob'], { timeLimitMs: null });
    const first = await service.act(game.row.id, toMove(game), game.row.version, 0);
    if (!first.ok) throw new Error(first.refusal);
    const before = first.value.game;

    await server.pause();
    await expect(service.act(before.row.id, toMove(before), before.row.version, 0)).rejects.toThrow();
    await expect(service.load(before.row.id)).rejects.toThrow();

    await server.resume();
    // The pool's connections were cut: the first calls after may still meet one; then it goes on.
    let loaded = await service.load(before.row.id).catch(() => service.load(before.row.id));
    expect(loaded?.row.version).toBe(before.row.version);
    expect(loaded?.state).toEqual(before.state);
    expect((await storeForTests(service).log.actionsOf(before.row.id)).length).toBe(before.row.version);
    const after = await service.act(before.row.id, toMove(before), before.row.version, 0);
    expect(after.ok).toBe(true);
    loaded = await service.load(before.row.id);
    expect(loaded?.row.version).toBe(before.row.version + 1);
    expect(await service.replay(before.row.id)).toEqual(loaded?.state);
    // The cut connections were told of, not left to end the process.
    expect(connectionErrors.length).toBeGreaterThan(0);
  });

  it('tells a write cut while its commit was on the way as unknown, and one cut before as unreachable', async () => {
    const dialect = postgresDialect(database.db, database.where);
    const service = new GameService(new Storage(dialect), games, () => 'cut-seed');
    const game = await runningGame(service, ['cas', 'dirk'], { timeLimitMs: null });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const cutBackend = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // A move is one statement that commits by itself: cut while it waits for the game's row.
      await admin.query('BEGIN');
      await admin.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [game.row.id]);
      const moving = service.act(game.row.id, toMove(game), game.row.version, 0).then(
        () => null,
        (error: unknown) => error,
      );
      let waiting: number | undefined;
      for (let i = 0; i < 100 && waiting === undefined; i++) {
        const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((done) => setTimeout(done, 10));
      }
      expect(waiting).toBeDefined();
      await cutBackend(waiting as number);
      const moved = await moving;
      await admin.query('ROLLBACK');
      expect(isCommitUnknown(moved)).toBe(true);
      expect(isUnreachable(moved)).toBe(true);

      // A transaction whose work is done when its connection is cut: its COMMIT met the cut.
      const atCommit = await dialect
        .transaction(async (tx) => {
          const [row] = await tx.rows<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
          await cutBackend(row?.pid as number);
        })
        .catch((error: unknown) => error);
      expect(isCommitUnknown(atCommit)).toBe(true);
      // Cut while its work still ran: rolled back for sure, so only unreachable.
      const inWork = await dialect
        .transaction(async (tx) => {
          const [row] = await tx.rows<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
          await cutBackend(row?.pid as number);
          await tx.rows(sql`SELECT 1`);
        })
        .catch((error: unknown) => error);
      expect(isUnreachable(inWork)).toBe(true);
      expect(isCommitUnknown(inWork)).toBe(false);
      // The game was not moved, and moves on.
      const after = await service.act(game.row.id, toMove(game), game.row.version, 0).catch(() => service.act(game.row.id, toMove(game), game.row.version, 0));
      expect(after.ok).toBe(true);
    } finally {
      await admin.end();
    }
  });
});
