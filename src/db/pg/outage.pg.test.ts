/**
 * The database server goes away while the bot runs, and comes back: what was committed stays,
 * what was tried meanwhile fails whole (nothing half written), and the bot goes on by itself once
 * the server is back (the pool opens new connections; nothing to restart). A server of its own,
 * stopped and started again on the same port with the same data.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superviseTestServer, type SupervisedServer } from '../../../tests/support/postgres/global-setup.js';
import { runningGame, toMove } from '../../../tests/support/running-game.js';
import { games } from '../../games/index.js';
import { GameService } from '../../service/game-service.js';
import { storeForTests } from '../../service/test-access.js';
import { GameStore } from '../store.js';
import { openPostgres, type PostgresDatabase } from './connect.js';
import { postgresDialect } from './dialect.js';

let server: SupervisedServer;
let database: PostgresDatabase;
const connectionErrors: Error[] = [];

beforeAll(async () => {
  server = await superviseTestServer();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE outage');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/outage';
  database = await openPostgres(url.toString(), { poolSize: 3, claim: false, connectTimeoutMs: 2_000, onConnectionError: (error) => connectionErrors.push(error) });
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

describe('a database server that goes away and comes back', () => {
  it('keeps what was committed, changes nothing meanwhile, and lets the bot go on once it is back', async () => {
    const service = new GameService(new GameStore(postgresDialect(database.db, database.where)), games, () => 'outage-seed');
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
    expect((await storeForTests(service).actionsOf(before.row.id)).length).toBe(before.row.version);
    const after = await service.act(before.row.id, toMove(before), before.row.version, 0);
    expect(after.ok).toBe(true);
    loaded = await service.load(before.row.id);
    expect(loaded?.row.version).toBe(before.row.version + 1);
    expect(await service.replay(before.row.id)).toEqual(loaded?.state);
    // The cut connections were told of, not left to end the process.
    expect(connectionErrors.length).toBeGreaterThan(0);
  });
});
