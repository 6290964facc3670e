/**
 * Two hosts on one PostgreSQL database, each with its own pool, take identify slots and count
 * invalid requests through the same rows: the slots of a bucket never come closer than a spacing
 * whichever host takes them, and every host's count adds to one total.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/support/postgres/database.js';
import { BotCounterStore } from './bot-counter-store.js';
import { IdentifyStore } from './identify-store.js';
import { pgSchema } from './pg/connect.js';
import { postgresDialect } from './pg/dialect.js';
import { migratePostgres } from './pg/migrate.js';

const database = useTestDatabase();
const pools: pg.Pool[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) pools.push(new pg.Pool({ connectionString: database.url, max: 4 }));
  await migratePostgres(pools[0] as pg.Pool);
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

const host = (i: number) => postgresDialect(drizzle({ client: pools[i] as pg.Pool, schema: pgSchema }), `host ${i}`);

describe('two hosts on one database', () => {
  it('take the slots of a bucket in turn: each a spacing after the one before, whoever asked', async () => {
    const [a, b] = [new IdentifyStore(host(0)), new IdentifyStore(host(1))];
    const asked = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).takeSlot(7, 1000));
    const waits = (await Promise.all(asked)).sort((x, y) => x - y);
    waits.forEach((wait, i) => expect(Math.abs(wait - i * 1000), waits.join(', ')).toBeLessThanOrEqual(400));
  });

  it('add their invalid requests to one count', async () => {
    const [a, b] = [new BotCounterStore(host(0)), new BotCounterStore(host(1))];
    const hour = 3_600_000;
    await Promise.all([a.add('invalid-requests', 100, hour), b.add('invalid-requests', 100, hour), a.add('invalid-requests', 100, hour)]);
    const [seenByA, seenByB] = await Promise.all([a.read('invalid-requests', hour), b.read('invalid-requests', hour)]);
    expect(seenByA.count + seenByA.previous).toBe(300);
    expect(seenByB).toEqual(expect.objectContaining({ count: seenByA.count, previous: seenByA.previous }));
  });
});
