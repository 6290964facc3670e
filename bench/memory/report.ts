/** What bench/memory.ts found, and its table and notes as `npm run bench` prints them. */
import type { Reading } from './bot-readings.js';
import type { PartResult } from './stored-games.js';
import { ACTIVE, BUILD_PARTS, CONCURRENCY, FINISHED, IDLE_MS, MARGIN_MB, STORED, TARGET_MB } from './targets.js';

export interface MemoryReport {
  /** Where the bot kept its games. */
  store: 'sqlite' | 'postgres';
  /** PostgreSQL's server processes, resident at the end (null on SQLite): beside the bot, not in it. */
  serverKiB: number | null;
  /** The same bot started on an empty database, for comparison. */
  emptyStart: Reading;
  afterStart: Reading;
  afterOpen: Reading;
  end: Reading;
  /** IDLE_MS after the end, nothing happening. */
  idle: Reading;
  /** Processes the bot started (tsx's esbuild service...), resident at the end. */
  childProcesses: { count: number; rssKiB: number; names: string[] };
  /** Read from the database at the end. */
  stored: { byStatus: Record<string, number>; actions: number; avgActionsFinished: number; fileBytes: number; walBytes: number; builtBytes: number };
  built: PartResult;
  ms: { empty: number; build: number; start: number; open: number; touch: number; total: number };
  opened: number;
  touched: number;
  clicks: number;
  boardPosts: number;
  failures: string[];
  /** Why the run stopped before every game was opened and touched, if it did. */
  stoppedEarly: string | null;
  problems: string[];
  botErrors: string[];
  /** The bot's warnings, by message, with how often each came. */
  botWarnings: string[];
}

/** 1 MB = 10^6 bytes, the stricter reading of the target (300 MB = 286 MiB). */
const mb = (kib: number) => (kib * 1024) / 1e6;
export const fmtMb = (kib: number) => mb(kib).toFixed(0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en');

export function formatMemory(r: MemoryReport): string {
  const total = Object.values(r.stored.byStatus).reduce((a, b) => a + b, 0);
  const running = r.stored.byStatus.running ?? 0;
  const finished = r.stored.byStatus.finished ?? 0;
  const rows = [
    [
      `bot resident memory on ${r.store === 'postgres' ? 'PostgreSQL' : 'SQLite'} (target ≤ ${TARGET_MB} MB with ${count(STORED)} stored / ${count(ACTIVE)} active games)`,
      'MB',
    ],
    ['bot started on an empty database (for comparison)', fmtMb(r.emptyStart.rssKiB)],
    [`after start-up on ${count(r.built.games)} finished games`, fmtMb(r.afterStart.rssKiB)],
    [`after opening ${count(r.opened)} games through Discord`, fmtMb(r.afterOpen.rssKiB)],
    [`at the end, ${count(r.touched)} games touched (panel, move, end turn, board post)`, fmtMb(r.end.rssKiB)],
    [`${IDLE_MS / 1000} s later, nothing happening`, fmtMb(r.idle.rssKiB)],
    ['peak over the whole run (VmHWM)', fmtMb(r.idle.peakKiB)],
  ];
  const widths = [Math.max(...rows.map((row) => row[0]!.length)), Math.max(...rows.map((row) => row[1]!.length))];
  const lines = rows.map((row) => `${row[0]!.padEnd(widths[0]!)} | ${row[1]!.padStart(widths[1]!)}`);
  lines.splice(1, 0, `${'-'.repeat(widths[0]!)}-|-${'-'.repeat(widths[1]!)}`);
  const peak = mb(r.idle.peakKiB);
  const statuses = Object.entries(r.stored.byStatus)
    .map(([status, n]) => `${status} ${count(n)}`)
    .join(', ');
  const notes = [
    `Peak ${peak.toFixed(0)} MB against the target ≤ ${TARGET_MB} MB, ≤ ${MARGIN_MB} with margin: ${peak <= MARGIN_MB ? 'within, with margin' : peak <= TARGET_MB ? 'within, without the margin' : 'OVER'} (1 MB = 10^6 bytes; ${(r.idle.peakKiB / 1024).toFixed(0)} MiB).`,
    `Stored at the end (read from the database): ${count(total)} games (${statuses}); ${count(r.stored.actions)} logged actions, ` +
      `${r.stored.avgActionsFinished.toFixed(0)} per finished game; ` +
      (r.store === 'postgres'
        ? `database ${(r.stored.fileBytes / 1e6).toFixed(0)} MB (pg_database_size; the SQLite file it was copied from ${(r.stored.builtBytes / 1e6).toFixed(0)} MB as built).`
        : `file ${(r.stored.fileBytes / 1e6).toFixed(0)} MB + WAL ${(r.stored.walBytes / 1e6).toFixed(1)} MB (${(r.stored.builtBytes / 1e6).toFixed(0)} MB as built).`),
    `Through Discord: ${count(r.opened)} games opened, ${count(r.touched)} touched, ${count(r.clicks)} interactions, ${count(r.boardPosts)} board posts in their threads.`,
    `Time: the bot on an empty database ${seconds(r.ms.empty)}, building ${count(r.built.games)} finished games ${r.store === 'postgres' ? 'and copying them into PostgreSQL ' : ''}${seconds(r.ms.build)} (${BUILD_PARTS} worker threads), bot start-up ${seconds(r.ms.start)}, ` +
      `opening ${seconds(r.ms.open)}, touching ${seconds(r.ms.touch)} (${CONCURRENCY} games at a time: ${(r.touched / (r.ms.touch / 1000)).toFixed(0)} turns ended and posted per second); total ${seconds(r.ms.total)}.`,
  ];
  if (r.childProcesses.count > 0) {
    notes.push(
      `Not counted above: ${r.childProcesses.count} process(es) the bot started (${r.childProcesses.names.join(', ')}), ${fmtMb(r.childProcesses.rssKiB)} MB resident at the end.`,
    );
  }
  if (r.serverKiB !== null)
    notes.push(
      `Not counted above: PostgreSQL's server on the same machine, ${fmtMb(r.serverKiB)} MB resident at the end over its processes (shared buffers counted in each that touched them).`,
    );
  if (r.stoppedEarly) notes.push(`Stopped early: ${r.stoppedEarly}.`);
  if (running !== ACTIVE || finished !== FINISHED)
    notes.push(`The run fell short of the target's ${count(FINISHED)} finished + ${count(ACTIVE)} active games: see the counts above.`);
  const issues = [...r.failures.map((f) => `driver: ${f}`), ...r.problems.map((p) => `discord: ${p}`), ...r.botErrors.map((e) => `bot logged: ${e}`)];
  if (issues.length > 0) notes.push(`Problems (${issues.length}): ${issues.slice(0, 5).join(' | ')}${issues.length > 5 ? ' …' : ''}`);
  if (r.botWarnings.length > 0) notes.push(`The bot's warnings: ${r.botWarnings.join('; ')}.`);
  return `${lines.join('\n')}\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

/** The bot's warnings by message, the most frequent first: "3× posting failed; trying again later". */
export function warningsOf(logs: Record<string, unknown>[]): string[] {
  const counts = new Map<string, number>();
  for (const line of logs) if (line.level === 40) counts.set(String(line.msg), (counts.get(String(line.msg)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([msg, n]) => `${n}× ${msg}`);
}
