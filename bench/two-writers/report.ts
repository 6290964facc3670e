/**
 * What bench/two-writers.ts and its writers tell each other, and its tables: one per store with
 * every case, and the two stores side by side (`npm run bench`).
 */
import { BUSY_TIMEOUT_MS } from '../../src/db/busy.js';
import type { GameId } from '../../src/games/index.js';
import { formatTable } from '../table.js';
import { POOL_SIZE, type StoreKind, type StoreTarget } from './store.js';

export interface GameCase {
  id: GameId;
  seats: number;
  options: unknown;
}

/** What the parent asks a writer to do (see the worker); it answers 'prepared', then is told when to begin: `{ startAt }` (epoch ms). */
export interface WorkerTask {
  kind: 'own' | 'same' | 'whole';
  worker: number;
  /** Prefix of the guild ids of the games this task opens (the check finds them by it). */
  tag: string;
  /** How long to play, from the start the parent gives once every writer has opened its games. */
  durationMs: number;
  /** 'own': the first case only; 'whole': all in turn. */
  cases: GameCase[];
  /** 'same': guild id of the shared pool, and how many of its running games to click. */
  pool: string;
  window: number;
  /** 'own': clicks per second of this process, arriving at random; 0: as fast as possible. */
  rate: number;
  /** 'own': clicks in flight at once in this process (each on games of its own), as a bot's concurrent interactions. */
  loops: number;
  /**
   * 'own': each click is made on the panel the previous move's answer showed, as the bot answers a
   * move with the next panel drawn from the move's own outcome; the game is loaded only when no
   * answer is held (its first click, or after a refusal). Otherwise every click loads the game first.
   */
  answered: boolean;
}

export interface Quantiles {
  p50: number;
  p99: number;
  max: number;
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
  /** SQLite: outermost transactions begun, those that waited ≥ 0.5 ms for the write lock, and the waits. */
  transactions: number;
  lockWaits: number;
  lockWaitMs: number;
  maxLockWaitMs: number;
  /** SQLite: how long a transaction held the write lock, from BEGIN IMMEDIATE's return to COMMIT's. */
  meanLockHoldMs: number;
  maxLockHoldMs: number;
  /** A click's time: load, then act (with its waits), in ms. */
  click: Quantiles;
  /** The act alone: validation, the commit's transaction and its waits, in ms. */
  commit: Quantiles;
  /** Errors the store tries again (SQLITE_BUSY after busy_timeout; 55P03, 40001, 40P01), by code and write: the write was tried again. */
  busyErrors: Record<string, number>;
  /** The process's resident memory at the end of the task, MB. */
  rssMb: number;
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
  processes: number;
  /** Clicks per second in all, 0 when flat out. */
  rate: number;
  loops: number;
  /** Clicks on answered panels (see WorkerTask.answered). */
  answered: boolean;
  writers: WorkerResult[];
  check: Check;
  /** SQLite: size of the WAL file after the case, in bytes (whether checkpoints keep up); null on PostgreSQL. */
  walBytes: number | null;
  /** PostgreSQL: its server's processes' CPU over the case, in cores (1 = one core busy); null on SQLite. */
  serverCpuShare: number | null;
}

export interface TwoWritersReport {
  store: StoreKind;
  /** How the database was run (PostgreSQL's version and settings), for the heading. */
  server: string;
  processes: number;
  caseMs: number;
  cases: CaseReport[];
  date: string;
  cpu: string;
  cores: number;
  loadBefore: number;
  loadAfter: number;
}

export type { StoreKind, StoreTarget };

const int = (n: number) => Math.round(n).toLocaleString('en');
const perSecond = (n: number, w: WorkerResult) => n / (w.elapsedMs / 1000);
const sum = (ws: WorkerResult[], f: (w: WorkerResult) => number) => ws.reduce((a, w) => a + f(w), 0);
const total = (c: CaseReport) => sum(c.writers, (w) => perSecond(w.acts, w));
const worst = (ws: WorkerResult[], f: (w: WorkerResult) => number) => Math.max(...ws.map(f)).toFixed(1);

function checkCell(c: Check): string {
  const problems = [
    c.mismatched && `${c.mismatched} games replay differently`,
    c.lost && `${c.lost} lost`,
    c.duplicated && `${c.duplicated} duplicated`,
    c.unexplained && `${c.unexplained} unexplained`,
  ].filter(Boolean);
  return `${problems.length ? `FAILED: ${problems.join(', ')}` : 'ok'} (${int(c.games)} games, ${int(c.actions)} actions)`;
}

