/**
 * Committed actions per second with two processes writing the same SQLite file, as two shards of
 * the bot would: each process (bench/two-writers-worker.ts, `node --import tsx`, the deployed
 * memory settings) opens the file as the bot does (WAL, synchronous NORMAL, busy_timeout) and
 * plays random legal moves through the real GameService and GameStore. Every action is a click:
 * the game is loaded (its panel), a legal action of a seat to act is chosen, `act` commits it in
 * one BEGIN IMMEDIATE transaction guarded by the game's version.
 *
 * Cases, each `CASE_MS` long, both processes starting at the same instant:
 * - own games: ten Cartagena Jamaica games of 4 players per process, a finished one replaced by a
 *   new one; first one process alone (the baseline), then two at once;
 * - the same games: both processes click the first `WINDOW` running games of one pool, so one
 *   often acts on a version the other has just moved past: refused 'stale', by `act`'s own check
 *   or, when the other commits between the load and the write, by the guarded UPDATE;
 * - whole games: lobby, joins, start, moves to the end and the announcer's record of each post,
 *   the nine cases of `npm run bench`'s table in turn: games per second the file sustains.
 *
 * Then every game is checked: its log replayed from the seed equals its stored snapshot (and
 * result), its actions are numbered 1..version, and the actions the processes were told were
 * committed are exactly those in the logs (none lost, none twice, none unexplained).
 *
 * `npm run bench` runs this; `npx tsx bench/two-writers.ts` runs it alone (~30 s). Nothing is
 * asserted. The database is removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type Database from 'better-sqlite3';
import { once } from 'node:events';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/db/connection.js';
import { BUSY_TIMEOUT_MS } from '../src/db/busy.js';
import { GameStore } from '../src/db/store.js';
import { gameCases, games, type GameId } from '../src/games/index.js';
import { GameService } from '../src/service/game-service.js';
import { RUNTIME_ENV } from '../src/runtime-env.js';
import { formatTable } from './table.js';
import { storeForTests } from '../src/service/test-access.js';

const CASE_MS = 4000;
/** Clicks per second of the paced cases, in all: ten times the latency benchmark's 100. */
const PACED_RATE = 1000;
/** Running games of the shared pool both processes click at once. */
const WINDOW = 4;
const POOL = 60;
const projectRoot = resolve(import.meta.dirname, '..');
const int = (n: number) => Math.round(n).toLocaleString('en');

export interface GameCase {
  id: GameId;
  seats: number;
  options: unknown;
}

/** What the parent asks a writer to do (see the worker). */
export interface WorkerTask {
  kind: 'own' | 'same' | 'whole';
  worker: number;
  /** Prefix of the guild ids of the games this task opens (the check finds them by it). */
  tag: string;
  /** Epoch ms at which to begin, the same for both writers, and for how long. */
  startAt: number;
  durationMs: number;
  /** 'own': the first case only; 'whole': all in turn. */
  cases: GameCase[];
  /** 'same': guild id of the shared pool, and how many of its running games to click. */
  pool: string;
  window: number;
  /** 'own': clicks per second, evenly spaced; 0: as fast as possible. */
  rate: number;
}

export interface WorkerResult {
  worker: number;
  elapsedMs: number;
  cpuMs: number;
  acts: number;
  /** Writes asked of the store (each action's commit, lobby, joins, start, posts recorded). */
  writes: number;
  wholeGames: number;
  refusals: Record<string, number>;
  /** Of the 'stale' refusals, those made by the guarded UPDATE itself (StaleVersion in commitAction). */
  guardStale: number;
  /** Outermost transactions begun, those that waited ≥ 0.5 ms for the write lock, and the waits. */
  transactions: number;
  lockWaits: number;
  lockWaitMs: number;
  maxLockWaitMs: number;
  /** How long a transaction held the write lock, from BEGIN IMMEDIATE's return to COMMIT's. */
  meanLockHoldMs: number;
  maxLockHoldMs: number;
  /** A click's time: load, then act (with its waits), in ms. */
  click: { p50: number; p99: number; max: number };
  /** SQLITE_BUSY thrown after busy_timeout, by the write that met it: the write was tried again. */
  busyErrors: Record<string, number>;
  /** Committed actions as flat triples: game id, seq, seat. */
  committed: number[];
}

export interface Check {
  games: number;
  actions: number;
  /** Replay ≠ snapshot (or result), or log seqs not 1..version. */
  mismatched: number;
  /** Reported committed but not in the log / reported twice / in the log but reported by nobody. */
  lost: number;
  duplicated: number;
  unexplained: number;
}

export interface CaseReport {
  label: string;
  kind: WorkerTask['kind'];
  writers: WorkerResult[];
  check: Check;
  /** Size of the WAL file after the case, in bytes: whether checkpoints keep up with two writers. */
  walBytes: number;
}

export interface TwoWritersReport {
  cases: CaseReport[];
  date: string;
  cpu: string;
  cores: number;
  loadBefore: number;
  loadAfter: number;
}

