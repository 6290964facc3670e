import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/connection.js';
import { DatabaseLock } from './db/lock.js';
import { Storage } from './db/storage.js';
import { rebuildRatingsOf } from './ratings-rebuild.js';

/** A stopped bot's database with one finished game whose ratings were lost. */
function database(): { DATABASE_PATH: string; BACKUP_DIR: string } {
  const dir = mkdtempSync(join(tmpdir(), 'harbour-rebuild-'));
  const path = join(dir, 'games.sqlite');
  const db = openDatabase(path);
  const sqlite = db.$client;
  const { lastInsertRowid: id } = sqlite
    .prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES ('g', 'c', 'ann', 'cartagena', '{}', 's', 1, 'running', 0, 0)`,
    )
    .run();
  for (const [seat, user] of ['ann', 'bob'].entries())
    sqlite.prepare('INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)').run(id, seat, user, user);
  sqlite.prepare(`UPDATE games SET status = 'finished', result = '{"scores":[1,0],"ranking":[[0],[1]]}', finished_at = 5 WHERE id = ?`).run(id);
  sqlite.close();
  return { DATABASE_PATH: path, BACKUP_DIR: join(dir, 'backups') };
}

describe('npm run ratings:rebuild', () => {
  it('rates every finished game again, and refuses while a bot runs on the database', async () => {
    const config = database();
    const held = DatabaseLock.tryAcquire(config.DATABASE_PATH);
    expect(await rebuildRatingsOf(config)).toMatchObject({ ok: false, message: expect.stringMatching(/^The bot is running on .*stop it first/) });
    held?.release();
    expect(await rebuildRatingsOf(config)).toMatchObject({ ok: true, message: expect.stringMatching(/^Ratings rebuilt from 1 finished game in \d+\.\d s/) });
    const db = openDatabase(config.DATABASE_PATH);
    const store = new Storage(db);
    const ann = await store.ratings.of('g', 'cartagena', 'ann');
    expect(ann?.played).toBe(1);
    expect(ann?.ordinal).toBeGreaterThan((await store.ratings.of('g', 'cartagena', 'bob'))?.ordinal as number);
    db.$client.close();
  });
});
