/**
 * SHARD_IDS: the shards this host runs, out of SHARD_COUNT over all hosts ("0-3", "4,5",
 * "0-1,6"). Read here once, checked against the count once the count is known (`auto` asks
 * Discord first), each mistake told in one sentence.
 */

/** Parsed ids, ascending, each once; or the sentence saying what is wrong with the text. */
export function parseShardIds(text: string): number[] | string {
  const ids = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const range = /^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/.exec(part);
    if (!range) return `SHARD_IDS must list shard numbers and ranges, such as 0-3 or 4,5 or 0-1,6; "${part.slice(0, 20)}" is not one.`;
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (to < from) return `SHARD_IDS has the empty range ${from}-${to}: write the lower number first, such as ${to}-${from}.`;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The shards this host runs out of `count`: all of them without SHARD_IDS. Throws the one
 * sentence for ids outside the count, and for SQLite given part of the shards (its file is one
 * machine's: the other hosts could not share it).
 */
export function shardsOfHost(ids: readonly number[] | undefined, count: number, store: 'sqlite' | 'postgres'): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (ids === undefined) return all;
  const outside = ids.filter((id) => id >= count);
  if (outside.length > 0) {
    const last = count - 1;
    throw new ShardIdsError(
      `SHARD_IDS names shard ${outside.join(', ')}, but SHARD_COUNT is ${count}: the shards are numbered 0${last > 0 ? ` to ${last}` : ''}.`,
    );
  }
  if (store === 'sqlite' && ids.length < count) {
    throw new ShardIdsError(
      `SHARD_IDS gives this host ${ids.length} of the ${count} shards, but the SQLite file is one machine's: run every shard here (leave SHARD_IDS out), or give every host DATABASE_URL to share a PostgreSQL database.`,
    );
  }
  return [...ids];
}

export class ShardIdsError extends Error {}
