/**
 * What bench/capacity.ts measures against: the local Discord with a server on each of two shards
 * (the bot's commands registered globally, as for a bot in many servers), the store (a SQLite file,
 * or a database on a PostgreSQL server the bench starts itself), and the bot built to dist/ and run
 * by plain Node as deployed, as one host (one process for every shard) or as two hosts on this
 * machine (SHARD_COUNT=2, SHARD_IDS=0 and 1, each a shard manager with its shard's process, on one
 * PostgreSQL database). Also where the machine's CPU goes while it runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeDiscord } from '../../tests/e2e/server/index.js';
import { TWO_SHARD_GUILDS } from '../../tests/e2e/harness.js';
import { shardedDiscord } from '../../tests/e2e/shard-play.js';
import { builtBot, ChildBot } from '../latency/child.js';
import { descendants } from '../memory/bot-readings.js';
import { machineBusy, TICKS_PER_SECOND } from '../post-delay/cpu.js';
import { startBenchPostgres, type BenchPostgres, type StoreKind } from '../two-writers/store.js';

/** Discord's spacing of two IDENTIFYs in one bucket (max_concurrency 1), and a margin. */
const IDENTIFY_SPACING_MS = 5_500;

export interface Setup {
  store: StoreKind;
  hosts: 1 | 2;
}

export interface Environment {
  discord: FakeDiscord;
  hosts: ChildBot[];
  server: BenchPostgres | null;
  /** The channel games are opened in, one per server (so one per shard). */
  channels: string[];
  /** Where the CPU went since the last call (or since the start), as shares of one core. */
  cpu(): CpuReading;
  stop(): Promise<void>;
}

export interface CpuReading {
  /** The bot's processes, shard processes and worker threads included. */
  bot: number;
  /** PostgreSQL's server and its backends (0 on SQLite). */
  database: number;
  /** This process: the local Discord and the simulated people. */
  measuring: number;
  /** Every other program on the machine. */
  others: number | null;
}

/** utime + stime of a process (all its threads), seconds; 0 when it is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of each host's process tree, by pid (a shard process that ended drops out). */
function botSeconds(hosts: ChildBot[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const host of hosts) {
    if (host.pid === undefined) continue;
    for (const pid of [host.pid, ...descendants(host.pid)]) seconds.set(pid, processSeconds(pid));
  }
  return seconds;
}

/** The local Discord, the store and the hosts, started and ready; everything is stopped if a host cannot start. */
export async function startEnvironment(setup: Setup): Promise<Environment> {
  if (setup.store === 'sqlite' && setup.hosts === 2) throw new Error('two hosts need PostgreSQL: the SQLite file is one machine’s');
  const discord = await shardedDiscord({
    botToken: 'bench-capacity.token',
    guilds: TWO_SHARD_GUILDS,
    sharding: { recommendedShards: 2 },
    defaultTimeoutMs: 30_000,
    keepUploadedBytes: false,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'harbour-bench-capacity-'));
  let server: BenchPostgres | null = null;
  const hosts: ChildBot[] = [];
  const stop = async () => {
    await Promise.all(hosts.map((h) => h.stop()));
    await discord.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = setup.store === 'postgres' ? await startBenchPostgres() : null;
    const store: Record<string, string> = server ? { DATABASE_URL: server.url } : { DATABASE_PATH: join(dataDir, 'games.sqlite') };
    // As the Docker image runs it; info: the bot's minute summaries, not a line per click.
    const env = { ...discord.botEnv(), ...store, LOG_LEVEL: 'info', NODE_ENV: 'production' };
    const shards =
      setup.hosts === 2
        ? [
            { SHARD_COUNT: '2', SHARD_IDS: '0' },
            { SHARD_COUNT: '2', SHARD_IDS: '1' },
          ]
        : [{}];
    for (const shard of shards) hosts.push(new ChildBot(builtBot(), { ...env, ...shard }));
    for (const [i, host] of hosts.entries()) {
      // Discord allows one IDENTIFY per 5 s in a bucket, for the whole bot: the next host starts after that.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, IDENTIFY_SPACING_MS));
      host.start();
      const ready: Promise<unknown> =
        setup.hosts === 1
          ? discord.waitForBotReady({ timeoutMs: 60_000 })
          : discord.waitFor(() => discord.shardSessions().some((s) => s.shard[0] === i && s.shard[1] === 2 && s.ready) || null, {
              what: `shard ${i} of 2 ready`,
              timeoutMs: 60_000,
            });
      await host.whileRunning(ready);
    }
    // The start-up catch-up and the first gateway events settle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } catch (error) {
    await stop();
    throw error;
  }
  const channels = ['zero-games', 'one-games'].map((name) => discord.channel(name).id);

  let last = { at: Date.now(), bot: botSeconds(hosts), database: (server?.cpuMs() ?? 0) / 1000, self: selfSeconds(), machine: machineBusy() };
  const cpu = (): CpuReading => {
    const now = { at: Date.now(), bot: botSeconds(hosts), database: (server?.cpuMs() ?? 0) / 1000, self: selfSeconds(), machine: machineBusy() };
    const seconds = (now.at - last.at) / 1000;
    let bot = 0;
    for (const [pid, s] of now.bot) bot += s - (last.bot.get(pid) ?? 0);
    const share = (x: number) => x / seconds;
    const reading: CpuReading = {
      bot: share(bot),
      database: share(now.database - last.database),
      measuring: share(now.self - last.self),
      others:
        now.machine !== null && last.machine !== null
          ? Math.max(0, share(now.machine - last.machine - bot - (now.database - last.database) - (now.self - last.self)))
          : null,
    };
    last = now;
    return reading;
  };
  return { discord, hosts, server, channels, cpu, stop };
}

function selfSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
