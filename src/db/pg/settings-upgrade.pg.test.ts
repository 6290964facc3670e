import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/postgres/database.js';
import { expectedGuilds, expectedMembers, oldGuildRows, oldUserRows } from '../../../tests/support/settings-before-documents.js';
import { RatingStore } from '../rating-store.js';
import { SettingsStore } from '../settings-store.js';
import { pgSchema } from './connect.js';
import { postgresDialect } from './dialect.js';
import { migratePostgres, pgMigrationsFolder } from './migrate.js';

// PostgreSQL migration 0003 moves each setting's column into its owner's JSON document: nobody
// loses a setting. (SQLite's 0020: ../settings-upgrade.test.ts.)

/** The migrations as the version before them had them: the first `count`. */
function firstMigrations(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'harbour-pg-migrations-'));
  cpSync(pgMigrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

const made: string[] = [];
const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.end()));
  await Promise.all(made.splice(0).map(dropTestDatabase));
});

describe('upgrading the settings to one document per owner (PostgreSQL)', () => {
  it('reads every server and member setting as it was before', async () => {
    const url = await createTestDatabase();
    made.push(url);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    await migrate(drizzle({ client: pool }), { migrationsFolder: firstMigrations(3) });
    for (const row of oldGuildRows) {
      await pool.query(
        `INSERT INTO guild_settings (guild_id, default_time_limit_ms, deadline_policy, allowed_channels, use_threads, absent_level, max_open_lobbies, lobby_expiry_ms, away_days_max, shared_ratings, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.guild_id,
          row.default_time_limit_ms,
          row.deadline_policy,
          JSON.stringify(row.allowed_channels),
          row.use_threads,
          row.absent_level,
          row.max_open_lobbies,
          row.lobby_expiry_ms,
          row.away_days_max,
          row.shared_ratings,
          row.updated_at,
        ],
      );
    }
    for (const row of oldUserRows) {
      await pool.query('INSERT INTO user_settings (user_id, dm_reminders, pings, ping_away_minutes) VALUES ($1, $2, $3, $4)', [
        row.user_id,
        row.dm_reminders,
        row.pings,
        row.ping_away_minutes,
      ]);
    }
    await migratePostgres(pool);
    const h = postgresDialect(drizzle({ client: pool, schema: pgSchema }), 'test database');
    const settings = new SettingsStore(h);
    for (const [guildId, expected] of Object.entries(expectedGuilds)) expect(await settings.guild(guildId), guildId).toEqual(expected);
    for (const [userId, expected] of Object.entries(expectedMembers)) expect(await settings.member(userId), userId).toEqual(expected);
    const ratings = new RatingStore(h);
    expect([await ratings.sharesRatings('changed'), await ratings.sharesRatings('defaults')]).toEqual([true, false]);
    const types = await pool.query(`SELECT jsonb_typeof(settings) AS t FROM guild_settings UNION ALL SELECT jsonb_typeof(settings) FROM user_settings`);
    expect(types.rows).toEqual(Array.from({ length: 4 }, () => ({ t: 'object' })));
  });
});