export const checkPassed = (c: Check) => !c.mismatched && !c.lost && !c.duplicated && !c.unexplained;

function waitsCell(sqlite: boolean, ws: WorkerResult[]): string {
  if (!sqlite) return 'n/a';
  return `${int(sum(ws, (w) => w.lockWaits))} of ${int(sum(ws, (w) => w.transactions))} (${int(sum(ws, (w) => w.lockWaitMs))}, ${worst(ws, (w) => w.maxLockWaitMs)})`;
}

function heldCell(sqlite: boolean, ws: WorkerResult[]): string {
  if (!sqlite) return 'n/a';
  return `${(
    sum(ws, (w) => w.meanLockHoldMs * w.transactions) /
    Math.max(
      1,
      sum(ws, (w) => w.transactions),
    )
  ).toFixed(2)}, ${worst(ws, (w) => w.maxLockHoldMs)}`;
}

function busyCell(ws: WorkerResult[]): string {
  const byWrite = new Map<string, number>();
  for (const w of ws) for (const [what, n] of Object.entries(w.busyErrors)) byWrite.set(what, (byWrite.get(what) ?? 0) + n);
  return byWrite.size ? [...byWrite].map(([what, n]) => `${n} (${what})`).join(', ') : '0';
}

/** Every case of one store's run. */
export function formatTwoWriters(r: TwoWritersReport): string {
  const sqlite = r.store === 'sqlite';
  const base = r.cases.find((c) => c.kind === 'own' && c.processes === 1 && c.rate === 0 && c.loops === 1 && !c.answered);
  const baseRate = base ? total(base) : 0;
  const clicks: string[][] = [
    [
      'Cartagena Jamaica, 4 players',
      'actions/s per process (CPU)',
      sqlite ? 'total (× one process, one click at a time)' : 'total (× one click at a time); server CPU',
      'click ms p50/p99/max',
      'commit ms p50/p99',
      "refused 'stale' (by the guard)",
      'lock waits ≥ 0.5 ms (ms in all, max)',
      'lock held ms (mean, max)',
      'retried errors',
      'check: replay = snapshot, log = version, none lost or twice',
    ],
  ];
  const wholes: string[][] = [
    [
      'whole games, the cases in turn',
      'games/s per process',
      'total games/s',
      'actions/s',
      'actions/game',
      'writes/s',
      'lock waits ≥ 0.5 ms (ms in all, max)',
      'lock held ms (mean, max)',
      'retried errors',
      'check',
    ],
  ];
  for (const c of r.cases) {
    const ws = c.writers;
    if (c.kind !== 'whole') {
      const stale = sum(ws, (w) => w.refusals.stale ?? 0);
      const other = ws.flatMap((w) =>
        Object.entries(w.refusals)
          .filter(([k]) => k !== 'stale')
          .map(([k, n]) => `${k} ${n}`),
      );
      clicks.push([
        c.label,
        ws.map((w) => `${int(perSecond(w.acts, w))} (${Math.round((100 * w.cpuMs) / w.elapsedMs)}%)`).join(' · '),
        `${int(total(c))} (${baseRate ? (total(c) / baseRate).toFixed(2) : '?'})${c.serverCpuShare === null ? '' : `; server ${Math.round(100 * c.serverCpuShare)}%`}`,
        `${worst(ws, (w) => w.click.p50)}/${worst(ws, (w) => w.click.p99)}/${worst(ws, (w) => w.click.max)}`,
        `${worst(ws, (w) => w.commit.p50)}/${worst(ws, (w) => w.commit.p99)}`,
        `${int(stale)} (${int(sum(ws, (w) => w.guardStale))})${other.length ? `; ${other.join(', ')}` : ''}`,
        waitsCell(sqlite, ws),
        heldCell(sqlite, ws),
        busyCell(ws),
        checkCell(c.check),
      ]);
    } else {
      const gamesDone = sum(ws, (w) => w.wholeGames);
      wholes.push([
        c.label,
        ws.map((w) => perSecond(w.wholeGames, w).toFixed(1)).join(' · '),
        sum(ws, (w) => perSecond(w.wholeGames, w)).toFixed(1),
        int(total(c)),
        gamesDone ? int(sum(ws, (w) => w.acts) / gamesDone) : '?',
        int(sum(ws, (w) => perSecond(w.writes, w))),
        waitsCell(sqlite, ws),
        heldCell(sqlite, ws),
        busyCell(ws),
        checkCell(c.check),
      ]);
    }
  }
  const how = sqlite
    ? `one SQLite file (WAL, synchronous NORMAL, busy_timeout ${BUSY_TIMEOUT_MS} ms)`
    : `one PostgreSQL database (${r.server}; a pool of ${POOL_SIZE} connections per process)`;
  const rss = r.cases.flatMap((c) => c.writers.map((w) => w.rssMb));
  return [
    `Up to ${r.processes} processes writing ${how} through GameService, ${r.caseMs / 1000} s per case, random legal moves, each a click (load, then act; on answered panels, act alone), paced (arriving at random) or flat out;`,
    `${r.date}, ${r.cores} cores (${r.cpu}), load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after:`,
    formatTable(clicks),
    '',
    formatTable(wholes),
    sqlite
      ? `WAL file after each case: ${r.cases.map((c) => ((c.walBytes ?? 0) / 2 ** 20).toFixed(1)).join(', ')} MiB.`
      : "WAL file, lock waits and lock held: SQLite only (n/a); PostgreSQL locks a game's row, and its retried errors are counted by code.",
    `A writer process's resident memory at the end of a case: ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB (through tsx).`,
  ].join('\n');
}

