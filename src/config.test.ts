import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadRestoreConfig, restApi, storeChoice } from './config.js';

describe('configuration', () => {
  it('names the missing token and where to get it', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_TOKEN: '' })).toThrow(/DISCORD_TOKEN is not set.*developers\/applications/s);
  });

  it('fills in the defaults', () => {
    const config = loadConfig({ DISCORD_TOKEN: 'x' });
    expect(config.DATABASE_PATH).toBe('./data/games.sqlite');
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.DISCORD_API_BASE).toBeUndefined();
    expect(config.SCHEDULER_INTERVAL_MS).toBe(30_000);
    expect(loadConfig({ DISCORD_TOKEN: 'x', SCHEDULER_INTERVAL_MS: '200' }).SCHEDULER_INTERVAL_MS).toBe(200);
  });

  it('backs up daily into data/backups and keeps seven, unless told otherwise', () => {
    const config = loadConfig({ DISCORD_TOKEN: 'x' });
    expect(config.BACKUP_INTERVAL_HOURS).toBe(24);
    expect(config.BACKUP_DIR).toBe('./data/backups');
    expect(config.BACKUP_KEEP).toBe(7);
    const custom = loadConfig({ DISCORD_TOKEN: 'x', BACKUP_INTERVAL_HOURS: '0.001', BACKUP_DIR: '/backups', BACKUP_KEEP: '1' });
    expect([custom.BACKUP_INTERVAL_HOURS, custom.BACKUP_DIR, custom.BACKUP_KEEP]).toEqual([0.001, '/backups', 1]);
    expect(loadConfig({ DISCORD_TOKEN: 'x', BACKUP_INTERVAL_HOURS: '0' }).BACKUP_INTERVAL_HOURS).toBe(0);
    // Backups follow the database unless placed elsewhere.
    expect(loadConfig({ DISCORD_TOKEN: 'x', DATABASE_PATH: '/tmp/e2e-1/games.sqlite' }).BACKUP_DIR).toBe('/tmp/e2e-1/backups');
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', BACKUP_INTERVAL_HOURS: '-1' })).toThrow(
      /BACKUP_INTERVAL_HOURS must be the number of hours.*0 turns backups off/,
    );
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be .* at least 1/);
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', BACKUP_KEEP: '2.5' })).toThrow(/BACKUP_KEEP/);
  });

  it('runs one shard unless told a number of shards or auto; refuses anything else', () => {
    expect(loadConfig({ DISCORD_TOKEN: 'x' }).SHARD_COUNT).toBe(1);
    expect(loadConfig({ DISCORD_TOKEN: 'x', SHARD_COUNT: '4' }).SHARD_COUNT).toBe(4);
    expect(loadConfig({ DISCORD_TOKEN: 'x', SHARD_COUNT: 'auto' }).SHARD_COUNT).toBe('auto');
    for (const bad of ['0', '-2', '1.5', 'many', '5000'])
      expect(() => loadConfig({ DISCORD_TOKEN: 'x', SHARD_COUNT: bad }), bad).toThrow(/SHARD_COUNT must be a number of shards/);
  });

  it("runs this host's SHARD_IDS of SHARD_COUNT, each mistake told in one sentence", () => {
    const pg = { DISCORD_TOKEN: 'x', DATABASE_URL: 'postgres://bot:pw@db:5432/harbour' };
    expect(loadConfig({ ...pg, SHARD_COUNT: '8', SHARD_IDS: '0-3' }).SHARD_IDS).toEqual([0, 1, 2, 3]);
    expect(loadConfig({ ...pg, SHARD_COUNT: '8', SHARD_IDS: ' 6, 4-5,4 ' }).SHARD_IDS).toEqual([4, 5, 6]);
    expect(loadConfig({ ...pg, SHARD_COUNT: 'auto', SHARD_IDS: '40-41' }).SHARD_IDS).toEqual([40, 41]);
    expect(loadConfig({ DISCORD_TOKEN: 'x' }).SHARD_IDS).toBeUndefined();
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ ...pg, SHARD_COUNT: '4', SHARD_IDS: '2-5' })).toBe('SHARD_IDS names shard 4, 5, but SHARD_COUNT is 4: the shards are numbered 0 to 3.');
    expect(refusal({ ...pg, SHARD_COUNT: '4', SHARD_IDS: '3-1' })).toBe('SHARD_IDS has the empty range 3-1: write the lower number first, such as 1-3.');
    expect(refusal({ ...pg, SHARD_COUNT: '4', SHARD_IDS: 'all' })).toBe(
      'SHARD_IDS must list shard numbers and ranges, such as 0-3 or 4,5 or 0-1,6; "all" is not one.',
    );
    expect(refusal({ ...pg, SHARD_COUNT: '4', SHARD_IDS: '1,,2' })).toMatch(/^SHARD_IDS must list shard numbers and ranges.*"" is not one\.$/);
    expect(refusal({ ...pg, SHARD_IDS: '0-1' })).toBe(
      'SHARD_IDS needs SHARD_COUNT, the number of shards over every host (or auto for the number Discord recommends).',
    );
    // SQLite is one machine's: all of the shards or none of this setting.
    expect(refusal({ DISCORD_TOKEN: 'x', SHARD_COUNT: '4', SHARD_IDS: '0-1' })).toBe(
      "SHARD_IDS gives this host 2 of the 4 shards, but the SQLite file is one machine's: run every shard here (leave SHARD_IDS out), or give every host DATABASE_URL to share a PostgreSQL database.",
    );
    expect(loadConfig({ DISCORD_TOKEN: 'x', SHARD_COUNT: '2', SHARD_IDS: '0-1' }).SHARD_IDS).toEqual([0, 1]);
  });

  it('keeps the games in the SQLite file unless DATABASE_URL names a PostgreSQL database, which wins', () => {
    const sqlite = loadConfig({ DISCORD_TOKEN: 'x', DATABASE_PATH: '/data/games.sqlite' });
    expect(storeChoice(sqlite)).toEqual({ kind: 'sqlite', path: '/data/games.sqlite' });
    const url = 'postgres://harbour:Secret-Pw-9@db.example.org:5432/tabletop';
    const postgres = loadConfig({ DISCORD_TOKEN: 'x', DATABASE_PATH: '/data/games.sqlite', DATABASE_URL: url });
    expect(storeChoice(postgres)).toEqual({ kind: 'postgres', url, poolSize: 10 });
    expect(storeChoice(loadConfig({ DISCORD_TOKEN: 'x', DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }))).toEqual({ kind: 'postgres', url, poolSize: 25 });
    // Empty, as .env.example leaves it: not set.
    expect(storeChoice(loadConfig({ DISCORD_TOKEN: 'x', DATABASE_URL: '', DATABASE_POOL_SIZE: '' }))).toEqual({ kind: 'sqlite', path: './data/games.sqlite' });
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL address in its own sentence, never repeating it', () => {
    const shape = 'write it as postgres://user:password@host:5432/database (characters such as @ : / # ? in the password percent-encoded, @ as %40).';
    const refusal = (url: string) => {
      try {
        loadConfig({ DISCORD_TOKEN: 'x', DATABASE_URL: url });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).not.toContain('Secret-Pw-9');
        return (error as Error).message;
      }
      throw new Error(`${url} was accepted`);
    };
    expect(refusal('mysql://harbour:Secret-Pw-9@db/tabletop')).toBe(`DATABASE_URL starts with mysql: where postgres:// or postgresql:// is needed; ${shape}`);
    expect(refusal('harbour:Secret-Pw-9@db.example.org')).toBe(`DATABASE_URL starts with harbour: where postgres:// or postgresql:// is needed; ${shape}`);
    expect(refusal('postgres://harbour:Secret-Pw-9@db:5432')).toBe(`DATABASE_URL names no database (the part after the last /); ${shape}`);
    expect(refusal('postgres://harbour:Secret-Pw-9@db:70000/tabletop')).toBe(`DATABASE_URL cannot be read as an address; ${shape}`);
    // With another bad setting, one line each.
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', DATABASE_URL: 'sqlite://x', LOG_LEVEL: 'loud' })).toThrow(
      /^DATABASE_URL starts with sqlite: .*\nLOG_LEVEL must be one of/,
    );
  });

  it('keeps at most DATABASE_POOL_SIZE connections to PostgreSQL: 10 unless told a number from 1 to 100', () => {
    expect(loadConfig({ DISCORD_TOKEN: 'x' }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DISCORD_TOKEN: 'x', DATABASE_POOL_SIZE: '1' }).DATABASE_POOL_SIZE).toBe(1);
    expect(loadConfig({ DISCORD_TOKEN: 'x', DATABASE_POOL_SIZE: '100' }).DATABASE_POOL_SIZE).toBe(100);
    for (const bad of ['0', '101', '2.5', 'many', '-3']) {
      expect(() => loadConfig({ DISCORD_TOKEN: 'x', DATABASE_POOL_SIZE: bad }), bad).toThrow(
        'DATABASE_POOL_SIZE must be how many connections to PostgreSQL the bot may keep open: a whole number from 1 to 100 (default 10).',
      );
    }
  });

  it('restoring needs the database path only, not the token', () => {
    expect(loadRestoreConfig({})).toEqual({ DATABASE_PATH: './data/games.sqlite', BACKUP_DIR: './data/backups' });
    expect(loadRestoreConfig({ DATABASE_PATH: '/app/data/games.sqlite', DISCORD_TOKEN: 'x' }).DATABASE_PATH).toBe('/app/data/games.sqlite');
    expect(() => loadRestoreConfig({ DATABASE_PATH: '', BACKUP_KEEP: 'x' })).not.toThrow();
  });

  it('takes an empty value for "not set", and takes it out of the environment', () => {
    const env: NodeJS.ProcessEnv = { DISCORD_TOKEN: 'x', SHARD_COUNT: '', BACKUP_KEEP: '', DISCORD_API_BASE: '', LOG_LEVEL: '', OTHER: '' };
    const config = loadConfig(env);
    expect(config.SHARD_COUNT).toBe(1);
    expect(config.BACKUP_KEEP).toBe(7);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.DISCORD_API_BASE).toBeUndefined();
    // What discord.js would read as 0 shards is gone; what is not a setting of the bot is left alone.
    expect(env).toEqual({ DISCORD_TOKEN: 'x', OTHER: '' });
  });

  it('explains each invalid setting', () => {
    const bad = () => loadConfig({ DISCORD_TOKEN: 'x', LOG_LEVEL: 'loud', DISCORD_DEV_GUILD_ID: 'abc' });
    expect(bad).toThrow(/LOG_LEVEL must be one of/);
    expect(bad).toThrow(/DISCORD_DEV_GUILD_ID must be a numeric server id/);
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', SCHEDULER_INTERVAL_MS: 'often' })).toThrow(/SCHEDULER_INTERVAL_MS must be a number of milliseconds/);
  });

  it('takes a REST proxy as its address, with /api added where the path is left out, and sends REST there before DISCORD_API_BASE', () => {
    const proxy = (value: string) => loadConfig({ DISCORD_TOKEN: 'x', DISCORD_REST_PROXY: value }).DISCORD_REST_PROXY;
    expect(proxy('http://rest-proxy:8080')).toBe('http://rest-proxy:8080/api');
    expect(proxy('http://rest-proxy:8080/')).toBe('http://rest-proxy:8080/api');
    expect(proxy('https://proxy.example.org/api/')).toBe('https://proxy.example.org/api');
    expect(proxy('https://example.org/discord/api')).toBe('https://example.org/discord/api');
    for (const bad of ['ftp://x', 'http:/x', 'rest-proxy:8080', 'http://rest-proxy:8080/v10', 'http://rest-proxy:8080/api?x=1']) {
      expect(() => proxy(bad), bad).toThrow('DISCORD_REST_PROXY must be the address of the REST proxy');
    }
    expect(loadConfig({ DISCORD_TOKEN: 'x' }).DISCORD_REST_PROXY).toBeUndefined();
    expect(restApi(loadConfig({ DISCORD_TOKEN: 'x' }))).toBeNull();
    expect(restApi(loadConfig({ DISCORD_TOKEN: 'x', DISCORD_API_BASE: 'http://127.0.0.1:9/api' }))).toEqual({
      api: 'http://127.0.0.1:9/api',
      setting: 'DISCORD_API_BASE',
    });
    const both = loadConfig({ DISCORD_TOKEN: 'x', DISCORD_API_BASE: 'http://127.0.0.1:9/api', DISCORD_REST_PROXY: 'http://rest-proxy:8080' });
    expect(restApi(both)).toEqual({ api: 'http://rest-proxy:8080/api', setting: 'DISCORD_REST_PROXY' });
  });

  it('takes another API base only as an http(s) address with a host, and says what it expects', () => {
    for (const good of ['http://127.0.0.1:8080/api', 'https://discord.com/api'])
      expect(loadConfig({ DISCORD_TOKEN: 'x', DISCORD_API_BASE: good }).DISCORD_API_BASE).toBe(good);
    for (const bad of ['ftp://x', 'http:/x', 'http://', 'http:///api', 'localhost:8080/api', 'discord.com']) {
      expect(() => loadConfig({ DISCORD_TOKEN: 'x', DISCORD_API_BASE: bad }), bad).toThrow(
        'DISCORD_API_BASE must be an http:// or https:// address with a host, such as http://127.0.0.1:8080/api',
      );
    }
  });
});
