import { describe, expect, it } from 'vitest';
import { shardOfProcess } from './shards.js';

describe('the shard of a process', () => {
  it('is the one the sharding manager started it as', () => {
    expect(shardOfProcess({ SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '3' })).toEqual({ id: 1, count: 3 });
    expect(shardOfProcess({ SHARDING_MANAGER: 'true', SHARDS: '[2]', SHARD_COUNT: '3' })).toEqual({ id: 2, count: 3 });
  });

  it('is none when started by hand, so the process serves every guild or starts the manager', () => {
    expect(shardOfProcess({})).toBeNull();
    expect(shardOfProcess({ SHARDS: '1', SHARD_COUNT: '3' })).toBeNull();
  });

  it('an impossible shard falls back to all guilds rather than to none', () => {
    expect(shardOfProcess({ SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '3' })).toEqual({ id: 0, count: 1 });
  });
});