/** The stores side by side: committed actions/s flat out by processes, and the paced click. */
export function formatStoresSideBySide(reports: TwoWritersReport[]): string {
  const counts = [...new Set(reports.flatMap((r) => r.cases.filter((c) => c.kind === 'own' && c.rate === 0 && c.loops > 1).map((c) => c.processes)))].sort(
    (a, b) => a - b,
  );
  const loops = reports[0]?.cases.find((c) => c.kind === 'own' && c.loops > 1)?.loops ?? 0;
  const paced = reports[0]?.cases.find((c) => c.rate > 0 && c.processes > 1);
  const rows: string[][] = [
    [
      'store',
      'one process, one click at a time',
      ...counts.map((n) => `${n} process${n > 1 ? 'es' : ''}, flat out`),
      ...counts.map((n) => `${n}, answered panels`),
      paced ? `click p50/p99 ms at ${int(paced.rate)}/s over ${paced.processes}` : 'paced click',
      paced ? `commit p50/p99 ms at ${int(paced.rate)}/s` : 'paced commit',
      'retried errors (all cases)',
      'check (all cases)',
    ],
  ];
  for (const r of reports) {
    const flat = (n: number, l: (x: number) => boolean, answered = false) =>
      r.cases.find((c) => c.kind === 'own' && c.rate === 0 && c.processes === n && l(c.loops) && c.answered === answered);
    const p = r.cases.find((c) => c.rate > 0 && c.processes > 1);
    const cell = (c: CaseReport | undefined) => (c ? int(total(c)) : '-');
    const retried = sum(
      r.cases.flatMap((c) => c.writers),
      (w) => Object.values(w.busyErrors).reduce((a, b) => a + b, 0),
    );
    rows.push([
      r.store === 'sqlite' ? 'SQLite (one file)' : 'PostgreSQL',
      cell(flat(1, (l) => l === 1)),
      ...counts.map((n) => cell(flat(n, (l) => l > 1))),
      ...counts.map((n) => cell(flat(n, (l) => l > 1, true))),
      p ? `${worst(p.writers, (w) => w.click.p50)}/${worst(p.writers, (w) => w.click.p99)}` : '-',
      p ? `${worst(p.writers, (w) => w.commit.p50)}/${worst(p.writers, (w) => w.commit.p99)}` : '-',
      int(retried),
      r.cases.every((c) => checkPassed(c.check)) ? 'ok' : 'FAILED (see above)',
    ]);
  }
  const load = reports.map((r) => `${r.store} ${r.loadBefore.toFixed(1)}→${r.loadAfter.toFixed(1)}`).join(', ');
  return [
    `Committed actions/s of Cartagena Jamaica clicks (load + act; answered panels: act on the panel the last move's answer showed, as the bot answers), both stores on this machine (${reports[0]?.cores} cores, load average ${load}); flat out: ${loops} clicks in flight per process, each on games of its own; p99 is the worst process's:`,
    formatTable(rows),
  ].join('\n');
}
