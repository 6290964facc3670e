import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ShardingManager } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger.js';
import { FATAL_CLOSE_EXIT, fatalClose } from './discord/fatal-close.js';
import { UNKNOWN_FATAL_CLOSE, watchShardExits } from './shard-exits.js';

const folder = mkdtempSync(join(tmpdir(), 'harbour-shard-exits-'));
let managers: ShardingManager[] = [];

afterEach(() => {
  for (const manager of managers) {
    manager.respawn = false;
    for (const shard of manager.shards.values()) if (shard.process) shard.kill();
  }
  managers = [];
});

/**
 * discord.js's own ShardingManager running one shard, a small script in place of the bot, each
 * shard watched as src/shards.ts does. Resolves `fatal` when the set would stop.
 */
async function runShard(name: string, source: string) {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, source);
  const manager = new ShardingManager(file, { totalShards: 1, mode: 'process', respawn: true, token: 'not-used' });
  managers.push(manager);
  const warn = vi.fn();
  const logger = { warn } as unknown as Logger;
  let spawns = 0;
  const fatal = new Promise<{ whatToDo: string; code: number | null }>((resolve) => {
    manager.on('shardCreate', (shard) => {
      shard.on('spawn', () => spawns++);
      watchShardExits(manager, shard, logger, (whatToDo, code) => resolve({ whatToDo, code }));
    });
  });
  await manager.spawn({ amount: 1, timeout: -1 });
  return { manager, fatal, warn, spawns: () => spawns };
}

describe('a shard that exits', () => {
  it('after a close for good: not started again, and the manager is told what to do', async () => {
    const run = await runShard(
      'fatal',
      `process.send(${JSON.stringify({ harbourFatalClose: { code: 4004, whatToDo: fatalClose(4004) } })}, () => process.exit(${FATAL_CLOSE_EXIT}));`,
    );
    expect(await run.fatal).toEqual({ whatToDo: fatalClose(4004), code: 4004 });
    expect(run.manager.respawn).toBe(false);
    // Long enough for discord.js to have started it again, had it decided to.
    await sleep(500);
    expect(run.spawns()).toBe(1);
    expect(run.manager.shards.get(0)?.process).toBeNull();
    expect(run.warn).not.toHaveBeenCalled();
  });

  it('with the exit code but without the close code: still not started again, with a sentence that says where to look', async () => {
    const run = await runShard('fatal-untold', `process.exit(${FATAL_CLOSE_EXIT});`);
    expect(await run.fatal).toEqual({ whatToDo: UNKNOWN_FATAL_CLOSE, code: null });
    await sleep(500);
    expect(run.spawns()).toBe(1);
  });

  it('after an ordinary crash: started again', async () => {
    const marker = join(folder, 'crashed-once');
    const run = await runShard(
      'crash',
      `import { existsSync, writeFileSync } from 'node:fs';
      if (!existsSync(${JSON.stringify(marker)})) { writeFileSync(${JSON.stringify(marker)}, ''); process.exit(1); }
      setInterval(() => undefined, 1000);`,
    );
    const until = Date.now() + 10_000;
    while (run.spawns() < 2 && Date.now() < until) await sleep(50);
    expect(run.spawns()).toBe(2);
    expect(run.manager.respawn).toBe(true);
    expect(run.warn).toHaveBeenCalledWith({ shard: 0, exitCode: 1, signal: null }, 'shard stopped; starting it again');
  });
});
