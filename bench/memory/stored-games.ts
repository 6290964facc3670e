/**
 * Step 1 of bench/memory.ts: the database the measured bot starts on, 9,000 finished Cartagena
 * games stored exactly as the bot stores a game, built by two worker threads in files of their own
 * and copied into one. This module is also what each worker thread runs (`startPartWorker`).
 */
import { NO_WAIT } from '../../src/service/time-limits.js';
import { rmSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/db/connection.js';
import { Storage } from '../../src/db/storage.js';
import { GameService } from '../../src/service/game-service.js';
import { applyLogged, publicEvents } from '../../src/service/action-log.js';
import { games } from '../../src/games/index.js';
import { backTarget, forwardTarget, type CartagenaAction, type CartagenaState } from '../../src/games/cartagena/rules.js';
import { nextUint32, seedRng, type AnyGameDefinition, type RngState } from '../../src/engine/index.js';
import { BUILD_PARTS, FINISHED, HISTORY_DAYS, PLAYERS } from './targets.js';
import { inOneWrite } from '../../tests/support/one-write.js';

export interface Member {
  id: string;
  name: string;
}

export interface PartJob {
  memoryBenchPart: true;
  path: string;
  /** Game ids of this part start here (parts never share ids, so merging is a plain copy). */
  firstId: number;
  /** Global index of this part's first game, for timestamps and seeds of the players' choices. */
  firstGame: number;
  count: number;
  members: Member[];
  guildId: string;
  channelId: string;
  since: number;
}

export interface PartResult {
  games: number;
  actions: number;
}

const DISCORD_EPOCH = 1_420_070_400_000n;
/** A snowflake of that moment (for the lobby messages and threads of old games, long gone). */
const snowflakeAt = (ms: number, n: number) => String(((BigInt(Math.floor(ms)) - DISCORD_EPOCH) << 22n) | BigInt(n & 0x3fffff));

/** The plain player: the forward move that gains most, else the back move losing least, else end; random one time in five. */
function choose(state: CartagenaState, legal: CartagenaAction[], rng: RngState): number {
  if (nextUint32(rng) % 5 === 0) return nextUint32(rng) % legal.length;
  let best = 0;
  let bestScore = -Infinity;
  legal.forEach((action, i) => {
    const score =
      action.type === 'forward'
        ? 100 + forwardTarget(state, action.from, action.card) - action.from
        : action.type === 'back'
          ? (backTarget(state, action.from) ?? 0) - action.from
          : -1000;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/** Plays `count` finished games into a database file of its own (run in a worker thread). */
async function buildPart(job: PartJob): Promise<PartResult> {
  const db = openDatabase(job.path);
  // Only while building: the bot opens the file with its own settings (synchronous = NORMAL).
  db.$client.pragma('synchronous = OFF');
  if (job.firstId > 1) db.$client.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('games', ?)`).run(job.firstId - 1);
  let clock = job.since;
  const store = new Storage(db, () => clock);
  const service = new GameService(store, games);
  const def = games.cartagena as AnyGameDefinition;
  const rng = seedRng(`memory-bench-${job.firstGame}`);
  const spacing = (Date.now() - job.since) / FINISHED;
  let actions = 0;
  const playOne = async (n: number) => {
    // Whole milliseconds, as Date.now() gives the bot (PostgreSQL keeps them as bigint).
    clock = job.since + Math.floor(n * spacing);
    // Three different members of the 3,000.
    const picked = new Set<number>();
    while (picked.size < PLAYERS) picked.add(nextUint32(rng) % job.members.length);
    const [host, ...others] = [...picked].map((i) => job.members[i] as Member);
    const variant = n % 2 === 0 ? 'jamaica' : 'tortuga';
    const lobby = await service.openLobby({
      guildId: job.guildId,
      channelId: job.channelId,
      hostId: host!.id,
      hostName: host!.name,
      gameId: 'cartagena',
      options: { version: variant },
      locale: 'en',
      timeLimitMs: null,
    });
    if (!lobby.ok) throw new Error(`openLobby: ${lobby.refusal}`);
    const id = lobby.value.id;
    await store.setLobbyMessage(id, snowflakeAt(clock, n));
    for (const member of others) {
      const joined = await service.join(id, member.id, member.name);
      if (!joined.ok) throw new Error(`join: ${joined.refusal}`);
    }
    clock += 60_000;
    const started = await service.start(id, host!.id);
    if (!started.ok) throw new Error(`start: ${started.refusal}`);
    await store.setThread(id, snowflakeAt(clock, n));
    // As GameService.commit does for each click, without re-reading the game each time.
    let state = started.value.state as CartagenaState;
    let version = started.value.row.version;
    while (!def.isOver(state)) {
      clock += 20_000;
      const seat = def.toAct(state)[0] as number;
      const legal = def.legalActions(state, seat) as CartagenaAction[];
      const action = legal[choose(state, legal, rng)];
      const next = applyLogged(def, state, seat, action) as CartagenaState;
      const result = def.isOver(next) ? def.result(next) : null;
      version = await store.commitAction(id, version, {
        seat,
        action,
        publicEvents: publicEvents(def, next),
        nextState: next,
        wait: NO_WAIT,
        ...(result ? { result } : {}),
      });
      state = next;
      actions++;
    }
    await store.posts.markPosted(id, version);
  };
  const BATCH = 100;
  for (let from = 0; from < job.count; from += BATCH) {
    await inOneWrite(db, async () => {
      for (let i = from; i < Math.min(job.count, from + BATCH); i++) await playOne(job.firstGame + i);
    });
  }
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return { games: job.count, actions };
}

/** Starts this file in a worker thread (with tsx's hooks, as the bot's board workers do). */
function startPartWorker(job: PartJob): Promise<PartResult> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: PartResult | { error: string }) => {
      if ('error' in result) reject(new Error(`building the stored games failed: ${result.error}`));
      else resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the build worker exited (code ${code}) without a result`)));
  });
}

/** Builds the database file with the finished games; returns how many actions they hold. */
export async function buildDatabase(path: string, members: Member[], guildId: string, channelId: string): Promise<PartResult> {
  const since = Date.now() - HISTORY_DAYS * 86_400_000;
  const per = Math.ceil(FINISHED / BUILD_PARTS);
  const jobs: PartJob[] = Array.from({ length: BUILD_PARTS }, (_, i) => ({
    memoryBenchPart: true,
    path: i === 0 ? path : `${path}.part${i}`,
    firstId: 1 + i * per,
    firstGame: i * per,
    count: Math.min(per, FINISHED - i * per),
    members,
    guildId,
    channelId,
    since,
  }));
  const results = await Promise.all(jobs.map(startPartWorker));
  // Copy the other parts into the first one, table by table (same migrations, same columns).
  const db = new Database(path);
  try {
    for (const job of jobs.slice(1)) {
      db.prepare('ATTACH DATABASE ? AS part').run(job.path);
      db.transaction(() => {
        for (const table of ['games', 'seats', 'actions']) db.exec(`INSERT INTO main.${table} SELECT * FROM part.${table}`);
      })();
      db.exec('DETACH DATABASE part');
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${job.path}${suffix}`, { force: true });
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { games: results.reduce((n, r) => n + r.games, 0), actions: results.reduce((n, r) => n + r.actions, 0) };
}

if (!isMainThread && (workerData as Partial<PartJob> | null)?.memoryBenchPart) {
  try {
    parentPort?.postMessage(await buildPart(workerData as PartJob));
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
