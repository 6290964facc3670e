/**
 * Snowflake ids, shaped like Discord's: milliseconds since the Discord epoch in the upper bits
 * and an increment in the lower bits. discord.js derives `createdTimestamp` from them, so they
 * must encode a sensible time; they are strictly increasing within one process, so sorting ids
 * as BigInts sorts by creation order.
 */

const DISCORD_EPOCH = 1_420_070_400_000n;

let lastMs = 0n;
let increment = 0n;

/** A new unique snowflake for "now". */
export function snowflake(): string {
  let ms = BigInt(Date.now()) - DISCORD_EPOCH;
  if (ms <= lastMs) {
    // Same millisecond (or a clock step back): stay on the last timestamp and count up.
    ms = lastMs;
    increment += 1n;
    if (increment > 0xfffn) {
      ms += 1n;
      increment = 0n;
    }
  } else {
    increment = 0n;
  }
  lastMs = ms;
  return ((ms << 22n) | increment).toString();
}

/** A new unique snowflake whose guild would belong to shard `shardId` of `shardCount`. */
export function snowflakeOnShard(shardId: number, shardCount: number): string {
  if (!(Number.isInteger(shardCount) && shardCount >= 1 && Number.isInteger(shardId) && shardId >= 0 && shardId < shardCount)) {
    throw new Error(`snowflakeOnShard: invalid shard [${shardId}, ${shardCount}]`);
  }
  // Ids only move forward (the increment overflows into the next millisecond every 4096), so this ends.
  for (;;) {
    const id = snowflake();
    if (Number((BigInt(id) >> 22n) % BigInt(shardCount)) === shardId) return id;
  }
}

/** The creation time (ms since the Unix epoch) encoded in a snowflake. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** Compare two snowflakes numerically (for sorting). */
export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
