import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('explains each invalid setting', () => {
    const bad = () => loadConfig({ DISCORD_TOKEN: 'x', LOG_LEVEL: 'loud', DISCORD_DEV_GUILD_ID: 'abc' });
    expect(bad).toThrow(/LOG_LEVEL must be one of/);
    expect(bad).toThrow(/DISCORD_DEV_GUILD_ID must be a numeric server id/);
    expect(() => loadConfig({ DISCORD_TOKEN: 'x', SCHEDULER_INTERVAL_MS: 'often' })).toThrow(/SCHEDULER_INTERVAL_MS must be a number of milliseconds/);
  });
});
