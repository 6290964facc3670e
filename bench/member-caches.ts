/**
 * The discord.js client's memory over 100,000 distinct members: a soak of its caches.
 *
 * The bot's client (its cache options, src/discord/client-caches.ts) is fed gateway dispatches as
 * Discord sends them, through discord.js's own packet handler (tests/support/fed-client.ts): each
 * member clicks "Open my panel" once in his game's thread, a game's thread is opened for every
 * four members, and Discord archives each thread a week after it opened. Time is simulated:
 * 20 seconds pass per member (4,320 new members a day, so the 100,000 take 23 days), and the
 * client's thread sweep runs every simulated hour, as its hourly interval would. At every 10,000
 * members the heap is read after two full garbage collections, with the sizes of the caches.
 *
 * The same run is made with the options the bot had before (only messages limited, discord.js's
 * default sweep of threads archived 4 hours), each in a process of its own (node --expose-gc,
 * the bot's 192 MB heap). Nothing is asserted; it is measured. `npx tsx bench/member-caches.ts`
 * runs it alone (about a minute on two cores); `npm run bench` runs it after bench/memory.ts.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { Options } from 'discord.js';
import { clientCacheOptions } from '../src/discord/client-caches.js';
import { fedClient } from '../tests/support/fed-client.js';
import { formatTable } from './table.js';

export const MEMBERS = 100_000;
const CHECKPOINT = 10_000;
const SIM_MS_PER_MEMBER = 20_000;
const PER_GAME = 4;
const HOUR = 3600_000;
const WEEK = 7 * 24 * HOUR;

type Settings = 'before' | 'now';

interface Checkpoint {
  members: number;
  heapMB: number;
  users: number;
  guildMembers: number;
  threads: number;
}

export interface MemberCachesReport {
  runs: Record<Settings, Checkpoint[]>;
  ms: number;
}

const optionsOf = (settings: Settings) =>
  settings === 'now' ? clientCacheOptions() : { makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }) };

/** One run, in this process (started with --expose-gc). */
async function soak(settings: Settings): Promise<Checkpoint[]> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('run with node --expose-gc');
  let now = Date.now();
  // The client, its payloads and its sweep read this clock.
  Date.now = () => now;
  const fed = fedClient(optionsOf(settings));
  const openThreads: { id: string; openedAt: number }[] = [];
  let threadId = '';
  let nextSweep = now + HOUR;
  const read = (members: number): Checkpoint => {
    gc();
    gc();
    return { members, heapMB: process.memoryUsage().heapUsed / 1e6, users: fed.client.users.cache.size, guildMembers: fed.members(), threads: fed.threads() };
  };
  const checkpoints = [read(0)];
  for (let n = 1; n <= MEMBERS; n++) {
    now += SIM_MS_PER_MEMBER;
    if (n % PER_GAME === 1) {
      threadId = (2000000000000000000n + BigInt(n)).toString();
      fed.openThread(threadId, now);
      openThreads.push({ id: threadId, openedAt: now });
    }
    while (openThreads.length > 0 && (openThreads[0]?.openedAt ?? 0) + WEEK <= now) {
      const { id, openedAt } = openThreads.shift() as { id: string; openedAt: number };
      fed.archiveThread(id, openedAt, now);
    }
    fed.click(n, threadId);
    if (now >= nextSweep) {
      fed.sweepThreads();
      nextSweep += HOUR;
    }
    if (n % CHECKPOINT === 0) checkpoints.push(read(n));
  }
  await fed.destroy();
  return checkpoints;
}

/** Runs `settings` in a child process with the bot's heap limit and returns its checkpoints. */
function inChild(settings: Settings): Promise<Checkpoint[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=192', '--import', 'tsx', 'bench/member-caches.ts', '--child', settings], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${settings} run exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() as string) as Checkpoint[]);
    });
  });
}

export async function measureMemberCaches(): Promise<MemberCachesReport> {
  const start = performance.now();
  const before = await inChild('before');
  const now = await inChild('now');
  return { runs: { before, now }, ms: performance.now() - start };
}

/** Heap growth per member between the first checkpoint after the start and the last, in bytes. */
function slope(points: Checkpoint[]): number {
  const first = points[1] as Checkpoint;
  const last = points[points.length - 1] as Checkpoint;
  return ((last.heapMB - first.heapMB) * 1e6) / (last.members - first.members);
}

export function formatMemberCaches(r: MemberCachesReport): string {
  const { before, now } = r.runs;
  const rows = now.map((p, i) => {
    const b = before[i] as Checkpoint;
    return [
      p.members.toLocaleString('en'),
      b.heapMB.toFixed(1),
      `${b.users} / ${b.guildMembers} / ${b.threads}`,
      p.heapMB.toFixed(1),
      `${p.users} / ${p.guildMembers} / ${p.threads}`,
    ];
  });
  const table = formatTable([
    ['distinct members', 'heap before (MB)', 'users / members / threads cached', 'heap now (MB)', 'users / members / threads cached'],
    ...rows,
  ]);
  return [
    `discord.js caches over ${MEMBERS.toLocaleString('en')} distinct members (one click each, a thread per ${PER_GAME}, ${SIM_MS_PER_MEMBER / 1000} s simulated per member; heap after GC)`,
    table,
    `growth per member from ${CHECKPOINT.toLocaleString('en')} on: before ${slope(before).toFixed(0)} bytes, now ${slope(now).toFixed(0)} bytes (${(r.ms / 1000).toFixed(1)} s)`,
  ].join('\n');
}

if (process.argv[2] === '--child') {
  const checkpoints = await soak(process.argv[3] as Settings);
  process.stdout.write(`${JSON.stringify(checkpoints)}\n`);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatMemberCaches(await measureMemberCaches()));
}
