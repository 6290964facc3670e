import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { botVersion, startFields } from './start-line.js';

describe('the start line', () => {
  it('carries the version in package.json as it is now', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(botVersion()).toBe(version);
    expect(startFields({}).version).toBe(version);
  });

  it('carries every setting in force but the token, and no password in the API address', () => {
    const config = loadConfig(
      {
        DISCORD_TOKEN: 'MTIz.secret-token-value',
        DISCORD_API_BASE: 'http://user:hunter2@127.0.0.1:8080/api',
        DISCORD_REST_PROXY: 'http://bot:proxy-pw@rest-proxy:8080',
        HEALTH_PORT: '9464',
      },
      '/nonexistent/.env',
    );
    const fields = startFields(config);
    expect(fields).toMatchObject({ node: process.version, pid: process.pid });
    expect(fields.settings).toMatchObject({
      HEALTH_PORT: 9464,
      HEALTH_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHARD_COUNT: 1,
      DISCORD_API_BASE: 'http://127.0.0.1:8080/api',
      DISCORD_REST_PROXY: 'http://rest-proxy:8080/api',
    });
    expect(Object.keys(fields.settings as object)).not.toContain('DISCORD_TOKEN');
    expect(JSON.stringify(fields)).not.toMatch(/secret-token-value|hunter2|proxy-pw/);
  });

  it('names a PostgreSQL database as user@host:port/database, never with its password', () => {
    const config = loadConfig(
      { DISCORD_TOKEN: 'x', DATABASE_URL: 'postgres://harbour:Pg-hunter2@db.example.org:5432/tabletop?sslmode=require' },
      '/nonexistent/.env',
    );
    const fields = startFields(config);
    expect(fields.settings).toMatchObject({ DATABASE_URL: 'harbour@db.example.org:5432/tabletop', DATABASE_POOL_SIZE: 10 });
    expect(fields.store).toBe('PostgreSQL harbour@db.example.org:5432/tabletop');
    expect(JSON.stringify(fields)).not.toContain('Pg-hunter2');
  });

  it('names the SQLite file when no DATABASE_URL is set', () => {
    const config = loadConfig({ DISCORD_TOKEN: 'x', DATABASE_PATH: '/srv/harbour/games.sqlite' }, '/nonexistent/.env');
    expect(startFields(config).store).toBe('SQLite /srv/harbour/games.sqlite');
  });
});
