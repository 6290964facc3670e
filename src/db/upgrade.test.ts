import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError, openDatabase, type Upgrade } from './connection.js';
import { knownSchema, schemaOf } from './schema-version.js';
import { olderDatabaseWithGames } from '../../tests/support/older-database.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'harbour-upgrade-'));

function open(path: string, backupDir: string): { upgrades: Upgrade[]; close(): void } {
  const upgrades: Upgrade[] = [];
  const db = openDatabase(path, { upgradeBackupDir: backupDir, onUpgrade: (u) => upgrades.push(u) });
  return { upgrades, close: () => db.$client.close() };
}

describe('upgrading the database', () => {
  const known = knownSchema().version;

  it('copies a database with games before migrations change it, named by the schema it had', () => {
    const dir = tempDir();
    const path = join(dir, 'data', 'games.sqlite');
    const backups = join(dir, 'data', 'backups');
    olderDatabaseWithGames(path, known - 2, 5);
    const first = open(path, backups);
    first.close();
    expect(first.upgrades).toHaveLength(1);
    const { from, to, backup } = first.upgrades[0] as Upgrade;
    expect([from, to]).toEqual([known - 2, known]);
    expect(backup).toMatch(new RegExp(`/data/backups/games-schema-${known - 2}-before-upgrade-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.sqlite$`));
    // The copy is the database as it was: the old schema, every game, and nothing beside it.
    const copy = new Database(backup as string, { readonly: true });
    expect(schemaOf(copy).version).toBe(known - 2);
    expect(copy.prepare('SELECT count(*) AS n FROM games').get()).toEqual({ n: 5 });
    copy.close();
    expect(readdirSync(backups)).toEqual([backup?.split('/').at(-1)]);
    // Up to date now: the next start neither migrates nor copies.
    const second = open(path, backups);
    second.close();
    expect(second.upgrades).toEqual([]);
    expect(readdirSync(backups)).toHaveLength(1);
  });

  it('makes no copy of a database without games, or of a new one', () => {
    const dir = tempDir();
    const backups = join(dir, 'backups');
    olderDatabaseWithGames(join(dir, 'empty.sqlite'), known - 1, 0);
    const empty = open(join(dir, 'empty.sqlite'), backups);
    empty.close();
    expect(empty.upgrades).toEqual([{ from: known - 1, to: known, backup: null }]);
    const fresh = open(join(dir, 'new.sqlite'), backups);
    fresh.close();
    expect(fresh.upgrades).toEqual([{ from: 0, to: known, backup: null }]);
    expect(() => readdirSync(backups)).toThrow();
  });

  it('refuses a database from a newer version of the bot, and changes nothing in it', () => {
    const dir = tempDir();
    const path = join(dir, 'games.sqlite');
    open(path, join(dir, 'backups')).close();
    const sqlite = new Database(path);
    sqlite.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from the future', Date.UTC(2030, 0, 1));
    sqlite.close();
    let error: unknown;
    try {
      openDatabase(path, { upgradeBackupDir: join(dir, 'backups') });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DatabaseFileError);
    const { message, fix, restoreHelps } = error as DatabaseFileError;
    expect(message).toBe(
      `the database file ${path} was made by a newer version of the bot (database schema ${known + 1}; this version knows schema ${known} at most)`,
    );
    expect(fix).toBe(
      `run the newer version of the bot, or put back a backup made by this version with npm run restore -- FILE (the copy made before the upgrade is in ${dir}/backups, named games-schema-${known}-before-upgrade-….sqlite)`,
    );
    expect(restoreHelps).toBe(false);
    const after = new Database(path, { readonly: true });
    expect(schemaOf(after).version).toBe(known + 1);
    after.close();
  });

  it('stops before migrating when the copy cannot be written, and says why', () => {
    const dir = tempDir();
    const path = join(dir, 'games.sqlite');
    olderDatabaseWithGames(path, known - 1, 2);
    writeFileSync(join(dir, 'not-a-folder'), '');
    expect(() => openDatabase(path, { upgradeBackupDir: join(dir, 'not-a-folder') })).toThrow(
      new RegExp(
        `^the database file ${path} could not be copied to ${dir}/not-a-folder/games-schema-${known - 1}-before-upgrade-\\S+ before its upgrade to schema ${known} \\((ENOTDIR|EEXIST): `,
      ),
    );
    const sqlite = new Database(path, { readonly: true });
    expect(schemaOf(sqlite).version).toBe(known - 1);
    sqlite.close();
  });
});