const COMMIT_CASE: GameCase = { id: 'cartagena', seats: 4, options: { version: 'jamaica' } };
/** The cases of `npm run bench`'s table: the registry's cases tagged for the benches. */
const WHOLE_CASES: GameCase[] = gameCases('bench').map(({ id, seats, options }) => ({ id, seats, options }));

/** One writer process, driven over its IPC channel: one task at a time. */
class Writer {
  private readonly child: ChildProcess;
  private readonly killOnExit = () => this.child.kill('SIGKILL');
  private readonly exited: Promise<never>;

  constructor(dbPath: string) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'bench/two-writers-worker.ts'], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...RUNTIME_ENV, TWO_WRITERS_DB: dbPath },
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

  run(task: WorkerTask): Promise<WorkerResult> {
    const answer = this.next<WorkerResult>();
    this.child.send(task);
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

/** Replays every game of the task's guilds and matches its log against what the writers reported. */
async function check(service: GameService, sqlite: Database.Database, tags: string[], writers: WorkerResult[]): Promise<Check> {
  const reported = new Map<string, number>();
  let duplicated = 0;
  for (const w of writers) {
    for (let i = 0; i < w.committed.length; i += 3) {
      const key = `${w.committed[i]}:${w.committed[i + 1]}`;
      if (reported.has(key)) duplicated++;
      reported.set(key, w.committed[i + 2] as number);
    }
  }
  const ids = sqlite
    .prepare<string[], { id: number }>(`SELECT id FROM games WHERE ${tags.map(() => 'guild_id LIKE ?').join(' OR ')} ORDER BY id`)
    .all(...tags.map((t) => `${t}%`))
    .map((r) => r.id);
  const result: Check = { games: 0, actions: 0, mismatched: 0, lost: 0, duplicated, unexplained: 0 };
  const seen = new Set<string>();
  for (const id of ids) {
    const game = await service.load(id);
    if (!game || game.row.status === 'lobby') continue;
    result.games++;
    const log = await storeForTests(service).actionsOf(id);
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
    if (JSON.stringify(replayed) !== JSON.stringify(game.state)) bad = true;
    if (game.row.status === 'finished' && JSON.stringify(game.def.result(replayed)) !== JSON.stringify(game.row.result)) bad = true;
    if (bad) result.mismatched++;
  }
  for (const key of reported.keys()) if (!seen.has(key)) result.lost++;
  return result;
}

export async function measureTwoWriters(caseMs = CASE_MS): Promise<TwoWritersReport> {
  const dir = resolve(projectRoot, `bench/.out/two-writers-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const dbPath = resolve(dir, 'games.sqlite');
  const loadBefore = loadavg()[0] ?? 0;
  const db = openDatabase(dbPath); // migrated here, before the writers open it
  const service = new GameService(new GameStore(db), games);
  const writers = [new Writer(dbPath), new Writer(dbPath)];
  try {
    await Promise.all(writers.map((w) => w.ready()));
    const cases: CaseReport[] = [];
    const runCase = async (label: string, kind: WorkerTask['kind'], count: 1 | 2, { pool = '', rate = 0 } = {}): Promise<void> => {
      const tag = `${kind}${count}${rate ? 'p' : ''}-`;
      const startAt = Date.now() + 300;
      const task = (worker: number): WorkerTask => ({ kind, worker, tag, startAt, durationMs: caseMs, cases: kind === 'whole' ? WHOLE_CASES : [COMMIT_CASE], pool, window: WINDOW, rate: rate / count });
      const results = await Promise.all(writers.slice(0, count).map((w, i) => w.run(task(i))));
      const walBytes = statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      cases.push({ label, kind, writers: results, check: await check(service, db.$client, pool ? [tag, pool] : [tag], results), walBytes });
    };
    await runCase(`own games, one process, ${int(PACED_RATE)}/s`, 'own', 1, { rate: PACED_RATE });
    await runCase(`own games, two processes, ${int(PACED_RATE / 2)}/s each`, 'own', 2, { rate: PACED_RATE });
    await runCase('own games, one process, flat out', 'own', 1);
    await runCase('own games, two processes, flat out', 'own', 2);
    // The shared pool: opened here, clicked by both writers.
    const pool = 'same2-pool';
    for (let i = 0; i < POOL; i++) {
      const lobby = await service.openLobby({ guildId: pool, channelId: 'c', hostId: 'u0', hostName: 'u0', gameId: COMMIT_CASE.id, options: COMMIT_CASE.options, locale: 'en', timeLimitMs: null });
      if (!lobby.ok) throw new Error(lobby.refusal);
      for (let s = 1; s < COMMIT_CASE.seats; s++) await service.join(lobby.value.id, `u${s}`, `u${s}`);
      await service.start(lobby.value.id, 'u0');
    }
    await runCase(`the same ${WINDOW} games, two processes, flat out`, 'same', 2, { pool });
    await runCase('whole games, one process', 'whole', 1);
    await runCase('whole games, two processes', 'whole', 2);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    return { cases, date: new Date().toISOString().slice(0, 10), cpu, cores: availableParallelism(), loadBefore, loadAfter: loadavg()[0] ?? 0 };
  } finally {
    await Promise.allSettled(writers.map((w) => w.stop()));
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const perSecond = (n: number, w: WorkerResult) => n / (w.elapsedMs / 1000);
const sum = (ws: WorkerResult[], f: (w: WorkerResult) => number) => ws.reduce((a, w) => a + f(w), 0);

function checkCell(c: Check): string {
  const problems = [
    c.mismatched && `${c.mismatched} games replay differently`,
    c.lost && `${c.lost} lost`,
    c.duplicated && `${c.duplicated} duplicated`,
    c.unexplained && `${c.unexplained} unexplained`,
  ].filter(Boolean);
  return `${problems.length ? `FAILED: ${problems.join(', ')}` : 'ok'} (${int(c.games)} games, ${int(c.actions)} actions)`;
}

function waitsCell(ws: WorkerResult[]): string {
  const waits = sum(ws, (w) => w.lockWaits);
  const of = sum(ws, (w) => w.transactions);
  return `${int(waits)} of ${int(of)} (${int(sum(ws, (w) => w.lockWaitMs))}, ${Math.max(...ws.map((w) => w.maxLockWaitMs)).toFixed(1)})`;
}

export function formatTwoWriters(r: TwoWritersReport): string {
  const base = r.cases.find((c) => c.kind === 'own' && c.writers.length === 1 && c.label.endsWith('flat out'));
  const baseRate = base ? perSecond(base.writers[0]?.acts ?? 0, base.writers[0] as WorkerResult) : 0;
  const clicks: string[][] = [
    ['Cartagena Jamaica, 4 players', 'actions/s per process (CPU)', 'total (× flat out alone)', 'click ms p50/p99/max', "refused 'stale' (by the guard)", 'lock waits ≥ 0.5 ms (ms in all, max)', 'lock held ms (mean, max)', 'busy errors', 'check: replay = snapshot, log = version, none lost or twice'],
  ];
  const wholes: string[][] = [[`whole games, the ${WHOLE_CASES.length} cases in turn`, 'games/s per process', 'total games/s', 'actions/s', 'actions/game', 'writes/s', 'lock waits ≥ 0.5 ms (ms in all, max)', 'lock held ms (mean, max)', 'busy errors', 'check']];
  for (const c of r.cases) {
    const ws = c.writers;
    const total = sum(ws, (w) => perSecond(w.acts, w));
    const busyByWrite = new Map<string, number>();
    for (const w of ws) for (const [what, n] of Object.entries(w.busyErrors)) busyByWrite.set(what, (busyByWrite.get(what) ?? 0) + n);
    const busy = busyByWrite.size ? [...busyByWrite].map(([what, n]) => `${n} (${what})`).join(', ') : '0';
    const held = `${(sum(ws, (w) => w.meanLockHoldMs * w.transactions) / Math.max(1, sum(ws, (w) => w.transactions))).toFixed(2)}, ${Math.max(...ws.map((w) => w.maxLockHoldMs)).toFixed(1)}`;
    const worst = (f: (w: WorkerResult) => number) => Math.max(...ws.map(f)).toFixed(1);
    if (c.kind !== 'whole') {
      const stale = sum(ws, (w) => w.refusals.stale ?? 0);
      const other = ws.flatMap((w) => Object.entries(w.refusals).filter(([k]) => k !== 'stale').map(([k, n]) => `${k} ${n}`));
      clicks.push([
        c.label,
        ws.map((w) => `${int(perSecond(w.acts, w))} (${Math.round((100 * w.cpuMs) / w.elapsedMs)}%)`).join(' · '),
        `${int(total)} (${baseRate ? (total / baseRate).toFixed(2) : '?'})`,
        `${worst((w) => w.click.p50)}/${worst((w) => w.click.p99)}/${worst((w) => w.click.max)}`,
        `${int(stale)} (${int(sum(ws, (w) => w.guardStale))})${other.length ? `; ${other.join(', ')}` : ''}`,
        waitsCell(ws),
        held,
        busy,
        checkCell(c.check),
      ]);
    } else {
      const gamesDone = sum(ws, (w) => w.wholeGames);
      wholes.push([
        c.label,
        ws.map((w) => perSecond(w.wholeGames, w).toFixed(1)).join(' · '),
        sum(ws, (w) => perSecond(w.wholeGames, w)).toFixed(1),
        int(total),
        gamesDone ? int(sum(ws, (w) => w.acts) / gamesDone) : '?',
        int(sum(ws, (w) => perSecond(w.writes, w))),
        waitsCell(ws),
        held,
        busy,
        checkCell(c.check),
      ]);
    }
  }
  return [
    `Two processes writing one SQLite file (WAL, busy_timeout ${BUSY_TIMEOUT_MS} ms) through GameService, ${CASE_MS / 1000} s per case, random legal moves, each a click (load, then act), paced or flat out;`,
    `${r.date}, ${r.cores} cores (${r.cpu}), load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after:`,
    formatTable(clicks),
    '',
    formatTable(wholes),
    `WAL file after each case: ${r.cases.map((c) => (c.walBytes / 2 ** 20).toFixed(1)).join(', ')} MiB.`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(formatTwoWriters(await measureTwoWriters()));
